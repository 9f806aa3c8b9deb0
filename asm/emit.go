package asm

import (
	"fmt"
	"sort"
)

// pass2 links the sections, evaluates every expression with the final addresses, encodes the
// instructions and builds the image.
func (a *assembler) pass2(im *Image) {
	textEnd, dataSize := a.link()
	total := textEnd + dataSize
	if total > int64(a.dev.Flash) {
		// Each section fits (place checks), but together, with the alignment between them, they do
		// not. The partial image stops at the end of the flash: many sections could add up to
		// gigabytes.
		a.tooBig(total)
		total = int64(a.dev.Flash)
	}
	flash := make([]byte, total)
	emitted := make([]bool, total)
	if used := a.bssEnd - (dataOffset + int64(a.dev.SRAMStart)); used > int64(a.dev.SRAMSize) {
		a.errAt(a.lastStmt, 0, 0, fmt.Sprintf(".data and .bss need %d bytes, more than the %d bytes of SRAM of %s",
			used, a.dev.SRAMSize, a.dev.Name))
	}
	for _, s := range a.sections {
		if s.kind == kBSS {
			continue
		}
		load := s.base
		if s.kind == kData {
			load = s.flash
		}
		for k := range s.items {
			it := &s.items[k]
			at := load + it.off
			if at+it.size > total {
				continue // reported by tooBig
			}
			out := flash[at : at+it.size]
			ok := true
			switch it.kind {
			case itInst:
				var w []uint16
				if w, ok = a.encode(it, s.base+it.off); ok {
					for j, v := range w {
						out[2*j], out[2*j+1] = byte(v), byte(v>>8)
					}
				}
			case itData:
				ok = a.values(it, out)
			case itFill:
				if len(it.pat) > 0 {
					for j := range out {
						out[j] = it.pat[j%len(it.pat)]
					}
				}
			}
			if !it.emitted {
				continue
			}
			for j := range out {
				emitted[at+int64(j)] = true
			}
			if !ok || it.st == nil {
				continue
			}
			pos := it.st.pos(it.at)
			im.Lines = append(im.Lines, LineInfo{Addr: uint32(at), Size: int(it.size), Pos: pos})
			im.Listing = append(im.Listing, ListRow{Addr: uint32(at), Bytes: append([]byte(nil), out...), Pos: pos,
				Text: it.st.text})
		}
	}
	sort.SliceStable(im.Lines, func(i, j int) bool { return im.Lines[i].Addr < im.Lines[j].Addr })
	sort.SliceStable(im.Listing, func(i, j int) bool { return im.Listing[i].Addr < im.Listing[j].Addr })
	im.Flash, im.Emitted = flash, emitted
	if textEnd <= total {
		im.Data = append([]byte(nil), flash[textEnd:]...)
	}
	im.DataAddr = uint16(a.dataStart - dataOffset)
	im.DataFlash = uint32(textEnd)
	im.BSSAddr = uint16(a.bssStart - dataOffset)
	im.BSSSize = int(a.bssEnd - a.bssStart)
	im.Symbols = a.symbols()
}

// tooBig reports a program larger than the flash at the first statement that does not fit.
func (a *assembler) tooBig(total int64) {
	limit := int64(a.dev.Flash)
	var worst *item
	var worstAt int64
	for _, s := range a.sections {
		if s.kind == kBSS {
			continue
		}
		load := s.base
		if s.kind == kData {
			load = s.flash
		}
		for k := range s.items {
			it := &s.items[k]
			if at := load + it.off; at+it.size > limit && (worst == nil || at < worstAt) && it.st != nil {
				worst, worstAt = it, at
			}
		}
	}
	msg := fmt.Sprintf("program needs %d bytes of flash, more than the %d of %s", total, limit, a.dev.Name)
	if worst == nil {
		a.errAt(a.lastStmt, 0, 0, msg)
		return
	}
	a.errAt(worst.st, worst.at, worst.at, msg)
}

// values evaluates the expressions of a data directive into out.
func (a *assembler) values(it *item, out []byte) bool {
	w := it.width
	for k, x := range it.exprs {
		v, err := a.eval(x, true)
		if err != nil {
			a.report(err)
			return false
		}
		n := v.v
		switch w {
		case 1:
			if n < -128 || n > 255 {
				a.errAt(it.st, x.off, x.end, fmt.Sprintf("value %d does not fit in .byte (-128..255)", n))
				return false
			}
		case 2:
			if n >= dataOffset && n <= dataOffset+0xFFFF {
				n -= dataOffset // a data-space address, as the linker's R_AVR_16 truncates it
			}
			if n < -32768 || n > 65535 {
				a.errAt(it.st, x.off, x.end, fmt.Sprintf("value %d does not fit in 16 bits (-32768..65535)", n))
				return false
			}
		case 4:
			if n < -1<<31 || n > 1<<32-1 {
				a.errAt(it.st, x.off, x.end, fmt.Sprintf("value %d does not fit in 32 bits", n))
				return false
			}
		}
		for j := 0; j < w; j++ {
			out[k*w+j] = byte(uint64(n) >> (8 * j))
		}
	}
	return true
}
