package emu

import "github.com/avrlab/avrlab/isa"

// Run executes instructions until one stops the machine (SLEEP, BREAK, a return to the sentinel, a
// breakpoint, a fault) or until the cycle counter is at least limit, an absolute cycle count; an
// instruction that starts below limit always completes. When Cycles() >= limit already, Run returns
// StopLimit without executing anything. A Run that starts at a breakpoint executes that instruction.
// Run does not allocate unless Config.Trace grows the trace or the program writes to UDR.
func (m *Machine) Run(limit uint64) Stop {
	m.resumed = true
	if m.runner != nil && !m.interpOnly {
		return m.runTranslated(limit)
	}
	s := m.run(limit)
	if m.profOn {
		m.flushProfile()
	}
	return s
}

// Step executes one instruction (ignoring a breakpoint at PC) and returns StopNone, or the stop
// reason the instruction caused (StopSleep, StopBreak, StopReturn, StopFault).
func (m *Machine) Step() Stop {
	m.resumed = true
	limit := m.cycles + 1
	if limit == 0 {
		limit--
	}
	s := m.run(limit)
	if m.profOn {
		m.flushProfile()
	}
	if s.Reason == StopLimit {
		s.Reason = StopNone
	}
	return s
}

// run is the interpreter loop (style.md "The run loop"). Each flash word was predecoded into an op, so
// an instruction is one compare of the cycle counter against the deadline, one bounds check on the
// PC, one switch on op.kind (a jump table) and the body.
//
// Register pressure decides its speed, and these choices were measured on BenchmarkRun's ARX loop
// (cpu-MHz, best of 5 on the shared 2-core development machine, where BenchmarkSimavr gives 94–97
// and this loop 470–540):
//   - PC, cycle counter and SREG live in locals, and so does a copy of r0..r31 (a local array needs
//     no base register and no nil checks: 385 → 485 MHz).
//   - Nothing but the receiver stays live across a call. A case that must call out (I/O, SPM, DES,
//     loads and stores outside SRAM) stores the locals into the machine, lets the callee work on the
//     machine and jumps to reload, which reads them all back. With the calls made in place, Go's
//     register allocator (no callee-saved registers) spilled PC, cycles and the op pointer on every
//     instruction: about 180 MHz.
//   - Flags come from small tables (flags.go) rather than the manual's formulas bit by bit.
//   - The op is read through o := &ops[pc]. With the 8-byte op of earlier versions a copy was
//     faster (packing it into a uint64 and shifting fields out: about 400 against 530 MHz; the
//     pointer: about -5%); the 16-byte Op with one field per meaning (shared with the translator)
//     reverses that: copied 615-620 MHz, through the pointer 805-834, against 714-742 for the
//     8-byte copy (same run, -count 3). slowOp takes its own copy, as SPM may rewrite ops[pc].
//   - ADD and ADC index the flag table without masking r, which cannot pass 0x1FF (flagsAdd): one
//     instruction less on the carry chain; within the noise (+0-3%).
//
// Tried on top of this and reverted (medians of alternating runs on the loaded machine, where this
// loop gave 320-500): C in its own local instead of SREG, to take the flag-table load off the
// ADC-to-ADC carry chain (the profile puts the most samples there): -15%, because the extra live
// value makes the register allocator add a move and a second jump to every case's way back to the
// loop head; counting cycles down to the deadline in one local instead of comparing with
// m.deadline: -5..10%, SREG then being spilled at every dispatch. Both are worth retrying if the
// compiler's register allocation changes.
//
// Hooks (trace, profile, breakpoints) cost nothing in the loop: with hooks on the deadline is the
// next cycle, so every instruction passes through atDeadline, which calls them. That path does not
// copy r0..r31 out and back (the hooks do not read them) unless it stops: memmove was a quarter of
// the trace profile; trace 82-90 → 160-175 MHz (-count 5, all but one run), profile 84-94 → 78-160
// (too noisy to call).
func (m *Machine) run(limit uint64) Stop {
	m.limit = limit
	m.deadline = limit
	if m.hooked {
		m.deadline = 0
	}
	var (
		ops    []Op
		regs   [256]byte // a copy of m.regs: no base register, no nil checks
		pc     uint      // word address of the current instruction
		cycles uint64
		sreg   uint8
		fk     FaultKind // for goto fault
		faddr  uint32    // for goto fault
		ret    uint32    // return address, for goto push
		target uint      // call target, for goto push
	)
reload:
	copy(regs[:32], m.regs[:32])
resume: // the machine's registers are still the loop's
	ops, pc, cycles, sreg = m.ops, uint(m.pc), m.cycles, m.sreg
	for {
		if cycles >= m.deadline {
			if !m.interpOnly && cycles < m.limit && pc < uint(len(ops)) {
				// The trace hash is the only hook (the constant-time machine of a bench): what
				// atDeadline's call of hook does, without leaving the loop (it was a third of such
				// a run under V8).
				m.traceHash = (m.traceHash ^ uint64(pc)) * tracePrime
				m.resumed = false
				m.deadline = cycles + 1
			} else {
				m.pc, m.cycles, m.sreg = uint32(pc), cycles, sreg
				if s, stop := m.atDeadline(); stop { // the hooks do not use the registers
					copy(m.regs[:32], regs[:32])
					return s
				}
				goto resume
			}
		}
		if pc >= uint(len(ops)) {
			m.pc, m.cycles, m.sreg = uint32(pc), cycles, sreg
			if m.pc < m.words { // erased flash past the decoded words: decoded now, run next
				m.cover(m.pc)
				goto resume
			}
			copy(m.regs[:32], regs[:32])
			fk = FaultPCOutOfFlash
			goto fault
		}
		o := &ops[pc]
		cycles += uint64(o.Cyc)
		switch o.Kind {
		case opCover: // Config.Access: first execution of this word; runs the decoded op next
			// (the trap adds no cycle, so the loop does not reach the deadline and call the hooks
			// a second time for this instruction)
			ops[pc] = m.code[pc]
			m.execSeen[pc] = true
			continue
		case opDeferred: // a word WriteFlash rewrote, executed: decoded now, run next (Cyc 0)
			m.pc, m.cycles, m.sreg = uint32(pc), cycles, sreg
			m.decodeDeferred(uint32(pc))
			goto resume

		// Arithmetic and logic.
		case isa.ADD:
			a, b := uint32(regs[o.Rd]), uint32(regs[o.Rr])
			r := a + b
			regs[o.Rd] = uint8(r)
			sreg = sreg&^arithFlags | flagsAdd(a, b, r)
			pc++
		case isa.ADC:
			a, b := uint32(regs[o.Rd]), uint32(regs[o.Rr])
			r := a + b + uint32(sreg&flagC)
			regs[o.Rd] = uint8(r)
			sreg = sreg&^arithFlags | flagsAdd(a, b, r)
			pc++
		case isa.SUB:
			a, b := uint32(regs[o.Rd]), uint32(regs[o.Rr])
			r := a - b
			regs[o.Rd] = uint8(r)
			sreg = sreg&^arithFlags | flagsArith(a, b, r)
			pc++
		case isa.SUBI:
			a, b := uint32(regs[o.Rd]), uint32(o.K)
			r := a - b
			regs[o.Rd] = uint8(r)
			sreg = sreg&^arithFlags | flagsArith(a, b, r)
			pc++
		case isa.SBC: // Z is kept when the result is zero, cleared otherwise
			a, b := uint32(regs[o.Rd]), uint32(regs[o.Rr])
			r := a - b - uint32(sreg&flagC)
			regs[o.Rd] = uint8(r)
			sreg = sreg&^arithFlags | flagsArith(a, b, r)&(sreg|^uint8(flagZ))
			pc++
		case isa.SBCI:
			a, b := uint32(regs[o.Rd]), uint32(o.K)
			r := a - b - uint32(sreg&flagC)
			regs[o.Rd] = uint8(r)
			sreg = sreg&^arithFlags | flagsArith(a, b, r)&(sreg|^uint8(flagZ))
			pc++
		case isa.CP:
			a, b := uint32(regs[o.Rd]), uint32(regs[o.Rr])
			sreg = sreg&^arithFlags | flagsArith(a, b, a-b)
			pc++
		case isa.CPI:
			a, b := uint32(regs[o.Rd]), uint32(o.K)
			sreg = sreg&^arithFlags | flagsArith(a, b, a-b)
			pc++
		case isa.CPC:
			a, b := uint32(regs[o.Rd]), uint32(regs[o.Rr])
			r := a - b - uint32(sreg&flagC)
			sreg = sreg&^arithFlags | flagsArith(a, b, r)&(sreg|^uint8(flagZ))
			pc++
		case isa.NEG:
			a := uint32(regs[o.Rd])
			r := -a
			regs[o.Rd] = uint8(r)
			sreg = sreg&^arithFlags | flagsArith(0, a, r)
			pc++
		case isa.AND:
			r := regs[o.Rd] & regs[o.Rr]
			regs[o.Rd] = r
			sreg = sreg&^logicFlags | logicTab[r]
			pc++
		case isa.ANDI:
			r := regs[o.Rd] & uint8(o.K)
			regs[o.Rd] = r
			sreg = sreg&^logicFlags | logicTab[r]
			pc++
		case isa.OR:
			r := regs[o.Rd] | regs[o.Rr]
			regs[o.Rd] = r
			sreg = sreg&^logicFlags | logicTab[r]
			pc++
		case isa.ORI:
			r := regs[o.Rd] | uint8(o.K)
			regs[o.Rd] = r
			sreg = sreg&^logicFlags | logicTab[r]
			pc++
		case isa.EOR:
			r := regs[o.Rd] ^ regs[o.Rr]
			regs[o.Rd] = r
			sreg = sreg&^logicFlags | logicTab[r]
			pc++
		case isa.COM:
			r := ^regs[o.Rd]
			regs[o.Rd] = r
			sreg = sreg&^shiftFlags | logicTab[r] | flagC
			pc++
		case isa.INC:
			r := regs[o.Rd] + 1
			regs[o.Rd] = r
			sreg = sreg&^logicFlags | incTab[r]
			pc++
		case isa.DEC:
			r := regs[o.Rd] - 1
			regs[o.Rd] = r
			sreg = sreg&^logicFlags | decTab[r]
			pc++
		case isa.ASR:
			a := regs[o.Rd]
			r := uint8(int8(a) >> 1)
			regs[o.Rd] = r
			sreg = sreg&^shiftFlags | flagsShift(r, a&1)
			pc++
		case isa.LSR:
			a := regs[o.Rd]
			r := a >> 1
			regs[o.Rd] = r
			sreg = sreg&^shiftFlags | flagsShift(r, a&1)
			pc++
		case isa.ROR:
			a := regs[o.Rd]
			r := a>>1 | sreg<<7
			regs[o.Rd] = r
			sreg = sreg&^shiftFlags | flagsShift(r, a&1)
			pc++
		case isa.SWAP:
			a := regs[o.Rd]
			regs[o.Rd] = a<<4 | a>>4
			pc++
		case isa.ADIW:
			hi := regs[o.Rd|1]
			r := (uint16(regs[o.Rd]) | uint16(hi)<<8) + o.K
			regs[o.Rd], regs[o.Rd|1] = uint8(r), uint8(r>>8)
			sreg = sreg&^shiftFlags | flagsWord(r, ^hi&uint8(r>>8), ^uint8(r>>8)&hi)
			pc++
		case isa.SBIW:
			hi := regs[o.Rd|1]
			r := (uint16(regs[o.Rd]) | uint16(hi)<<8) - o.K
			regs[o.Rd], regs[o.Rd|1] = uint8(r), uint8(r>>8)
			sreg = sreg&^shiftFlags | flagsWord(r, hi&^uint8(r>>8), uint8(r>>8)&^hi)
			pc++
		case isa.MUL:
			p := uint16(regs[o.Rd]) * uint16(regs[o.Rr])
			regs[0], regs[1] = uint8(p), uint8(p>>8)
			sreg = sreg&^(flagZ|flagC) | flagsMul(p, p)
			pc++
		case isa.MULS:
			p := uint16(int16(int8(regs[o.Rd])) * int16(int8(regs[o.Rr])))
			regs[0], regs[1] = uint8(p), uint8(p>>8)
			sreg = sreg&^(flagZ|flagC) | flagsMul(p, p)
			pc++
		case isa.MULSU:
			p := uint16(int16(int8(regs[o.Rd])) * int16(regs[o.Rr]))
			regs[0], regs[1] = uint8(p), uint8(p>>8)
			sreg = sreg&^(flagZ|flagC) | flagsMul(p, p)
			pc++
		case isa.FMUL:
			p := uint16(regs[o.Rd]) * uint16(regs[o.Rr])
			r := p << 1
			regs[0], regs[1] = uint8(r), uint8(r>>8)
			sreg = sreg&^(flagZ|flagC) | flagsMul(r, p)
			pc++
		case isa.FMULS:
			p := uint16(int16(int8(regs[o.Rd])) * int16(int8(regs[o.Rr])))
			r := p << 1
			regs[0], regs[1] = uint8(r), uint8(r>>8)
			sreg = sreg&^(flagZ|flagC) | flagsMul(r, p)
			pc++
		case isa.FMULSU:
			p := uint16(int16(int8(regs[o.Rd])) * int16(regs[o.Rr]))
			r := p << 1
			regs[0], regs[1] = uint8(r), uint8(r>>8)
			sreg = sreg&^(flagZ|flagC) | flagsMul(r, p)
			pc++

		// Moves and bits.
		case isa.MOV:
			regs[o.Rd] = regs[o.Rr]
			pc++
		case isa.MOVW:
			regs[o.Rd], regs[o.Rd|1] = regs[o.Rr], regs[o.Rr|1]
			pc++
		case isa.LDI:
			regs[o.Rd] = uint8(o.K)
			pc++
		case isa.BST:
			if regs[o.Rd]&o.Bit != 0 {
				sreg |= flagT
			} else {
				sreg &^= flagT
			}
			pc++
		case isa.BLD:
			if sreg&flagT != 0 {
				regs[o.Rd] |= o.Bit
			} else {
				regs[o.Rd] &^= o.Bit
			}
			pc++
		case isa.BSET:
			sreg |= o.Bit
			pc++
		case isa.BCLR:
			sreg &^= o.Bit
			pc++
		case isa.NOP, isa.WDR:
			pc++

		// Branches and skips (Form.Extra: ExtraBranch adds 1 when taken, ExtraSkip the skipped words).
		case isa.BRBS:
			if sreg&o.Bit != 0 {
				pc = uint(o.Target)
				cycles++
			} else {
				pc++
			}
		case isa.BRBC:
			if sreg&o.Bit == 0 {
				pc = uint(o.Target)
				cycles++
			} else {
				pc++
			}
		case isa.CPSE:
			pc++
			if regs[o.Rd] == regs[o.Rr] {
				pc += uint(o.Skip)
				cycles += uint64(o.Skip)
			}
		case isa.SBRC:
			pc++
			if regs[o.Rd]&o.Bit == 0 {
				pc += uint(o.Skip)
				cycles += uint64(o.Skip)
			}
		case isa.SBRS:
			pc++
			if regs[o.Rd]&o.Bit != 0 {
				pc += uint(o.Skip)
				cycles += uint64(o.Skip)
			}

		// Jumps, calls, returns.
		case isa.RJMP, isa.JMP:
			pc = uint(o.Target)
		case isa.IJMP:
			pc = uint(regs[30]) | uint(regs[31])<<8
		case isa.EIJMP:
			pc = uint(regs[30]) | uint(regs[31])<<8 | uint(m.eind())<<16
		case isa.RCALL, isa.CALL:
			ret, target = uint32(pc)+uint32(o.Words), uint(o.Target)
			goto push
		case isa.ICALL:
			ret, target = uint32(pc)+1, uint(regs[30])|uint(regs[31])<<8
			goto push
		case isa.EICALL:
			ret, target = uint32(pc)+1, uint(regs[30])|uint(regs[31])<<8|uint(m.eind())<<16
			goto push
		case isa.RET, isa.RETI:
			sp := uint32(m.sp)
			n := m.retBytes
			off := sp + 1 - m.sramStart
			if off >= uint32(len(m.sram)) || off+n > uint32(len(m.sram)) {
				m.pc, m.cycles, m.sreg = uint32(pc), cycles, sreg
				copy(m.regs[:32], regs[:32])
				fk, faddr = FaultDataOutOfRange, sp+1
				goto fault
			}
			s := m.sram[off:]
			r := uint32(s[0])<<8 | uint32(s[1])
			if n == 3 {
				r = r<<8 | uint32(s[2])
			}
			if m.dataSeen != nil {
				for i := uint32(1); i <= n; i++ {
					m.dataSeen[sp+i] |= AccessRead | AccessStack
				}
			}
			m.sp = uint16(sp + n)
			if o.Kind == isa.RETI && m.retiSetsI {
				sreg |= flagI
			}
			pc = uint(r & (1<<22 - 1))
			if uint32(pc) == m.sentinel {
				m.pc, m.cycles, m.sreg = uint32(pc), cycles, sreg
				copy(m.regs[:32], regs[:32])
				return Stop{Reason: StopReturn}
			}

		// Stack.
		case isa.PUSH:
			sp := uint32(m.sp)
			if off := sp - m.sramStart; off < uint32(len(m.sram)) {
				m.sram[off] = regs[o.Rd]
				if m.dataSeen != nil {
					m.dataSeen[sp] |= AccessWrite | AccessStack
				}
				m.sp = uint16(sp - 1)
				if m.sp < m.stackLow {
					m.stackLow = m.sp
				}
				pc++
				continue
			}
			m.pc, m.cycles, m.sreg = uint32(pc), cycles, sreg
			copy(m.regs[:32], regs[:32])
			fk, faddr = FaultDataOutOfRange, sp
			if sp < m.sramStart {
				fk = FaultStackOverflow
			}
			goto fault
		case isa.POP:
			sp := uint32(m.sp) + 1
			if off := sp - m.sramStart; off < uint32(len(m.sram)) {
				regs[o.Rd] = m.sram[off]
				if m.dataSeen != nil {
					m.dataSeen[sp] |= AccessRead | AccessStack
				}
				m.sp = uint16(sp)
				pc++
				continue
			}
			m.pc, m.cycles, m.sreg = uint32(pc), cycles, sreg
			copy(m.regs[:32], regs[:32])
			fk, faddr = FaultDataOutOfRange, sp
			goto fault

		// Loads and stores: SRAM inline, everything else (registers on classic parts, I/O, mapped
		// flash, faults) in slowLoad/slowStore. The pointer is written after the access, so a fault
		// changes nothing.
		case isa.LDX, isa.LDY, isa.LDZ, isa.LDDY, isa.LDDZ:
			p := o.Ptr
			a := (uint32(regs[p]) | uint32(regs[p|1])<<8) + uint32(o.K)
			if off := a - m.sramStart; off < uint32(len(m.ldst)) {
				regs[o.Rd] = m.ldst[off]
				pc++
				continue
			}
			m.pc, m.cycles, m.sreg = uint32(pc), cycles, sreg
			copy(m.regs[:32], regs[:32])
			if fk, faddr = m.slowLoad(o.Rd, a, 0, 0); fk != faultNone {
				goto fault
			}
			goto reload
		case isa.LDXInc, isa.LDYInc, isa.LDZInc:
			p := o.Ptr
			a := uint32(regs[p]) | uint32(regs[p|1])<<8
			if off := a - m.sramStart; off < uint32(len(m.ldst)) {
				v := m.ldst[off]
				regs[p], regs[p|1] = uint8(a+1), uint8((a+1)>>8)
				regs[o.Rd] = v
				pc++
				continue
			}
			m.pc, m.cycles, m.sreg = uint32(pc), cycles, sreg
			copy(m.regs[:32], regs[:32])
			if fk, faddr = m.slowLoad(o.Rd, a, p, a+1); fk != faultNone {
				goto fault
			}
			goto reload
		case isa.LDXDec, isa.LDYDec, isa.LDZDec:
			p := o.Ptr
			a := (uint32(regs[p]) | uint32(regs[p|1])<<8 - 1) & 0xFFFF
			if off := a - m.sramStart; off < uint32(len(m.ldst)) {
				v := m.ldst[off]
				regs[p], regs[p|1] = uint8(a), uint8(a>>8)
				regs[o.Rd] = v
				pc++
				continue
			}
			m.pc, m.cycles, m.sreg = uint32(pc), cycles, sreg
			copy(m.regs[:32], regs[:32])
			if fk, faddr = m.slowLoad(o.Rd, a, p, a); fk != faultNone {
				goto fault
			}
			goto reload
		case isa.LDS, isa.LDSrc:
			if off := uint32(o.Addr) - m.sramStart; off < uint32(len(m.ldst)) {
				regs[o.Rd] = m.ldst[off]
				pc += uint(o.Words)
				continue
			}
			m.pc, m.cycles, m.sreg = uint32(pc), cycles, sreg
			copy(m.regs[:32], regs[:32])
			if fk, faddr = m.slowLoad(o.Rd, uint32(o.Addr), 0, 0); fk != faultNone {
				goto fault
			}
			goto reload
		case isa.STX, isa.STY, isa.STZ, isa.STDY, isa.STDZ:
			p := o.Ptr
			a := (uint32(regs[p]) | uint32(regs[p|1])<<8) + uint32(o.K)
			if off := a - m.sramStart; off < uint32(len(m.ldst)) {
				m.ldst[off] = regs[o.Rd]
				pc++
				continue
			}
			m.pc, m.cycles, m.sreg = uint32(pc), cycles, sreg
			copy(m.regs[:32], regs[:32])
			if fk, faddr = m.slowStore(o.Rd, a, 0, 0); fk != faultNone {
				goto fault
			}
			goto reload
		case isa.STXInc, isa.STYInc, isa.STZInc:
			p := o.Ptr
			a := uint32(regs[p]) | uint32(regs[p|1])<<8
			if off := a - m.sramStart; off < uint32(len(m.ldst)) {
				m.ldst[off] = regs[o.Rd]
				regs[p], regs[p|1] = uint8(a+1), uint8((a+1)>>8)
				pc++
				continue
			}
			m.pc, m.cycles, m.sreg = uint32(pc), cycles, sreg
			copy(m.regs[:32], regs[:32])
			if fk, faddr = m.slowStore(o.Rd, a, p, a+1); fk != faultNone {
				goto fault
			}
			goto reload
		case isa.STXDec, isa.STYDec, isa.STZDec:
			p := o.Ptr
			a := (uint32(regs[p]) | uint32(regs[p|1])<<8 - 1) & 0xFFFF
			if off := a - m.sramStart; off < uint32(len(m.ldst)) {
				m.ldst[off] = regs[o.Rd]
				regs[p], regs[p|1] = uint8(a), uint8(a>>8)
				pc++
				continue
			}
			m.pc, m.cycles, m.sreg = uint32(pc), cycles, sreg
			copy(m.regs[:32], regs[:32])
			if fk, faddr = m.slowStore(o.Rd, a, p, a); fk != faultNone {
				goto fault
			}
			goto reload
		case isa.STS, isa.STSrc:
			if off := uint32(o.Addr) - m.sramStart; off < uint32(len(m.ldst)) {
				m.ldst[off] = regs[o.Rd]
				pc += uint(o.Words)
				continue
			}
			m.pc, m.cycles, m.sreg = uint32(pc), cycles, sreg
			copy(m.regs[:32], regs[:32])
			if fk, faddr = m.slowStore(o.Rd, uint32(o.Addr), 0, 0); fk != faultNone {
				goto fault
			}
			goto reload

		// Program memory.
		case isa.LPM, isa.LPMZ, isa.LPMZInc:
			a := uint32(regs[30]) | uint32(regs[31])<<8
			if a >= uint32(len(m.flash)) {
				m.pc, m.cycles, m.sreg = uint32(pc), cycles, sreg
				copy(m.regs[:32], regs[:32])
				fk, faddr = FaultDataOutOfRange, a
				goto fault
			}
			v := m.flash[a]
			if m.flashSeen != nil {
				m.flashSeen[a] = true
			}
			if o.Kind == isa.LPMZInc {
				regs[30], regs[31] = uint8(a+1), uint8((a+1)>>8)
			}
			regs[o.Rd] = v // Rd is 0 for LPM
			pc++
		case isa.ELPM, isa.ELPMZ, isa.ELPMZInc:
			a := uint32(regs[30]) | uint32(regs[31])<<8 | uint32(m.rampz())<<16
			if a >= uint32(len(m.flash)) {
				m.pc, m.cycles, m.sreg = uint32(pc), cycles, sreg
				copy(m.regs[:32], regs[:32])
				fk, faddr = FaultDataOutOfRange, a
				goto fault
			}
			v := m.flash[a]
			if m.flashSeen != nil {
				m.flashSeen[a] = true
			}
			if o.Kind == isa.ELPMZInc {
				regs[30], regs[31] = uint8(a+1), uint8((a+1)>>8)
				m.setRAMPZ(a + 1)
			}
			regs[o.Rd] = v
			pc++

		// I/O, SPM, DES, XMEGA read-modify-write: in slowOp.
		case isa.IN, isa.OUT, isa.SBI, isa.CBI, isa.SBIC, isa.SBIS, isa.SPM, isa.SPMZInc, isa.DES,
			isa.XCH, isa.LAS, isa.LAC, isa.LAT:
			m.pc, m.cycles, m.sreg = uint32(pc), cycles, sreg
			copy(m.regs[:32], regs[:32])
			if fk, faddr = m.slowOp(*o); fk != faultNone {
				goto fault
			}
			goto reload

		// Stops.
		case isa.SLEEP:
			m.pc, m.cycles, m.sreg = uint32(pc+1), cycles, sreg
			copy(m.regs[:32], regs[:32])
			return Stop{Reason: StopSleep}
		case isa.BREAK:
			m.pc, m.cycles, m.sreg = uint32(pc+1), cycles, sreg
			copy(m.regs[:32], regs[:32])
			return Stop{Reason: StopBreak}

		case opIllegal:
			m.pc, m.cycles, m.sreg = uint32(pc), cycles, sreg
			copy(m.regs[:32], regs[:32])
			fk = FaultIllegalOpcode
			goto fault
		case opMissing:
			m.pc, m.cycles, m.sreg = uint32(pc), cycles, sreg
			copy(m.regs[:32], regs[:32])
			fk = FaultNotOnDevice
			goto fault
		default:
			m.pc, m.cycles, m.sreg = uint32(pc), cycles, sreg
			copy(m.regs[:32], regs[:32])
			fk = FaultNotImplemented
			goto fault
		}
		continue

	push: // push ret (2 or 3 bytes, low byte at SP) and jump to target
		{
			sp := uint32(m.sp)
			n := m.retBytes
			off := sp - m.sramStart
			if off >= uint32(len(m.sram)) || off < n-1 {
				m.pc, m.cycles, m.sreg = uint32(pc), cycles, sreg
				copy(m.regs[:32], regs[:32])
				fk, faddr = FaultDataOutOfRange, sp
				if sp < m.sramStart+n-1 {
					fk = FaultStackOverflow
				}
				goto fault
			}
			s := m.sram[:off+1]
			s[off] = uint8(ret)
			s[off-1] = uint8(ret >> 8)
			if n == 3 {
				s[off-2] = uint8(ret >> 16)
			}
			if m.dataSeen != nil {
				for i := uint32(0); i < n; i++ {
					m.dataSeen[sp-i] |= AccessWrite | AccessStack
				}
			}
			m.sp = uint16(sp - n)
			if m.sp < m.stackLow {
				m.stackLow = m.sp
			}
			pc = target
		}
	}

fault: // m.pc, m.cycles, m.sreg hold the state of the faulting instruction, its base cycles counted
	if fk != FaultPCOutOfFlash {
		m.cycles -= uint64(m.code[m.pc].Cyc)
	}
	return Stop{Reason: StopFault, Fault: m.newFault(fk, faddr)}
}
