package isa

// Op identifies one operation. Forms that behave differently (each pointer mode of LD, ST, LPM …) have
// their own Op so that the emulator switches on it directly; aliases have their own Op as well.
type Op uint8

// The operations, named as the manual spells the mnemonic; pointer modes are suffixed (X, XInc, XDec …).
const (
	OpInvalid Op = iota
	ADC
	ADD
	ADIW
	AND
	ANDI
	ASR
	BCLR
	BLD
	BRBC
	BRBS
	BREAK
	BSET
	BST
	CALL
	CBI
	COM
	CP
	CPC
	CPI
	CPSE
	DEC
	DES
	EICALL
	EIJMP
	ELPM
	ELPMZ
	ELPMZInc
	EOR
	FMUL
	FMULS
	FMULSU
	ICALL
	IJMP
	IN
	INC
	JMP
	LAC
	LAS
	LAT
	LDX
	LDXInc
	LDXDec
	LDY
	LDYInc
	LDYDec
	LDDY
	LDZ
	LDZInc
	LDZDec
	LDDZ
	LDI
	LDS
	LDSrc
	LPM
	LPMZ
	LPMZInc
	LSR
	MOV
	MOVW
	MUL
	MULS
	MULSU
	NEG
	NOP
	OR
	ORI
	OUT
	POP
	PUSH
	RCALL
	RET
	RETI
	RJMP
	ROR
	SBC
	SBCI
	SBI
	SBIC
	SBIS
	SBIW
	SBRC
	SBRS
	SLEEP
	SPM
	SPMZInc
	STX
	STXInc
	STXDec
	STY
	STYInc
	STYDec
	STDY
	STZ
	STZInc
	STZDec
	STDZ
	STS
	STSrc
	SUB
	SUBI
	SWAP
	WDR
	XCH
	// Aliases (manual §5 lists each as its own instruction).
	LSL
	ROL
	TST
	CLR
	SER
	SBR
	CBR
	BRCC
	BRCS
	BREQ
	BRNE
	BRGE
	BRLT
	BRHC
	BRHS
	BRID
	BRIE
	BRLO
	BRSH
	BRMI
	BRPL
	BRTC
	BRTS
	BRVC
	BRVS
	CLC
	CLZ
	CLN
	CLV
	CLS
	CLH
	CLT
	CLI
	SEC
	SEZ
	SEN
	SEV
	SES
	SEH
	SET
	SEI
	NumOps
)

// cyc builds a cycle row: AVRe column, AVRxm, AVRxt, AVRrc (0 = not on that core).
func cyc(e, xm, xt, rc uint8) [NumTimings]uint8 { return [NumTimings]uint8{e, xm, xt, rc} }

// row is the compact table entry from which a Form is built.
type row struct {
	op      Op
	mn      string
	pattern string
	ops     []Operand
	cores   CoreSet
	cycles  [NumTimings]uint8
	extra   Extra
	pc22    uint8
	alias   *Alias
}

func o(k Kind, letter byte) Operand { return Operand{Kind: k, Letter: letter} }

func alias(base Op, args ...AliasArg) *Alias { return &Alias{Base: base, Args: args} }
func from(i int) AliasArg                    { return AliasArg{From: i} }
func konst(v int64) AliasArg                 { return AliasArg{From: -1, Const: v} }

// tableRows returns the instruction table. Patterns and cycle counts are from DS40002198A §5 (one
// table per instruction) and §4 Tables 4-2…4-6; see ../shared/docs/avr-timing.md for the per-core
// columns. Cycle columns: AVRe (AVR/AVRe/AVRe+), AVRxm, AVRxt, AVRrc; 0 where the core lacks the form.
// The AVRrc LD figures are for data-space access (memory-mapped flash takes one more).
//
// It is the one source of the table, and a function so that no package initialisation runs it: the
// program's [Forms] come from forms_gen.go, which TestFormsGenerated writes from these rows (go
// generate) and holds to them field by field.
func tableRows() []row {
	one := cyc(1, 1, 1, 1) // the single-cycle row common to ALU instructions on every core
	var (
		rd   = o(Reg, 'd')
		rr   = o(Reg, 'r')
		rdH  = o(RegHigh, 'd')
		rrH  = o(RegHigh, 'r')
		k8   = o(Imm8, 'K')
		pX   = o(PtrX, 0)
		pXI  = o(PtrXInc, 0)
		pXD  = o(PtrXDec, 0)
		pY   = o(PtrY, 0)
		pYI  = o(PtrYInc, 0)
		pYD  = o(PtrYDec, 0)
		pZ   = o(PtrZ, 0)
		pZI  = o(PtrZInc, 0)
		pZD  = o(PtrZDec, 0)
		pYQ  = o(PtrYDisp, 'q')
		pZQ  = o(PtrZDisp, 'q')
		sbit = o(SregBit, 's')
		rel7 = o(Rel7, 'k')
		ops2 = func(a, b Operand) []Operand { return []Operand{a, b} }
		ops1 = func(a Operand) []Operand { return []Operand{a} }
	)
	brAlias := func(op Op, mn string, base Op, s int64) row {
		p := "1111 01kk kkkk ksss"
		if base == BRBS {
			p = "1111 00kk kkkk ksss"
		}
		return row{op: op, mn: mn, pattern: p, ops: ops1(rel7), alias: alias(base, konst(s), from(0))}
	}
	flagAlias := func(op Op, mn string, base Op, s int64) row {
		p := "1001 0100 0sss 1000"
		if base == BCLR {
			p = "1001 0100 1sss 1000"
		}
		return row{op: op, mn: mn, pattern: p, alias: alias(base, konst(s))}
	}
	return []row{
		{op: ADC, mn: "adc", pattern: "0001 11rd dddd rrrr", ops: ops2(rd, rr), cores: allCores, cycles: one},
		{op: ADD, mn: "add", pattern: "0000 11rd dddd rrrr", ops: ops2(rd, rr), cores: allCores, cycles: one},
		{op: ADIW, mn: "adiw", pattern: "1001 0110 KKdd KKKK", ops: ops2(o(RegWord, 'd'), o(Imm6, 'K')), cores: notRC, cycles: cyc(2, 2, 2, 0)},
		{op: AND, mn: "and", pattern: "0010 00rd dddd rrrr", ops: ops2(rd, rr), cores: allCores, cycles: one},
		{op: ANDI, mn: "andi", pattern: "0111 KKKK dddd KKKK", ops: ops2(rdH, k8), cores: allCores, cycles: one},
		{op: ASR, mn: "asr", pattern: "1001 010d dddd 0101", ops: ops1(rd), cores: allCores, cycles: one},
		{op: BCLR, mn: "bclr", pattern: "1001 0100 1sss 1000", ops: ops1(sbit), cores: allCores, cycles: one},
		{op: BLD, mn: "bld", pattern: "1111 100d dddd 0bbb", ops: ops2(rd, o(Bit, 'b')), cores: allCores, cycles: one},
		{op: BRBC, mn: "brbc", pattern: "1111 01kk kkkk ksss", ops: ops2(sbit, rel7), cores: allCores, cycles: one, extra: ExtraBranch},
		{op: BRBS, mn: "brbs", pattern: "1111 00kk kkkk ksss", ops: ops2(sbit, rel7), cores: allCores, cycles: one, extra: ExtraBranch},
		{op: BREAK, mn: "break", pattern: "1001 0101 1001 1000", cores: breakCores, cycles: one},
		{op: BSET, mn: "bset", pattern: "1001 0100 0sss 1000", ops: ops1(sbit), cores: allCores, cycles: one},
		{op: BST, mn: "bst", pattern: "1111 101d dddd 0bbb", ops: ops2(rd, o(Bit, 'b')), cores: allCores, cycles: one},
		{op: CALL, mn: "call", pattern: "1001 010k kkkk 111k kkkk kkkk kkkk kkkk", ops: ops1(o(Abs22, 'k')), cores: fromAVRe, cycles: cyc(4, 3, 3, 0), pc22: 1},
		{op: CBI, mn: "cbi", pattern: "1001 1000 AAAA Abbb", ops: ops2(o(IO5, 'A'), o(Bit, 'b')), cores: allCores, cycles: cyc(2, 1, 1, 1)},
		{op: COM, mn: "com", pattern: "1001 010d dddd 0000", ops: ops1(rd), cores: allCores, cycles: one},
		{op: CP, mn: "cp", pattern: "0001 01rd dddd rrrr", ops: ops2(rd, rr), cores: allCores, cycles: one},
		{op: CPC, mn: "cpc", pattern: "0000 01rd dddd rrrr", ops: ops2(rd, rr), cores: allCores, cycles: one},
		{op: CPI, mn: "cpi", pattern: "0011 KKKK dddd KKKK", ops: ops2(rdH, k8), cores: allCores, cycles: one},
		{op: CPSE, mn: "cpse", pattern: "0001 00rd dddd rrrr", ops: ops2(rd, rr), cores: allCores, cycles: one, extra: ExtraSkip},
		{op: DEC, mn: "dec", pattern: "1001 010d dddd 1010", ops: ops1(rd), cores: allCores, cycles: one},
		{op: DES, mn: "des", pattern: "1001 0100 KKKK 1011", ops: ops1(o(Imm4, 'K')), cores: onlyXM, cycles: cyc(0, 1, 0, 0), extra: ExtraDES},
		{op: EICALL, mn: "eicall", pattern: "1001 0101 0001 1001", cores: fromAVReP, cycles: cyc(3, 2, 2, 0), pc22: 1},
		{op: EIJMP, mn: "eijmp", pattern: "1001 0100 0001 1001", cores: fromAVReP, cycles: cyc(2, 2, 2, 0)},
		{op: ELPM, mn: "elpm", pattern: "1001 0101 1101 1000", cores: fromAVReP, cycles: cyc(3, 3, 3, 0)},
		{op: ELPMZ, mn: "elpm", pattern: "1001 000d dddd 0110", ops: ops2(rd, pZ), cores: fromAVReP, cycles: cyc(3, 3, 3, 0)},
		{op: ELPMZInc, mn: "elpm", pattern: "1001 000d dddd 0111", ops: ops2(rd, pZI), cores: fromAVReP, cycles: cyc(3, 3, 3, 0)},
		{op: EOR, mn: "eor", pattern: "0010 01rd dddd rrrr", ops: ops2(rd, rr), cores: allCores, cycles: one},
		{op: FMUL, mn: "fmul", pattern: "0000 0011 0ddd 1rrr", ops: ops2(o(RegMul, 'd'), o(RegMul, 'r')), cores: fromAVReP, cycles: cyc(2, 2, 2, 0)},
		{op: FMULS, mn: "fmuls", pattern: "0000 0011 1ddd 0rrr", ops: ops2(o(RegMul, 'd'), o(RegMul, 'r')), cores: fromAVReP, cycles: cyc(2, 2, 2, 0)},
		{op: FMULSU, mn: "fmulsu", pattern: "0000 0011 1ddd 1rrr", ops: ops2(o(RegMul, 'd'), o(RegMul, 'r')), cores: fromAVReP, cycles: cyc(2, 2, 2, 0)},
		{op: ICALL, mn: "icall", pattern: "1001 0101 0000 1001", cores: allCores, cycles: cyc(3, 2, 2, 3), pc22: 1},
		{op: IJMP, mn: "ijmp", pattern: "1001 0100 0000 1001", cores: allCores, cycles: cyc(2, 2, 2, 2)},
		{op: IN, mn: "in", pattern: "1011 0AAd dddd AAAA", ops: ops2(rd, o(IO6, 'A')), cores: allCores, cycles: one},
		{op: INC, mn: "inc", pattern: "1001 010d dddd 0011", ops: ops1(rd), cores: allCores, cycles: one},
		{op: JMP, mn: "jmp", pattern: "1001 010k kkkk 110k kkkk kkkk kkkk kkkk", ops: ops1(o(Abs22, 'k')), cores: fromAVRe, cycles: cyc(3, 3, 3, 0)},
		{op: LAC, mn: "lac", pattern: "1001 001r rrrr 0110", ops: ops2(pZ, rr), cores: onlyXM, cycles: cyc(0, 2, 0, 0)},
		{op: LAS, mn: "las", pattern: "1001 001r rrrr 0101", ops: ops2(pZ, rr), cores: onlyXM, cycles: cyc(0, 2, 0, 0)},
		{op: LAT, mn: "lat", pattern: "1001 001r rrrr 0111", ops: ops2(pZ, rr), cores: onlyXM, cycles: cyc(0, 2, 0, 0)},
		{op: LDX, mn: "ld", pattern: "1001 000d dddd 1100", ops: ops2(rd, pX), cores: allCores, cycles: cyc(2, 2, 2, 1)},
		{op: LDXInc, mn: "ld", pattern: "1001 000d dddd 1101", ops: ops2(rd, pXI), cores: allCores, cycles: cyc(2, 2, 2, 2)},
		{op: LDXDec, mn: "ld", pattern: "1001 000d dddd 1110", ops: ops2(rd, pXD), cores: allCores, cycles: cyc(2, 3, 2, 2)},
		{op: LDY, mn: "ld", pattern: "1000 000d dddd 1000", ops: ops2(rd, pY), cores: allCores, cycles: cyc(2, 2, 2, 1)},
		{op: LDYInc, mn: "ld", pattern: "1001 000d dddd 1001", ops: ops2(rd, pYI), cores: allCores, cycles: cyc(2, 2, 2, 2)},
		{op: LDYDec, mn: "ld", pattern: "1001 000d dddd 1010", ops: ops2(rd, pYD), cores: allCores, cycles: cyc(2, 3, 2, 2)},
		{op: LDDY, mn: "ldd", pattern: "10q0 qq0d dddd 1qqq", ops: ops2(rd, pYQ), cores: notRC, cycles: cyc(2, 3, 2, 0)},
		{op: LDZ, mn: "ld", pattern: "1000 000d dddd 0000", ops: ops2(rd, pZ), cores: allCores, cycles: cyc(2, 2, 2, 1)},
		{op: LDZInc, mn: "ld", pattern: "1001 000d dddd 0001", ops: ops2(rd, pZI), cores: allCores, cycles: cyc(2, 2, 2, 2)},
		{op: LDZDec, mn: "ld", pattern: "1001 000d dddd 0010", ops: ops2(rd, pZD), cores: allCores, cycles: cyc(2, 3, 2, 2)},
		{op: LDDZ, mn: "ldd", pattern: "10q0 qq0d dddd 0qqq", ops: ops2(rd, pZQ), cores: notRC, cycles: cyc(2, 3, 2, 0)},
		{op: LDI, mn: "ldi", pattern: "1110 KKKK dddd KKKK", ops: ops2(rdH, k8), cores: allCores, cycles: one},
		{op: LDS, mn: "lds", pattern: "1001 000d dddd 0000 kkkk kkkk kkkk kkkk", ops: ops2(rd, o(Data16, 'k')), cores: notRC, cycles: cyc(2, 3, 3, 0)},
		{op: LDSrc, mn: "lds", pattern: "1010 0kkk dddd kkkk", ops: ops2(rdH, o(Data7, 'k')), cores: onlyRC, cycles: cyc(0, 0, 0, 2)},
		{op: LPM, mn: "lpm", pattern: "1001 0101 1100 1000", cores: notRC, cycles: cyc(3, 3, 3, 0)},
		{op: LPMZ, mn: "lpm", pattern: "1001 000d dddd 0100", ops: ops2(rd, pZ), cores: fromAVRe, cycles: cyc(3, 3, 3, 0)},
		{op: LPMZInc, mn: "lpm", pattern: "1001 000d dddd 0101", ops: ops2(rd, pZI), cores: fromAVRe, cycles: cyc(3, 3, 3, 0)},
		{op: LSR, mn: "lsr", pattern: "1001 010d dddd 0110", ops: ops1(rd), cores: allCores, cycles: one},
		{op: MOV, mn: "mov", pattern: "0010 11rd dddd rrrr", ops: ops2(rd, rr), cores: allCores, cycles: one},
		{op: MOVW, mn: "movw", pattern: "0000 0001 dddd rrrr", ops: ops2(o(RegEven, 'd'), o(RegEven, 'r')), cores: fromAVRe, cycles: cyc(1, 1, 1, 0)},
		{op: MUL, mn: "mul", pattern: "1001 11rd dddd rrrr", ops: ops2(rd, rr), cores: fromAVReP, cycles: cyc(2, 2, 2, 0)},
		{op: MULS, mn: "muls", pattern: "0000 0010 dddd rrrr", ops: ops2(rdH, rrH), cores: fromAVReP, cycles: cyc(2, 2, 2, 0)},
		{op: MULSU, mn: "mulsu", pattern: "0000 0011 0ddd 0rrr", ops: ops2(o(RegMul, 'd'), o(RegMul, 'r')), cores: fromAVReP, cycles: cyc(2, 2, 2, 0)},
		{op: NEG, mn: "neg", pattern: "1001 010d dddd 0001", ops: ops1(rd), cores: allCores, cycles: one},
		{op: NOP, mn: "nop", pattern: "0000 0000 0000 0000", cores: allCores, cycles: one},
		{op: OR, mn: "or", pattern: "0010 10rd dddd rrrr", ops: ops2(rd, rr), cores: allCores, cycles: one},
		{op: ORI, mn: "ori", pattern: "0110 KKKK dddd KKKK", ops: ops2(rdH, k8), cores: allCores, cycles: one},
		{op: OUT, mn: "out", pattern: "1011 1AAr rrrr AAAA", ops: ops2(o(IO6, 'A'), rr), cores: allCores, cycles: one},
		{op: POP, mn: "pop", pattern: "1001 000d dddd 1111", ops: ops1(rd), cores: allCores, cycles: cyc(2, 2, 2, 3)},
		{op: PUSH, mn: "push", pattern: "1001 001d dddd 1111", ops: ops1(rd), cores: allCores, cycles: cyc(2, 1, 1, 1)},
		{op: RCALL, mn: "rcall", pattern: "1101 kkkk kkkk kkkk", ops: ops1(o(Rel12, 'k')), cores: allCores, cycles: cyc(3, 2, 2, 3), pc22: 1},
		{op: RET, mn: "ret", pattern: "1001 0101 0000 1000", cores: allCores, cycles: cyc(4, 4, 4, 6), pc22: 1},
		{op: RETI, mn: "reti", pattern: "1001 0101 0001 1000", cores: allCores, cycles: cyc(4, 4, 4, 6), pc22: 1},
		{op: RJMP, mn: "rjmp", pattern: "1100 kkkk kkkk kkkk", ops: ops1(o(Rel12, 'k')), cores: allCores, cycles: cyc(2, 2, 2, 2)},
		{op: ROR, mn: "ror", pattern: "1001 010d dddd 0111", ops: ops1(rd), cores: allCores, cycles: one},
		{op: SBC, mn: "sbc", pattern: "0000 10rd dddd rrrr", ops: ops2(rd, rr), cores: allCores, cycles: one},
		{op: SBCI, mn: "sbci", pattern: "0100 KKKK dddd KKKK", ops: ops2(rdH, k8), cores: allCores, cycles: one},
		{op: SBI, mn: "sbi", pattern: "1001 1010 AAAA Abbb", ops: ops2(o(IO5, 'A'), o(Bit, 'b')), cores: allCores, cycles: cyc(2, 1, 1, 1)},
		{op: SBIC, mn: "sbic", pattern: "1001 1001 AAAA Abbb", ops: ops2(o(IO5, 'A'), o(Bit, 'b')), cores: allCores, cycles: cyc(1, 2, 1, 1), extra: ExtraSkip},
		{op: SBIS, mn: "sbis", pattern: "1001 1011 AAAA Abbb", ops: ops2(o(IO5, 'A'), o(Bit, 'b')), cores: allCores, cycles: cyc(1, 2, 1, 1), extra: ExtraSkip},
		{op: SBIW, mn: "sbiw", pattern: "1001 0111 KKdd KKKK", ops: ops2(o(RegWord, 'd'), o(Imm6, 'K')), cores: notRC, cycles: cyc(2, 2, 2, 0)},
		{op: SBRC, mn: "sbrc", pattern: "1111 110r rrrr 0bbb", ops: ops2(rr, o(Bit, 'b')), cores: allCores, cycles: one, extra: ExtraSkip},
		{op: SBRS, mn: "sbrs", pattern: "1111 111r rrrr 0bbb", ops: ops2(rr, o(Bit, 'b')), cores: allCores, cycles: one, extra: ExtraSkip},
		{op: SLEEP, mn: "sleep", pattern: "1001 0101 1000 1000", cores: allCores, cycles: one},
		// SPM takes programming time; the manual gives no figure ("varies"). avrlab charges 1 cycle and
		// documents it as not modelled.
		{op: SPM, mn: "spm", pattern: "1001 0101 1110 1000", cores: fromAVRe, cycles: cyc(1, 1, 1, 0)},
		{op: SPMZInc, mn: "spm", pattern: "1001 0101 1111 1000", ops: ops1(pZI), cores: xmXT, cycles: cyc(0, 1, 1, 0)},
		{op: STX, mn: "st", pattern: "1001 001r rrrr 1100", ops: ops2(pX, rr), cores: allCores, cycles: cyc(2, 1, 1, 1)},
		{op: STXInc, mn: "st", pattern: "1001 001r rrrr 1101", ops: ops2(pXI, rr), cores: allCores, cycles: cyc(2, 1, 1, 1)},
		{op: STXDec, mn: "st", pattern: "1001 001r rrrr 1110", ops: ops2(pXD, rr), cores: allCores, cycles: cyc(2, 2, 1, 2)},
		{op: STY, mn: "st", pattern: "1000 001r rrrr 1000", ops: ops2(pY, rr), cores: allCores, cycles: cyc(2, 1, 1, 1)},
		{op: STYInc, mn: "st", pattern: "1001 001r rrrr 1001", ops: ops2(pYI, rr), cores: allCores, cycles: cyc(2, 1, 1, 1)},
		{op: STYDec, mn: "st", pattern: "1001 001r rrrr 1010", ops: ops2(pYD, rr), cores: allCores, cycles: cyc(2, 2, 1, 2)},
		{op: STDY, mn: "std", pattern: "10q0 qq1r rrrr 1qqq", ops: ops2(pYQ, rr), cores: notRC, cycles: cyc(2, 2, 1, 0)},
		{op: STZ, mn: "st", pattern: "1000 001r rrrr 0000", ops: ops2(pZ, rr), cores: allCores, cycles: cyc(2, 1, 1, 1)},
		{op: STZInc, mn: "st", pattern: "1001 001r rrrr 0001", ops: ops2(pZI, rr), cores: allCores, cycles: cyc(2, 1, 1, 1)},
		{op: STZDec, mn: "st", pattern: "1001 001r rrrr 0010", ops: ops2(pZD, rr), cores: allCores, cycles: cyc(2, 2, 1, 2)},
		{op: STDZ, mn: "std", pattern: "10q0 qq1r rrrr 0qqq", ops: ops2(pZQ, rr), cores: notRC, cycles: cyc(2, 2, 1, 0)},
		{op: STS, mn: "sts", pattern: "1001 001d dddd 0000 kkkk kkkk kkkk kkkk", ops: ops2(o(Data16, 'k'), rd), cores: notRC, cycles: cyc(2, 2, 2, 0)},
		{op: STSrc, mn: "sts", pattern: "1010 1kkk dddd kkkk", ops: ops2(o(Data7, 'k'), rdH), cores: onlyRC, cycles: cyc(0, 0, 0, 1)},
		{op: SUB, mn: "sub", pattern: "0001 10rd dddd rrrr", ops: ops2(rd, rr), cores: allCores, cycles: one},
		{op: SUBI, mn: "subi", pattern: "0101 KKKK dddd KKKK", ops: ops2(rdH, k8), cores: allCores, cycles: one},
		{op: SWAP, mn: "swap", pattern: "1001 010d dddd 0010", ops: ops1(rd), cores: allCores, cycles: one},
		{op: WDR, mn: "wdr", pattern: "1001 0101 1010 1000", cores: allCores, cycles: one},
		{op: XCH, mn: "xch", pattern: "1001 001r rrrr 0100", ops: ops2(pZ, rr), cores: onlyXM, cycles: cyc(0, 2, 0, 0)},

		// Aliases: the pattern is the base form's; the alias maps its operands onto the base's.
		{op: LSL, mn: "lsl", pattern: "0000 11rd dddd rrrr", ops: ops1(rd), alias: alias(ADD, from(0), from(0))},
		{op: ROL, mn: "rol", pattern: "0001 11rd dddd rrrr", ops: ops1(rd), alias: alias(ADC, from(0), from(0))},
		{op: TST, mn: "tst", pattern: "0010 00rd dddd rrrr", ops: ops1(rd), alias: alias(AND, from(0), from(0))},
		{op: CLR, mn: "clr", pattern: "0010 01rd dddd rrrr", ops: ops1(rd), alias: alias(EOR, from(0), from(0))},
		{op: SER, mn: "ser", pattern: "1110 KKKK dddd KKKK", ops: ops1(rdH), alias: alias(LDI, from(0), konst(0xFF))},
		{op: SBR, mn: "sbr", pattern: "0110 KKKK dddd KKKK", ops: ops2(rdH, k8), alias: alias(ORI, from(0), from(1))},
		{op: CBR, mn: "cbr", pattern: "0111 KKKK dddd KKKK", ops: ops2(rdH, k8), alias: alias(ANDI, from(0), AliasArg{From: 1, Complement: true})},
		brAlias(BRCC, "brcc", BRBC, 0), brAlias(BRCS, "brcs", BRBS, 0),
		brAlias(BREQ, "breq", BRBS, 1), brAlias(BRNE, "brne", BRBC, 1),
		brAlias(BRGE, "brge", BRBC, 4), brAlias(BRLT, "brlt", BRBS, 4),
		brAlias(BRHC, "brhc", BRBC, 5), brAlias(BRHS, "brhs", BRBS, 5),
		brAlias(BRID, "brid", BRBC, 7), brAlias(BRIE, "brie", BRBS, 7),
		brAlias(BRLO, "brlo", BRBS, 0), brAlias(BRSH, "brsh", BRBC, 0),
		brAlias(BRMI, "brmi", BRBS, 2), brAlias(BRPL, "brpl", BRBC, 2),
		brAlias(BRTC, "brtc", BRBC, 6), brAlias(BRTS, "brts", BRBS, 6),
		brAlias(BRVC, "brvc", BRBC, 3), brAlias(BRVS, "brvs", BRBS, 3),
		flagAlias(CLC, "clc", BCLR, 0), flagAlias(CLZ, "clz", BCLR, 1), flagAlias(CLN, "cln", BCLR, 2),
		flagAlias(CLV, "clv", BCLR, 3), flagAlias(CLS, "cls", BCLR, 4), flagAlias(CLH, "clh", BCLR, 5),
		flagAlias(CLT, "clt", BCLR, 6), flagAlias(CLI, "cli", BCLR, 7),
		flagAlias(SEC, "sec", BSET, 0), flagAlias(SEZ, "sez", BSET, 1), flagAlias(SEN, "sen", BSET, 2),
		flagAlias(SEV, "sev", BSET, 3), flagAlias(SES, "ses", BSET, 4), flagAlias(SEH, "seh", BSET, 5),
		flagAlias(SET, "set", BSET, 6), flagAlias(SEI, "sei", BSET, 7),
	}
}
