package translate

import (
	"math/bits"

	"github.com/avrlab/avrlab/emu"
	"github.com/avrlab/avrlab/isa"
)

// Instruction groups: inst writes each group's instructions with one small method, so that no
// function of the generator is large. (V8 compiles the engine's Go functions one by one, each
// one loop over a br_table of its blocks: one 700-line switch was 34 KB of WebAssembly its
// optimising compiler spent 110-510 ms on, on the page's compile threads, during a timed run.)
const (
	grNone   = iota // left to the interpreter: a side exit
	grAddSub        // ADD, ADC, SUB, SBC, their immediates, CP, CPC, CPI, NEG
	grLogic         // AND, OR, EOR, ANDI, ORI
	grUnary         // COM, INC, DEC
	grShift         // ASR, LSR, ROR, SWAP
	grWord          // ADIW, SBIW
	grMul           // MUL and its signed and fractional forms
	grMove          // MOV, MOVW, LDI
	grBit           // BST, BLD, BSET, BCLR, and NOP, WDR (nothing)
	grStack         // PUSH, POP
	grLoad          // LD and LDD through X, Y, Z
	grStore         // ST and STD through X, Y, Z
	grDirect        // LDS, STS, IN, OUT, SBI, CBI
	grLPM           // LPM, ELPM
	grBranch        // BRBS, BRBC; this and the groups after it end their block
	grSkip          // CPSE, SBRC, SBRS, SBIC, SBIS
	grJump          // RJMP, JMP
	grCall          // RCALL, CALL, ICALL, EICALL
	grIJump         // IJMP, EIJMP
	grReturn        // RET, RETI
)

// inst writes the instruction at pc; norm holds the flags a later instruction reads, exit those
// only a later exit needs (see define); gs is its guard (an access through a pointer); last says
// it ends its block.
func (g *gen) inst(pc uint32, norm, exit uint8, gs guardSpan, last bool) {
	o := &g.p.Code[pc]
	c := class(g.d, o)
	switch c {
	case clHost, clFault:
		g.exit(pc, codeSide)
		return
	}
	_, def, _ := flagUse(g.p, o, c)
	g.forget(def)
	g.dropPtrs(byteRegs(o))
	grp := groupOf(o.Kind)
	switch {
	case grp == grNone:
		g.exit(pc, codeSide)
		return
	case grp >= grBranch:
		g.control(grp, pc, o, last)
		return
	}
	g.straight(grp, pc, o, norm, exit, gs)
	g.traceStep(pc)
	g.pend += int(o.Cyc)
	if last {
		g.endPtrs()
		g.flush()
		g.markBlock()
		g.jump(pc+uint32(o.Words), true)
	}
}

// groupOf returns the group of instruction kind k (grNone: not translated).
func groupOf(k isa.Op) int {
	switch k {
	case isa.ADD, isa.ADC, isa.SUB, isa.SUBI, isa.SBC, isa.SBCI, isa.CP, isa.CPI, isa.CPC, isa.NEG:
		return grAddSub
	case isa.AND, isa.ANDI, isa.OR, isa.ORI, isa.EOR:
		return grLogic
	case isa.COM, isa.INC, isa.DEC:
		return grUnary
	case isa.ASR, isa.LSR, isa.ROR, isa.SWAP:
		return grShift
	case isa.ADIW, isa.SBIW:
		return grWord
	case isa.MUL, isa.MULS, isa.MULSU, isa.FMUL, isa.FMULS, isa.FMULSU:
		return grMul
	case isa.MOV, isa.MOVW, isa.LDI:
		return grMove
	case isa.BST, isa.BLD, isa.BSET, isa.BCLR, isa.NOP, isa.WDR:
		return grBit
	case isa.PUSH, isa.POP:
		return grStack
	case isa.LDX, isa.LDY, isa.LDZ, isa.LDDY, isa.LDDZ, isa.LDXInc, isa.LDYInc, isa.LDZInc,
		isa.LDXDec, isa.LDYDec, isa.LDZDec:
		return grLoad
	case isa.STX, isa.STY, isa.STZ, isa.STDY, isa.STDZ, isa.STXInc, isa.STYInc, isa.STZInc,
		isa.STXDec, isa.STYDec, isa.STZDec:
		return grStore
	case isa.LDS, isa.LDSrc, isa.STS, isa.STSrc, isa.IN, isa.OUT, isa.SBI, isa.CBI:
		return grDirect
	case isa.LPM, isa.LPMZ, isa.LPMZInc, isa.ELPM, isa.ELPMZ, isa.ELPMZInc:
		return grLPM
	case isa.BRBS, isa.BRBC:
		return grBranch
	case isa.CPSE, isa.SBRC, isa.SBRS, isa.SBIC, isa.SBIS:
		return grSkip
	case isa.RJMP, isa.JMP:
		return grJump
	case isa.RCALL, isa.CALL, isa.ICALL, isa.EICALL:
		return grCall
	case isa.IJMP, isa.EIJMP:
		return grIJump
	case isa.RET, isa.RETI:
		return grReturn
	}
	return grNone
}

// straight writes o of group grp (not a control transfer), at pc: its effect, not its cycles.
func (g *gen) straight(grp int, pc uint32, o *emu.Op, norm, exit uint8, gs guardSpan) {
	switch grp {
	case grAddSub:
		g.addSub(o, norm, exit)
	case grLogic:
		g.logic(o, norm, exit)
	case grUnary:
		g.unary(o, norm, exit)
	case grShift:
		g.shift(o, norm, exit)
	case grWord:
		g.word(o, norm|exit)
	case grMul:
		g.mul(o, norm|exit)
	case grMove:
		g.move(o)
	case grBit:
		g.bitOp(o)
	case grStack:
		g.stack(pc, o)
	case grLoad:
		g.load(pc, o, gs)
	case grStore:
		g.store(pc, o, gs)
	case grDirect:
		g.direct(o)
	case grLPM:
		g.lpm(pc, o)
	}
}

// control writes the control transfer o of group grp at pc, which ends its block (last: the
// region's code goes on elsewhere after it).
func (g *gen) control(grp int, pc uint32, o *emu.Op, last bool) {
	switch grp {
	case grBranch:
		g.branch(pc, o, last)
	case grSkip:
		g.skip(pc, o, last)
	case grJump:
		g.keepPtrs(g.r.blocks[g.cur].carry)
		g.enterTransfer(pc, o)
		g.jump(o.Target, last)
	case grCall:
		g.callInst(pc, o, last)
	case grIJump:
		g.endPtrs()
		g.enterTransfer(pc, o)
		g.pair(30)
		if o.Kind == isa.EIJMP {
			g.eind()
		}
		g.dispatch()
	case grReturn:
		g.popRet(pc, o.Kind == isa.RETI)
		g.endPtrs()
		g.enterTransfer(pc, o)
		g.get(lT0)
		g.dispatch()
	}
}

// enterTransfer counts the control transfer o at pc and ends its block's straight code: its
// trace step and cycles, the cycles written out, the block's mark.
func (g *gen) enterTransfer(pc uint32, o *emu.Op) {
	g.traceStep(pc)
	g.pend += int(o.Cyc)
	g.flush()
	g.markBlock()
}

// addSub writes ADD, ADC, SUB, SBC, SUBI, SBCI, CP, CPC, CPI and NEG.
func (g *gen) addSub(o *emu.Op, norm, exit uint8) {
	rd, rr := lR(o.Rd), lR(o.Rr)
	if o.Kind == isa.ADD || o.Kind == isa.ADC {
		g.get(rd)
		g.set(lT1)
		g.get(rr)
		g.set(lT2)
		g.get(lT1)
		g.get(lT2)
		g.op(opI32Add)
		if o.Kind == isa.ADC {
			g.get(lF(fC))
			g.op(opI32Add)
		}
		g.set(lT0)
		g.define(fArith, norm, exit, slot{kind: pendArith}, false)
		g.result(rd)
		return
	}
	switch o.Kind {
	case isa.NEG:
		g.i32(0)
		g.set(lT1)
		g.get(rd)
		g.set(lT2)
	case isa.SUBI, isa.SBCI, isa.CPI:
		g.get(rd)
		g.set(lT1)
		g.i32(int64(o.K))
		g.set(lT2)
	default:
		g.get(rd)
		g.set(lT1)
		g.get(rr)
		g.set(lT2)
	}
	g.get(lT1)
	g.get(lT2)
	g.op(opI32Sub)
	carry := o.Kind == isa.SBC || o.Kind == isa.SBCI || o.Kind == isa.CPC
	if carry {
		g.get(lF(fC))
		g.op(opI32Sub)
	}
	g.set(lT0)
	g.define(fArith, norm, exit, slot{kind: pendArith, sub: true}, carry)
	if o.Kind != isa.CP && o.Kind != isa.CPI && o.Kind != isa.CPC {
		g.result(rd)
	}
}

// logic writes AND, ANDI, OR, ORI and EOR.
func (g *gen) logic(o *emu.Op, norm, exit uint8) {
	rd := lR(o.Rd)
	g.get(rd)
	switch o.Kind {
	case isa.ANDI, isa.ORI:
		g.i32(int64(o.K))
	default:
		g.get(lR(o.Rr))
	}
	switch o.Kind {
	case isa.AND, isa.ANDI:
		g.op(opI32And)
	case isa.OR, isa.ORI:
		g.op(opI32Or)
	default:
		g.op(opI32Xor)
	}
	g.set(lT0)
	g.define(fLogic, norm, exit, slot{kind: pendLogic}, false)
	g.get(lT0)
	g.set(rd)
}

// unary writes COM, INC and DEC.
func (g *gen) unary(o *emu.Op, norm, exit uint8) {
	rd := lR(o.Rd)
	g.get(rd)
	if o.Kind == isa.COM {
		g.i32(0xFF)
		g.op(opI32Xor)
		g.set(lT0)
		g.define(fShift, norm, exit, slot{kind: pendCom}, false)
	} else {
		g.i32(1)
		if o.Kind == isa.INC {
			g.op(opI32Add)
		} else {
			g.op(opI32Sub)
		}
		g.i32(0xFF)
		g.op(opI32And)
		g.set(lT0)
		v := int64(0x80)
		if o.Kind == isa.DEC {
			v = 0x7F
		}
		g.define(fLogic, norm, exit, slot{kind: pendLogic, vAt: v}, false)
	}
	g.get(lT0)
	g.set(rd)
}

// shift writes ASR, LSR, ROR and SWAP.
func (g *gen) shift(o *emu.Op, norm, exit uint8) {
	rd := lR(o.Rd)
	if o.Kind == isa.SWAP {
		g.get(rd)
		g.i32(4)
		g.op(opI32Shl)
		g.get(rd)
		g.i32(4)
		g.op(opI32ShrU)
		g.op(opI32Or)
		g.i32(0xFF)
		g.op(opI32And)
		g.set(rd)
		return
	}
	g.get(rd)
	g.set(lT1)
	g.get(lT1)
	g.i32(1)
	g.op(opI32ShrU)
	switch o.Kind {
	case isa.ASR:
		g.get(lT1)
		g.i32(0x80)
		g.op(opI32And)
		g.op(opI32Or)
	case isa.ROR:
		g.get(lF(fC))
		g.i32(7)
		g.op(opI32Shl)
		g.op(opI32Or)
	}
	g.set(lT0)
	g.define(fShift, norm, exit, slot{kind: pendShift}, false)
	g.get(lT0)
	g.set(rd)
}

// word writes ADIW and SBIW, computing the flags in live at once.
func (g *gen) word(o *emu.Op, live uint8) {
	hi := lR(o.Rd | 1)
	g.get(hi)
	g.set(lT1)
	g.pair(o.Rd)
	g.i32(int64(o.K))
	if o.Kind == isa.ADIW {
		g.op(opI32Add)
	} else {
		g.op(opI32Sub)
	}
	g.i32(0xFFFF)
	g.op(opI32And)
	g.set(lT0)
	g.get(lT0)
	g.i32(8)
	g.op(opI32ShrU)
	g.set(lT2) // high byte of the result
	// ADIW: V = !hi7 & r15, C = !r15 & hi7; SBIW: V = hi7 & !r15, C = r15 & !hi7.
	x, y := uint32(lT1), uint32(lT2)
	if o.Kind == isa.SBIW {
		x, y = lT2, lT1
	}
	if live&(fV|fS) != 0 {
		g.notAnd7(x, y)
		g.set(lF(fV))
	}
	g.setFlag(live, fC, func() { g.notAnd7(y, x) })
	if live&(fN|fS) != 0 {
		g.get(lT0)
		g.i32(15)
		g.op(opI32ShrU)
		g.set(lF(fN))
	}
	g.setFlag(live, fZ, func() { g.get(lT0); g.op(opI32Eqz) })
	g.setFlag(live, fS, func() { g.get(lF(fN)); g.get(lF(fV)); g.op(opI32Xor) })
	g.setPair16(o.Rd, lT0)
}

// notAnd7 pushes bit 7 of ^x & y (locals).
func (g *gen) notAnd7(x, y uint32) {
	g.get(x)
	g.i32(0xFF)
	g.op(opI32Xor)
	g.get(y)
	g.op(opI32And)
	g.i32(7)
	g.op(opI32ShrU)
}

// mul writes MUL, MULS, MULSU, FMUL, FMULS and FMULSU, computing the flags in live at once.
func (g *gen) mul(o *emu.Op, live uint8) {
	signedD := o.Kind == isa.MULS || o.Kind == isa.MULSU || o.Kind == isa.FMULS || o.Kind == isa.FMULSU
	signedR := o.Kind == isa.MULS || o.Kind == isa.FMULS
	g.get(lR(o.Rd))
	if signedD {
		g.sext()
	}
	g.get(lR(o.Rr))
	if signedR {
		g.sext()
	}
	g.op(opI32Mul)
	if signedD || signedR {
		g.i32(0xFFFF)
		g.op(opI32And)
	} // a product of two unsigned bytes is below 2^16
	g.set(lT1) // the product
	res := uint32(lT1)
	if o.Kind == isa.FMUL || o.Kind == isa.FMULS || o.Kind == isa.FMULSU {
		g.get(lT1)
		g.i32(1)
		g.op(opI32Shl)
		g.i32(0xFFFF)
		g.op(opI32And)
		g.set(lT0) // the result
		res = lT0
	}
	g.setFlag(live, fC, func() { g.get(lT1); g.i32(15); g.op(opI32ShrU) })
	g.setFlag(live, fZ, func() { g.get(res); g.op(opI32Eqz) })
	g.setPair16(0, res)
}

// move writes MOV, MOVW and LDI.
func (g *gen) move(o *emu.Op) {
	rd := lR(o.Rd)
	switch o.Kind {
	case isa.MOV:
		g.get(lR(o.Rr))
		g.set(rd)
	case isa.MOVW:
		g.get(lR(o.Rr))
		g.set(rd)
		g.get(lR(o.Rr | 1))
		g.set(lR(o.Rd | 1))
	case isa.LDI:
		g.i32(int64(o.K))
		g.set(rd)
	}
}

// bitOp writes BST, BLD, BSET and BCLR (NOP and WDR write nothing).
func (g *gen) bitOp(o *emu.Op) {
	rd := lR(o.Rd)
	switch o.Kind {
	case isa.BST:
		g.get(rd)
		g.i32(int64(bits.TrailingZeros8(o.Bit)))
		g.op(opI32ShrU)
		g.i32(1)
		g.op(opI32And)
		g.set(lF(fT))
	case isa.BLD:
		g.get(rd)
		g.i32(int64(^o.Bit))
		g.op(opI32And)
		g.get(lF(fT))
		g.i32(int64(bits.TrailingZeros8(o.Bit)))
		g.op(opI32Shl)
		g.op(opI32Or)
		g.set(rd)
	case isa.BSET, isa.BCLR:
		v := int64(1)
		if o.Kind == isa.BCLR {
			v = 0
		}
		g.i32(v)
		g.set(lF(o.Bit))
	}
}

// stack writes PUSH and POP at pc.
func (g *gen) stack(pc uint32, o *emu.Op) {
	rd := lR(o.Rd)
	if o.Kind == isa.PUSH {
		g.stackGuard(pc, -1)
		d := g.addr(lSP, g.stackTop(0))
		g.get(rd)
		g.mem(opI32Store8, uint32(int32(g.lay.Data)+d))
		g.noteOff(lSP, 0, emu.AccessWrite|emu.AccessStack)
		g.moved(lSP, -1)
		if g.stk == 0 { // the run's last push: nothing can leave between its pushes
			g.noteLow()
		}
		return
	}
	g.stackGuard(pc, 1)
	// The run's pops read up to SP + 1 + g.stk (checked by its guard).
	d := g.addr(lSP, g.stackTop(1+int32(g.stk)))
	g.mem(opI32Load8U, uint32(int32(g.lay.Data)+1+d))
	g.set(rd)
	g.noteOff(lSP, 1, emu.AccessRead|emu.AccessStack)
	g.moved(lSP, 1)
}

// load writes LD and LDD at pc, through a pointer whose guard is gs.
func (g *gen) load(pc uint32, o *emu.Op, gs guardSpan) {
	addr, step, _ := ptrAccess(o)
	d := g.access(o.Ptr, addr, step, gs, pc)
	if g.fwd.ok && g.fwd.load == g.k {
		g.get(lFwd) // the byte the last pass stored there (planForward)
	} else {
		g.get(lRun(o.Ptr))
		g.mem(opI32Load8U, g.lay.Data+d)
	}
	g.set(lT1)
	g.noteRun(o.Ptr, d, emu.AccessRead)
	g.loaded(o.Rd, o.Ptr)
}

// store writes ST and STD at pc, through a pointer whose guard is gs.
func (g *gen) store(pc uint32, o *emu.Op, gs guardSpan) {
	rd := lR(o.Rd)
	addr, step, _ := ptrAccess(o)
	d := g.access(o.Ptr, addr, step, gs, pc)
	g.get(lRun(o.Ptr))
	g.get(rd)
	g.mem(opI32Store8, g.lay.Data+d)
	if g.fwd.ok && g.fwd.store == g.k {
		g.get(rd)
		g.set(lFwd) // the next pass's load reads this byte (planForward)
	}
	g.noteRun(o.Ptr, d, emu.AccessWrite)
}

// direct writes the accesses at a constant address: LDS, STS, IN, OUT, SBI and CBI.
func (g *gen) direct(o *emu.Op) {
	rd, a := lR(o.Rd), uint32(o.Addr)
	switch o.Kind {
	case isa.LDS, isa.LDSrc, isa.IN:
		g.get(lBase)
		g.mem(opI32Load8U, g.lay.Data+a)
		g.set(rd)
		g.noteConst(a, emu.AccessRead)
	case isa.STS, isa.STSrc, isa.OUT:
		g.get(lBase)
		g.get(rd)
		g.mem(opI32Store8, g.lay.Data+a)
		g.noteConst(a, emu.AccessWrite)
	case isa.SBI, isa.CBI:
		g.get(lBase)
		g.get(lBase)
		g.mem(opI32Load8U, g.lay.Data+a)
		if o.Kind == isa.SBI {
			g.i32(int64(o.Bit))
			g.op(opI32Or)
		} else {
			g.i32(int64(^o.Bit))
			g.op(opI32And)
		}
		g.mem(opI32Store8, g.lay.Data+a)
		g.noteConst(a, emu.AccessRead|emu.AccessWrite)
	}
}

// lpm writes LPM and ELPM at pc.
func (g *gen) lpm(pc uint32, o *emu.Op) {
	ext := o.Kind == isa.ELPM || o.Kind == isa.ELPMZ || o.Kind == isa.ELPMZInc
	if ext {
		g.pair(30) // byteRegs dropped Z from the cache
	} else {
		g.ptr(30)
	}
	if ext && g.d.RAMPZ != 0 {
		g.get(lBase)
		g.mem(opI32Load8U, g.lay.Data+uint32(g.d.RAMPZ))
		g.i32(16)
		g.op(opI32Shl)
		g.op(opI32Or)
	}
	g.set(lT0)
	if ext || g.d.Flash < 1<<16 {
		// LPM's Z reaches no further than 64K: on a device with that much flash or more, the
		// read is always in flash.
		g.get(lT0)
		g.i32(int64(g.d.Flash))
		g.op(opI32GeU)
		g.exitIf(pc)
	}
	var top uint32 // the highest offset from lBase + Z (hints only): the access record's if any
	if g.hints() {
		top = g.lay.Flash
		if g.p.Access {
			top = g.lay.FlashRead
		}
	}
	d := g.addr(lT0, top)
	g.mem(opI32Load8U, uint32(int32(g.lay.Flash)+d))
	g.set(lT1)
	if g.p.Access {
		d := g.addr(lT0, top)
		g.i32(1)
		g.mem(opI32Store8, uint32(int32(g.lay.FlashRead)+d))
	}
	if o.Kind == isa.LPMZInc || o.Kind == isa.ELPMZInc {
		g.lpmIncZ(o, ext)
	}
	g.loaded(o.Rd, 30) // ELPM read Z as a pair, so only LPM's Z is cached
}

// lpmIncZ writes Z+1 (from lT0) back after LPM Z+ or ELPM Z+, and ELPM's carry into RAMPZ.
func (g *gen) lpmIncZ(o *emu.Op, ext bool) {
	g.get(lT0)
	g.i32(1)
	g.op(opI32Add)
	g.set(lT2)
	if ext {
		g.setPair(30, lT2)
	} else {
		g.setPtr(30, lT2)
	}
	if o.Kind == isa.ELPMZInc && g.d.RAMPZ != 0 {
		g.get(lBase)
		g.get(lT2)
		g.i32(16)
		g.op(opI32ShrU)
		g.i32(int64(g.d.RAMPZBits))
		g.op(opI32And)
		g.mem(opI32Store8, g.lay.Data+uint32(g.d.RAMPZ))
	}
}

// branch writes BRBS and BRBC at pc.
func (g *gen) branch(pc uint32, o *emu.Op, last bool) {
	carry := g.r.blocks[g.cur].carry
	g.keepPtrs(carry) // a self loop's carried pointers are written after the loop
	g.enterTransfer(pc, o)
	g.get(lF(o.Bit))
	if o.Kind == isa.BRBC {
		g.op(opI32Eqz)
	}
	g.open(opIf, labAnon)
	g.addCycles(1)
	g.jump(o.Target, false)
	g.end()
	g.endPtrs()
	if g.r.blocks[g.cur].self {
		g.materialize() // the flags the code after the loop needs (scanFlags)
		g.pending = [8]int{}
	}
	g.jump(pc+uint32(o.Words), last)
}

// skip writes CPSE, SBRC, SBRS, SBIC and SBIS at pc.
func (g *gen) skip(pc uint32, o *emu.Op, last bool) {
	g.endPtrs()
	g.traceStep(pc)
	g.pend += int(o.Cyc)
	g.flush()
	g.skipCondition(o)
	g.set(lT0)
	if o.Kind == isa.SBIC || o.Kind == isa.SBIS {
		g.noteConst(uint32(o.Addr), emu.AccessRead)
	}
	g.markBlock()
	g.get(lT0)
	g.open(opIf, labAnon)
	g.addCycles(int(o.Skip))
	next := pc + uint32(o.Words)
	g.jump(next+uint32(o.Skip), false)
	g.end()
	g.jump(next, last)
}

// skipCondition pushes whether the skip instruction o skips.
func (g *gen) skipCondition(o *emu.Op) {
	switch o.Kind {
	case isa.CPSE:
		g.get(lR(o.Rd))
		g.get(lR(o.Rr))
		g.op(opI32Eq)
	case isa.SBRC, isa.SBRS:
		g.get(lR(o.Rd))
		g.i32(int64(o.Bit))
		g.op(opI32And)
		if o.Kind == isa.SBRC {
			g.op(opI32Eqz)
		}
	default:
		g.get(lBase)
		g.mem(opI32Load8U, g.lay.Data+uint32(o.Addr))
		g.i32(int64(o.Bit))
		g.op(opI32And)
		if o.Kind == isa.SBIC {
			g.op(opI32Eqz)
		}
	}
}

// callInst writes RCALL, CALL, ICALL and EICALL at pc.
func (g *gen) callInst(pc uint32, o *emu.Op, last bool) {
	g.pushRet(pc, pc+uint32(o.Words))
	g.endPtrs()
	g.enterTransfer(pc, o)
	if o.Kind == isa.RCALL || o.Kind == isa.CALL {
		g.jump(o.Target, last)
		return
	}
	g.pair(30)
	if o.Kind == isa.EICALL {
		g.eind()
	}
	g.dispatch()
}

// loaded writes the byte in lT1 to register rd, the destination of a load through pointer pair p
// (LD, LDD, LPM). A load into a byte of its own pointer drops the cached pointer first: the loaded
// byte wins over the pointer's update, and the cache, which the load itself filled, is stale for the
// instructions after (ldd r30, Z+3 then std Z+56, r19). Every other register write drops the
// pointers it touches before the instruction (inst's dropPtrs of byteRegs), but a load fills the
// cache after that.
func (g *gen) loaded(rd, p uint8) {
	if rd|1 == p|1 {
		g.dropPtrs(3 << p)
	}
	g.get(lT1)
	g.set(lR(rd))
}

func (g *gen) sext() {
	g.i32(24)
	g.op(opI32Shl)
	g.i32(24)
	g.op(opI32ShrS)
}

// eind ors EIND << 16 into the i32 on the stack.
func (g *gen) eind() {
	if g.d.EIND == 0 {
		return
	}
	g.get(lBase)
	g.mem(opI32Load8U, g.lay.Data+uint32(g.d.EIND))
	g.i32(16)
	g.op(opI32Shl)
	g.op(opI32Or)
}

// maxStackRun bounds the pushes (or pops) one stack guard covers.
const maxStackRun = 32

// stackGuard emits the SRAM check of the PUSH (dir -1) or POP (dir 1) at pc: the first of a run of
// them in its block checks the bytes the whole run touches (SP down to SP-n+1, or SP+1 up to SP+n),
// leaving before the first when any is outside SRAM, and the others check nothing (nothing between
// them changes SP). Prologues and epilogues are such runs: one exit each instead of one per push.
func (g *gen) stackGuard(pc uint32, dir int) {
	if g.stk > 0 {
		g.stk--
		return
	}
	kind := g.p.Code[pc].Kind
	b := g.r.blocks[g.cur]
	n, at := 1, -1
	for k, q := range b.insts {
		if q == pc {
			at = k
			break
		}
	}
	for at >= 0 && at+n < len(b.insts) && n < min(maxStackRun, int(g.d.SRAMSize)) &&
		b.insts[at+n] == pc+uint32(n) && g.p.Code[b.insts[at+n]].Kind == kind {
		n++
	}
	g.stk = n - 1
	// PUSH: SP-n+1 .. SP in SRAM; POP: SP+1 .. SP+n.
	g.get(lSP)
	if dir < 0 {
		g.i32(int64(g.d.SRAMStart) + int64(n-1))
	} else {
		g.i32(int64(g.d.SRAMStart) - 1)
	}
	g.op(opI32Sub)
	g.i32(int64(g.d.SRAMSize) - int64(n-1))
	g.op(opI32GeU)
	g.exitIf(pc)
}

// noteLow lowers the stack low-water mark to SP.
func (g *gen) noteLow() {
	g.get(lSP)
	g.get(lLow)
	g.op(opI32LtU)
	g.open(opIf, labAnon)
	g.get(lSP)
	g.set(lLow)
	g.end()
}

func (g *gen) retBytes() uint32 {
	if g.d.PC22 {
		return 3
	}
	return 2
}

// pushRet pushes the return address ret as a call does, or leaves by a side exit at pc.
func (g *gen) pushRet(pc, ret uint32) {
	n := g.retBytes()
	// off = sp - SRAMStart must be in SRAM and at least n-1.
	g.get(lSP)
	g.i32(int64(g.d.SRAMStart))
	g.op(opI32Sub)
	g.set(lT0)
	g.get(lT0)
	g.i32(int64(g.d.SRAMSize))
	g.op(opI32GeU)
	g.get(lT0)
	g.i32(int64(n - 1))
	g.op(opI32LtU)
	g.op(opI32Or)
	g.exitIf(pc)
	for i := uint32(0); i < n; i++ {
		d := g.addr(lSP, g.stackTop(0))
		g.i32(int64(ret >> (8 * i) & 0xFF))
		g.mem(opI32Store8, uint32(int32(g.lay.Data-i)+d))
		g.noteOff(lSP, -int32(i), emu.AccessWrite|emu.AccessStack)
	}
	g.get(lSP)
	g.i32(int64(n))
	g.op(opI32Sub)
	g.set(lSP)
	g.noteLow()
}

// popRet pops a return address into lT0 as RET does, or leaves by a side exit at pc (out of SRAM,
// or the return sentinel, which the interpreter reports).
func (g *gen) popRet(pc uint32, reti bool) {
	n := g.retBytes()
	// off = sp + 1 - SRAMStart; off < size and off + n <= size.
	g.get(lSP)
	g.i32(int64(1 - int(g.d.SRAMStart)))
	g.op(opI32Add)
	g.set(lT1)
	g.get(lT1)
	g.i32(int64(g.d.SRAMSize) - int64(n))
	g.op(opI32GtU)
	g.exitIf(pc)
	g.i32(0)
	for i := uint32(0); i < n; i++ {
		g.i32(8)
		g.op(opI32Shl)
		d := g.addr(lSP, g.stackTop(int32(n)))
		g.mem(opI32Load8U, uint32(int32(g.lay.Data+1+i)+d))
		g.op(opI32Or)
	}
	g.i32(1<<22 - 1)
	g.op(opI32And)
	g.tee(lT0)
	g.get(lSent)
	g.op(opI32Eq)
	g.exitIf(pc)
	if g.hints() && g.p.Access {
		g.addr(lSP, g.stackTop(int32(n))) // the marks' top first: one bounds check for them
		g.op(opDrop)
	}
	for i := uint32(0); i < n; i++ {
		g.noteOff(lSP, int32(1+i), emu.AccessRead|emu.AccessStack)
	}
	g.get(lSP)
	g.i32(int64(n))
	g.op(opI32Add)
	g.set(lSP)
	if reti && g.d.Core != isa.CoreAVRxm && g.d.Core != isa.CoreAVRxt {
		g.i32(1)
		g.set(lF(fI))
	}
}

// result writes the low byte of lT0 to register local rd.
func (g *gen) result(rd uint32) {
	g.get(lT0)
	g.i32(0xFF)
	g.op(opI32And)
	g.set(rd)
}

// setFlag emits flag f = value when f is live.
func (g *gen) setFlag(live uint8, f uint8, value func()) {
	if live&f == 0 {
		return
	}
	value()
	g.set(lF(f))
}
