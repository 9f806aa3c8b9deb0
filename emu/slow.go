package emu

import (
	"github.com/avrlab/avrlab/internal/textf"
	"github.com/avrlab/avrlab/isa"
)

// The slow paths of the run loop. Each works on the machine's own state: the loop has stored PC (the
// instruction's word address), the cycle counter (base cycles of the instruction included) and SREG
// into the machine before the call and reloads them after it. They return faultNone, or a fault kind
// and address and leave the state as it was.

// atDeadline runs when the cycle counter reaches the loop's deadline: it stops at the cycle limit,
// or, with hooks on, calls them and sets the deadline to the next cycle.
func (m *Machine) atDeadline() (Stop, bool) {
	if m.cycles >= m.limit {
		return Stop{Reason: StopLimit}, true
	}
	if m.pc < m.words && m.hook(m.pc, m.cycles) {
		return Stop{Reason: StopBreakpoint}, true
	}
	m.deadline = m.cycles + 1
	return Stop{}, false
}

// slowLoad finishes a load into register d from data address a that is not in SRAM; when p is not
// 0 it then sets pointer register pair p to ptr.
func (m *Machine) slowLoad(d uint8, a uint32, p uint8, ptr uint32) (FaultKind, uint32) {
	v, ok := m.load(a, m.sreg)
	if !ok {
		return FaultDataOutOfRange, a
	}
	m.noteAccess(a, AccessRead)
	if p != 0 {
		m.regs[p&30], m.regs[(p|1)&31] = uint8(ptr), uint8(ptr>>8)
	}
	m.regs[d&31] = v
	m.pc += uint32(m.code[m.pc].Words)
	return faultNone, 0
}

// slowStore finishes a store of register r to data address a that is not in SRAM; when p is not 0
// it then sets pointer register pair p to ptr.
func (m *Machine) slowStore(r uint8, a uint32, p uint8, ptr uint32) (FaultKind, uint32) {
	sreg, ok := m.store(a, m.regs[r&31], m.sreg)
	if !ok {
		return FaultDataOutOfRange, a
	}
	m.noteAccess(a, AccessWrite)
	m.sreg = sreg
	if p != 0 {
		m.regs[p&30], m.regs[(p|1)&31] = uint8(ptr), uint8(ptr>>8)
	}
	m.pc += uint32(m.code[m.pc].Words)
	return faultNone, 0
}

// slowOp executes the instructions the loop leaves to it: I/O access, SPM, DES and the XMEGA
// read-modify-write instructions.
func (m *Machine) slowOp(o Op) (FaultKind, uint32) {
	regs := m.regs
	switch o.Kind {
	case isa.IN:
		regs[o.Rd&31], _ = m.load(uint32(o.Addr), m.sreg)
		m.noteAccess(uint32(o.Addr), AccessRead)
	case isa.OUT:
		m.sreg, _ = m.store(uint32(o.Addr), regs[o.Rd&31], m.sreg)
		m.noteAccess(uint32(o.Addr), AccessWrite)
	case isa.SBI, isa.CBI:
		v, _ := m.load(uint32(o.Addr), m.sreg)
		if o.Kind == isa.SBI {
			v |= o.Bit
		} else {
			v &^= o.Bit
		}
		m.sreg, _ = m.store(uint32(o.Addr), v, m.sreg)
		m.noteAccess(uint32(o.Addr), AccessRead|AccessWrite)
	case isa.SBIC, isa.SBIS:
		v, _ := m.load(uint32(o.Addr), m.sreg)
		m.noteAccess(uint32(o.Addr), AccessRead)
		if (v&o.Bit == 0) == (o.Kind == isa.SBIC) {
			m.pc += uint32(o.Skip) // skipped words (ExtraSkip)
			m.cycles += uint64(o.Skip)
		}
	case isa.SPM, isa.SPMZInc:
		// Simplified: the word at RAMPZ:Z gets r1:r0 at once (no page buffer, no SPMCSR, no
		// programming time).
		a := uint32(regs[30]) | uint32(regs[31])<<8 | uint32(m.rampz())<<16
		if a|1 >= uint32(len(m.flash)) {
			return FaultDataOutOfRange, a
		}
		m.flash[a&^1], m.flash[a|1] = regs[0], regs[1]
		m.prog.FlashEnd = max(m.prog.FlashEnd, (a|1)+1)
		m.spmWrites++
		m.redecode(a/2, a/2+1)
		if o.Kind == isa.SPMZInc {
			regs[30], regs[31] = uint8(a+2), uint8((a+2)>>8)
			m.setRAMPZ(a + 2)
		}
	case isa.DES:
		if !m.desValid || m.desEnd != m.cycles-uint64(o.Cyc) {
			m.cycles++ // ExtraDES: 2 cycles unless the previous instruction was a DES
		}
		m.des(int(o.K), m.sreg&flagH != 0)
		m.desEnd, m.desValid = m.cycles, true
	case isa.XCH, isa.LAS, isa.LAC, isa.LAT:
		a := uint32(regs[30]) | uint32(regs[31])<<8
		v, ok := m.load(a, m.sreg)
		if !ok {
			return FaultDataOutOfRange, a
		}
		r := regs[o.Rd&31]
		var w byte
		switch o.Kind {
		case isa.XCH:
			w = r
		case isa.LAS:
			w = v | r
		case isa.LAC:
			w = v &^ r
		default:
			w = v ^ r
		}
		if m.sreg, ok = m.store(a, w, m.sreg); !ok {
			return FaultDataOutOfRange, a
		}
		m.noteAccess(a, AccessRead|AccessWrite)
		regs[o.Rd&31] = v
	default:
		return FaultNotImplemented, 0
	}
	m.pc++
	return faultNone, 0
}

// noteAccess records an instruction's access to data-space address a (Config.Access): reads of mapped
// flash as flash reads, the rest per data address.
func (m *Machine) noteAccess(a uint32, how uint8) {
	if m.dataSeen == nil {
		return
	}
	if a < uint32(len(m.dataSeen)) {
		m.dataSeen[a] |= how
		if a < uint32(len(m.ioWrote)) && m.keeps(a) {
			m.noteIO(a, how)
		}
		return
	}
	if d := m.dev.MappedFlash; d != 0 && a >= uint32(d) && a-uint32(d) < uint32(len(m.flashSeen)) {
		m.flashSeen[a-uint32(d)] = true
	}
}

// keeps reports whether data address a is one of the registers a routine must touch (SP, RAMPZ, EIND)
// that the access record tells apart as AccessReadBack; other I/O registers count as memory whenever
// touched.
func (m *Machine) keeps(a uint32) bool {
	d := m.dev
	return a == uint32(d.SPL) || a == uint32(d.SPL)+1 || d.RAMPZ != 0 && a == uint32(d.RAMPZ) || d.EIND != 0 && a == uint32(d.EIND)
}

// noteIO keeps the read-back record of register a (SP, RAMPZ or EIND) (Config.Access): a read of a
// register the call wrote before is AccessReadBack, except that a read of SPL or SPH is one only when
// no push, pop, call or return used SP since it was last written (a byte kept in SP, not a stack
// frame's SP). The first stack access after SP is set to W touches W-2..W+3, so a write of SP clears
// AccessStack there and a read finds it set again if SP was used. Reset starts a new call.
func (m *Machine) noteIO(a uint32, how uint8) {
	isSP := a == uint32(m.dev.SPL) || a == uint32(m.dev.SPL)+1
	if how&AccessRead != 0 && m.ioWrote[a] && (!isSP || !m.stackUsedNear(m.spWritten, false)) {
		m.dataSeen[a] |= AccessReadBack
	}
	if how&AccessWrite != 0 {
		m.ioWrote[a] = true
		if isSP {
			m.spWritten = m.sp
			m.stackUsedNear(m.sp, true)
		}
	}
}

// stackUsedNear reports whether a stack access (AccessStack) touched data addresses sp-2..sp+3, first
// clearing their AccessStack bits when clear is set.
func (m *Machine) stackUsedNear(sp uint16, clear bool) bool {
	used := false
	for a := int(sp) - 2; a <= int(sp)+3; a++ {
		if a < 0 || a >= len(m.dataSeen) {
			continue
		}
		used = used || m.dataSeen[a]&AccessStack != 0
		if clear {
			m.dataSeen[a] &^= AccessStack
		}
	}
	return used
}

// rampz returns RAMPZ, 0 on parts without it.
func (m *Machine) rampz() uint8 {
	if m.dev.RAMPZ == 0 {
		return 0
	}
	return m.data[m.dev.RAMPZ]
}

// eind returns EIND, 0 on parts without it.
func (m *Machine) eind() uint8 {
	if m.dev.EIND == 0 {
		return 0
	}
	return m.data[m.dev.EIND]
}

// setRAMPZ writes bits 16..23 of an incremented RAMPZ:Z back to RAMPZ (the caller writes Z).
func (m *Machine) setRAMPZ(a uint32) {
	if m.dev.RAMPZ != 0 {
		m.data[m.dev.RAMPZ] = uint8(a>>16) & m.dev.RAMPZBits
	}
}

// newFault builds the fault for the instruction at m.pc (state already restored).
func (m *Machine) newFault(k FaultKind, addr uint32) *Fault {
	f := &Fault{Kind: k, PC: m.pc, Cycle: m.cycles, Addr: addr}
	if k == FaultPCOutOfFlash {
		f.Msg = textf.Sprintf("pc 0x%04x outside flash (%d words)", m.pc, m.words)
		return f
	}
	o := m.code[m.pc]
	switch o.Kind {
	case opIllegal:
		f.Msg = textf.Sprintf("illegal opcode 0x%04x", o.K)
		if o.K == 0xFFFF && m.erasedWord(m.pc) {
			f.Msg = "executing erased flash (0xffff, not written by the program)"
		}
		return f
	case opMissing:
		f.Form = isa.Forms[o.K]
		f.Msg = textf.Sprintf("%s is not available on %s (%s)", f.Form.Mnemonic, m.dev.Name, m.dev.Core.String())
		return f
	}
	f.Form = isa.FormOf(o.Kind)
	mn := f.Form.Mnemonic
	switch {
	case k == FaultStackOverflow:
		f.Msg = textf.Sprintf("stack overflow: %s with sp 0x%04x writes below sram start 0x%04x", mn, m.sp, m.dev.SRAMStart)
	case k == FaultNotImplemented:
		f.Msg = mn + " is not implemented"
	case o.Kind == isa.POP || o.Kind == isa.RET || o.Kind == isa.RETI:
		f.Msg = textf.Sprintf("%s with sp 0x%04x reads outside sram (0x%04x-0x%04x)", mn, m.sp, m.dev.SRAMStart, m.dev.RAMEND())
	case o.Kind == isa.PUSH || o.Kind == isa.RCALL || o.Kind == isa.CALL || o.Kind == isa.ICALL || o.Kind == isa.EICALL:
		f.Msg = textf.Sprintf("%s with sp 0x%04x writes outside sram (0x%04x-0x%04x)", mn, m.sp, m.dev.SRAMStart, m.dev.RAMEND())
	case isPM(o.Kind):
		f.Msg = textf.Sprintf("%s at program address 0x%05x past the end of flash (%d bytes)", mn, addr, len(m.flash))
	default:
		f.Msg = textf.Sprintf("%s at data address 0x%04x outside the data space (0x0000-0x%04x)", mn, addr, m.dev.RAMEND())
		if isStore(o.Kind) && m.dev.MappedFlash != 0 && addr >= uint32(m.dev.MappedFlash) {
			f.Msg = textf.Sprintf("%s to data address 0x%04x: mapped flash is read-only", mn, addr)
		}
	}
	return f
}

func isPM(k isa.Op) bool {
	switch k {
	case isa.LPM, isa.LPMZ, isa.LPMZInc, isa.ELPM, isa.ELPMZ, isa.ELPMZInc, isa.SPM, isa.SPMZInc:
		return true
	}
	return false
}

func isStore(k isa.Op) bool {
	switch k {
	case isa.STX, isa.STXInc, isa.STXDec, isa.STY, isa.STYInc, isa.STYDec, isa.STDY, isa.STZ, isa.STZInc,
		isa.STZDec, isa.STDZ, isa.STS, isa.STSrc, isa.XCH, isa.LAS, isa.LAC, isa.LAT:
		return true
	}
	return false
}
