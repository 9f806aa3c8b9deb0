package wasmdata

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
)

// Go's function table (runtime/symtab.go, runtime2.go: pcHeader, moduledata, _func), as Go 1.20 to 1.26
// lay it out for GOARCH=wasm (8-byte pointers). The runtime reads a function's file and line tables
// only to print a traceback or answer runtime.Caller and Frames (pcvalue: an offset of 0 is "no table",
// file "?" and line 0); its stack maps and frame sizes are other tables, which StripLines keeps.
const (
	pclnMagic = 0xFFFFFFF1 // pcHeader.magic since Go 1.20

	// Word indexes in moduledata (8-byte words).
	mdFuncnames  = 1  // funcnametab []byte: pointer, length, capacity
	mdCutab      = 4  // cutab []uint32
	mdFiletab    = 7  // filetab []byte
	mdPctab      = 10 // pctab []byte
	mdPclntable  = 13 // pclntable []byte
	mdFtab       = 16 // ftab []functab
	mdGofunc     = 40 // gofunc uintptr: the funcdata offsets' base
	mdWords      = 41 // what StripLines and StripTraceback read of it
	pcHeaderSize = 72 // magic, pads, minLC, ptrSize, nfunc, nfiles, textStart and five offsets

	// Byte offsets in a _func.
	funcPcsp      = 16
	funcPcfile    = 20
	funcPcln      = 24
	funcNpcdata   = 28
	funcPcdata    = 44 // the pcdata offsets follow the fixed part
	maxPcdata     = 64 // more than Go has ever defined (4 in 1.26): a larger count is not a _func
	functabStride = 8  // functab: entryoff, funcoff uint32
)

// StripLines returns module, a Go program built for GOOS=js GOARCH=wasm, with its functions' file and
// line tables left out: every function's pcfile and pcln offsets set to 0 and the bytes of those
// tables zeroed (but where another function's frame size or stack map table shares them), so that the
// zeros cost gzip almost nothing. They are a third of a Go module's data and two thirds of its pc
// tables (and the file names, which only they lead to); the program runs the same, but a traceback or runtime.Caller says "?" and line 0 for every
// frame (the function names stay). It also returns how many functions it rewrote and how many bytes
// it zeroed. It fails, and never panics, on a module it cannot read or whose initial memory holds no
// Go function table it knows (another Go version's layout): the caller then serves the module as it
// is or fails.
func StripLines(module []byte) (out []byte, funcs, zeroed int, err error) {
	return rewriteFuncTable(module, (*funcTable).strip)
}

// rewriteFuncTable returns module with its initial memory changed by edit, which is given Go's
// function table found in it and returns how many functions it rewrote and how many bytes it zeroed.
func rewriteFuncTable(module []byte, edit func(*funcTable) (funcs, zeroed int, err error)) (out []byte, funcs, zeroed int, err error) {
	secs, err := sections(module)
	if err != nil {
		return nil, 0, 0, err
	}
	segs, err := dataOf(secs)
	if err != nil {
		return nil, 0, 0, err
	}
	img, err := Image(module)
	if err != nil {
		return nil, 0, 0, err
	}
	t, err := findFuncTable(img)
	if err != nil {
		return nil, 0, 0, err
	}
	if funcs, zeroed, err = edit(t); err != nil {
		return nil, 0, 0, err
	}
	// The changed bytes lie in the segments (a byte between two of them was and stays zero): each
	// segment takes its bytes back from the image.
	fresh := make([]Segment, len(segs))
	for i, s := range segs {
		fresh[i] = Segment{Offset: s.Offset, Data: img[s.Offset : int(s.Offset)+len(s.Data)]}
	}
	var b bytes.Buffer
	b.Write(module[:8])
	for _, s := range secs {
		if s.id == dataSection {
			writeSection(&b, dataSection, encode(fresh))
		} else {
			b.Write(module[s.start:s.end])
		}
	}
	return b.Bytes(), funcs, zeroed, nil
}

// funcTable is Go's function table in a module's initial memory img.
type funcTable struct {
	pctab, pclntable []byte // views of the image
	// cutab and filetab name each function's files, which the runtime reads only through a file
	// table (funcline1 after pcvalue): with none left, nothing reads them.
	cutab, filetab []byte
	ftab           []byte // nfunc+1 functab entries
	nfunc          int
	// funcnametab holds the functions' names; gofunc is the part of the image from
	// moduledata.gofunc on, where the funcdata offsets point (StripTraceback's).
	funcnametab, gofunc []byte
	// img is the whole image and md the moduledata in it, to its end or the image's (DropTypelinks').
	img, md []byte
}

// findFuncTable finds the runtime's moduledata in img: an 8-byte aligned word pointing at a pcHeader
// (its magic, 8-byte pointers) followed by the funcnametab the header's offset names; the tables it
// points to must lie in img.
func findFuncTable(img []byte) (*funcTable, error) {
	n := uint64(len(img))
	word := func(a uint64) uint64 { return binary.LittleEndian.Uint64(img[a:]) }
	for a := uint64(0); a+8*mdWords <= n; a += 8 {
		h := word(a)
		if h%8 != 0 || h > n-pcHeaderSize || binary.LittleEndian.Uint32(img[h:]) != pclnMagic || img[h+7] != 8 {
			continue
		}
		if word(a+8*mdFuncnames) != h+word(h+32) { // pcHeader.funcnameOffset
			continue
		}
		slice := func(i int, size uint64) ([]byte, error) {
			p, l := word(a+8*uint64(i)), word(a+8*uint64(i)+8)*size
			if p > n || l > n-p {
				return nil, fmt.Errorf("wasmdata: Go's function table: moduledata word %d points outside the memory", i)
			}
			return img[p : p+l], nil
		}
		t := &funcTable{nfunc: int(word(h + 8)), img: img, md: img[a:min(n, a+8*mdWordsAll)]}
		var err error
		for _, s := range []struct {
			to   *[]byte
			word int
			size uint64
		}{{&t.pctab, mdPctab, 1}, {&t.pclntable, mdPclntable, 1}, {&t.cutab, mdCutab, 4}, {&t.filetab, mdFiletab, 1}, {&t.funcnametab, mdFuncnames, 1}} {
			if *s.to, err = slice(s.word, s.size); err != nil {
				return nil, err
			}
		}
		p, l := word(a+8*mdFtab), word(a+8*mdFtab+8)
		if t.nfunc <= 0 || l != uint64(t.nfunc)+1 || p > n || l*functabStride > n-p {
			return nil, fmt.Errorf("wasmdata: Go's function table: %d functions, %d function table entries", t.nfunc, l)
		}
		t.ftab = img[p : p+l*functabStride]
		if g := word(a + 8*mdGofunc); g <= n {
			t.gofunc = img[g:]
		}
		return t, nil
	}
	return nil, errors.New("wasmdata: no Go function table (pcHeader 0xFFFFFFF1, Go 1.20 to 1.26) in the module's memory")
}

// strip clears every function's file and line table offsets, zeroes the bytes of those tables that
// no frame size or pcdata table also covers, and zeroes the file names (cutab, filetab).
func (t *funcTable) strip() (funcs, zeroed int, err error) {
	keep := make([]bool, len(t.pctab))
	drop := make([]bool, len(t.pctab))
	var clear []uint64 // the pcfile and pcln fields, by address in pclntable
	for i := range t.nfunc {
		off := uint64(binary.LittleEndian.Uint32(t.ftab[i*functabStride+4:]))
		if off > uint64(len(t.pclntable)) || uint64(len(t.pclntable))-off < funcPcdata {
			return 0, 0, fmt.Errorf("wasmdata: Go's function table: function %d at %d, outside pclntable", i, off)
		}
		f := t.pclntable[off:]
		field := func(at int) uint32 { return binary.LittleEndian.Uint32(f[at:]) }
		np := int(field(funcNpcdata))
		if np > maxPcdata || len(f) < funcPcdata+4*np {
			return 0, 0, fmt.Errorf("wasmdata: Go's function table: function %d has %d pcdata tables", i, np)
		}
		if err := t.mark(keep, field(funcPcsp)); err != nil {
			return 0, 0, err
		}
		for j := range np {
			if err := t.mark(keep, field(funcPcdata+4*j)); err != nil {
				return 0, 0, err
			}
		}
		for _, at := range []int{funcPcfile, funcPcln} {
			if err := t.mark(drop, field(at)); err != nil {
				return 0, 0, err
			}
			clear = append(clear, off+uint64(at))
		}
		funcs++
	}
	for _, at := range clear {
		binary.LittleEndian.PutUint32(t.pclntable[at:], 0)
	}
	for i := range t.pctab {
		if drop[i] && !keep[i] && t.pctab[i] != 0 {
			t.pctab[i] = 0
			zeroed++
		}
	}
	for _, tab := range [][]byte{t.cutab, t.filetab} {
		for i := range tab {
			if tab[i] != 0 {
				tab[i] = 0
				zeroed++
			}
		}
	}
	return funcs, zeroed, nil
}

// mark sets m over the pc-value table at offset off of pctab (0: none): (value delta, pc delta) pairs
// of unsigned varints, ended by a value delta of 0 after the first pair (runtime.step).
func (t *funcTable) mark(m []bool, off uint32) error {
	if off == 0 {
		return nil
	}
	p := int(off)
	for first := true; ; first = false {
		if p >= len(t.pctab) {
			return fmt.Errorf("wasmdata: Go's function table: the pc table at %d runs past pctab", off)
		}
		if t.pctab[p] == 0 && !first {
			p++
			break
		}
		for range 2 {
			_, n := binary.Uvarint(t.pctab[p:])
			if n <= 0 {
				return fmt.Errorf("wasmdata: Go's function table: a bad number in the pc table at %d", off)
			}
			p += n
		}
	}
	for i := int(off); i < p; i++ {
		m[i] = true
	}
	return nil
}
