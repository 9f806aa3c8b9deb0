package emu

import "encoding/binary"

// stateMemory returns the state memory of m, a new machine of layout lay, and sets its runner
// (Config.Engine's, when it serves m): old's memory when same (old models the same device with the
// same Config.Access, so the same layout) and old's memory is of the kind m needs (old's runner,
// which m's engine reuses, or memory of its own for a machine without a runner), else new memory.
// inPlace reports that the memory is old's, whose program memory and access record still hold
// old's: NewFrom loads the flash over them (loadFlash) and clears the rest (clearState).
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
// program memory, which loadFlash wrote: the control block, registers, data space and access
// record are then a fresh machine's (all zero, as NewRunner's and make's memory is).
func (m *Machine) clearState() {
	lay := m.prog.Layout
	clear(m.mem[:lay.Flash])
	clear(m.mem[lay.Flash+uint32(len(m.flash)):])
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
