package emu

import "encoding/binary"

// stateMemory returns the state memory of m, a new machine of layout lay, and sets its runner
// (Config.Engine's, when it serves m): old's memory when same (old models the same device with the
// same Config.Access, so the same layout) and old's memory is of the kind m needs (old's runner,
// which m's engine reuses, or memory of its own for a machine without a runner), else new memory.
// inPlace reports that the memory is old's, whose program memory and access record still hold
// old's: NewFrom loads the flash over them (reloadFlash) and clears the rest (clearState).
func (m *Machine) stateMemory(old *Machine, same bool, lay Layout) (mem []byte, inPlace bool) {
	size := int(lay.Size)
	wantRunner := m.cfg.Engine != nil && !m.cfg.Writes
	if same && wantRunner && old.runner != nil {
		if re, ok := m.cfg.Engine.(RunnerReuser); ok {
			if r := re.ReuseRunner(old.runner, size); r != nil && len(r.Memory()) >= size {
				m.runner, old.runner = r, nil
				mem = r.Memory()
				return mem, len(old.mem) > 0 && &mem[0] == &old.mem[0]
			}
		}
	}
	if same && !wantRunner && old.runner == nil && len(old.mem) >= size {
		return old.mem, true
	}
	if wantRunner {
		if m.runner = m.cfg.Engine.NewRunner(size); m.runner != nil {
			mem = m.runner.Memory()
		}
	}
	if len(mem) < size {
		m.runner = nil
		mem = make([]byte, size)
	}
	return mem, false
}

// clearState zeroes the state memory a new machine took over (stateMemory's inPlace) but for its
// program memory, which reloadFlash wrote: the control block, registers, data space and access
// record are then a fresh machine's (all zero, as NewRunner's and make's memory is).
func (m *Machine) clearState() {
	lay := m.prog.Layout
	clear(m.mem[:lay.Flash])
	clear(m.mem[lay.Flash+uint32(len(m.flash)):])
}

// wordSpan is a stretch of flash words lo..hi-1.
type wordSpan struct{ lo, hi int }

// spans collects the words whose decoding may change when bytes of program memory change: for a
// changed byte, the word holding it and the word before (whose second word it may be), stretches
// that touch or overlap merged.
type spans struct {
	words int // flash words
	s     []wordSpan
}

// bytesChanged notes that bytes a..e-1 of program memory changed (calls in increasing order of a).
func (sp *spans) bytesChanged(a, e int) {
	lo, hi := max(a/2-1, 0), min((e+1)/2, sp.words)
	if n := len(sp.s); n > 0 && lo <= sp.s[n-1].hi {
		sp.s[n-1].hi = max(sp.s[n-1].hi, hi)
		return
	}
	sp.s = append(sp.s, wordSpan{lo, hi})
}

// ProgramEnd returns the length of program memory flash without its erased tail: the byte after
// the last one that is not 0xFF (0 when all of it is erased). It reads 32 bytes a step from the end
// (no bytes.Equal: byte by byte in WebAssembly).
func ProgramEnd(flash []byte) int {
	le := binary.LittleEndian
	n := len(flash)
	for n >= 32 && le.Uint64(flash[n-8:])&le.Uint64(flash[n-16:])&le.Uint64(flash[n-24:])&le.Uint64(flash[n-32:]) == ^uint64(0) {
		n -= 32
	}
	for n > 0 && flash[n-1] == 0xFF {
		n--
	}
	return n
}

// changedWords returns the words whose decoding may differ between program memories cur and prev
// (of the same size), both erased from end on (the longer program's end: Program.FlashEnd of each),
// comparing the bytes before eight at a time.
func changedWords(cur, prev []byte, end int) []wordSpan {
	sp := spans{words: len(cur) / 2}
	end = min(end, len(cur))
	le := binary.LittleEndian
	for a := 0; a < end; a += 8 {
		e := min(a+8, len(cur))
		if e-a == 8 && le.Uint64(cur[a:]) == le.Uint64(prev[a:]) || e-a < 8 && string(cur[a:e]) == string(prev[a:e]) {
			continue
		}
		sp.bytesChanged(a, e)
	}
	return sp.s
}

// reloadFlash is loadFlash over program memory that holds another program, erased from oldEnd on
// (the machine NewFrom took the memory of: its Program.FlashEnd): it writes only the bytes that
// differ, eight at a time, up to the end of the longer of the two programs (past it both are
// erased), and returns the words whose decoding may have changed.
func (m *Machine) reloadFlash(flash []byte, oldEnd uint32) []wordSpan {
	f := m.flash
	n := min(len(flash), len(f))
	m.loaded = n
	m.prog.FlashEnd = uint32(n)
	end := min(max(int(oldEnd), n), len(f))
	sp := spans{words: len(f) / 2}
	le := binary.LittleEndian
	var want [8]byte
	for a := 0; a < end; a += 8 {
		e := min(a+8, len(f))
		if m.present == nil && e-a == 8 && a+8 <= n {
			if v := le.Uint64(flash[a:]); v != le.Uint64(f[a:]) {
				le.PutUint64(f[a:], v)
				sp.bytesChanged(a, e)
			}
			continue
		}
		w := want[:e-a]
		for i := range w {
			w[i] = m.imageByte(flash, n, a+i)
		}
		if string(w) != string(f[a:e]) {
			copy(f[a:e], w)
			sp.bytesChanged(a, e)
		}
	}
	return sp.s
}

// imageByte returns what loadFlash puts at program-memory byte i of flash (n of its bytes loaded):
// the image's byte where Config.Present marks it (every byte when Present is nil), else erased.
func (m *Machine) imageByte(flash []byte, n, i int) byte {
	if i < n && (m.present == nil || i < len(m.present) && m.present[i]) {
		return flash[i]
	}
	return 0xFF
}
