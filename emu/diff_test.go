package emu_test

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/avrlab/avrlab/asm/disasm"
	"github.com/avrlab/avrlab/emu"
	"github.com/avrlab/avrlab/internal/oracle"
	"github.com/avrlab/avrlab/isa"
)

// Differential test against simavr (x/arch's ext_test.go shape, wazero's committed spec answers):
// a seeded generator writes diffPrograms random ATmega128 programs, simavr runs them all in one
// batch, and the emulator must reach the same registers, SREG, SP, PC, SRAM and cycle count.
// simavr's answers are committed in testdata/simavr.golden, so a plain `go test` checks them with no
// simavr installed; `go test -run TestSimavr -update` regenerates the file. When simavr is there the
// test also runs it live and fails on a stale golden file; with CI set a missing simavr is a failure.

var update = flag.Bool("update", false, "regenerate testdata/simavr.golden with simavr")

const (
	diffPrograms   = 600 // on the ATmega128
	diffPrograms22 = 150 // on the ATmega2560 (22-bit PC, EIND)
	diffSeed       = 20260701
	diffMaxCycles  = 200_000
	goldenFile     = "testdata/simavr.golden"
)

// diffResult is the part of a final state the test compares.
type diffResult struct {
	state  string // simavr's state names: break, sleep, done, crashed, limit
	cycles uint64
	pc     uint32
	sp     uint16
	sreg   uint8
	r      [32]byte
	sram   string // first 16 hex digits of the SHA-256 of SRAM (0x100..RAMEND)
}

func (d diffResult) String() string {
	return fmt.Sprintf("%s %d %d %d %d %x %s", d.state, d.cycles, d.pc, d.sp, d.sreg, d.r[:], d.sram)
}

func sramDigest(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:8])
}

func imageDigest(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:6])
}

// divergenceFile lists the known divergences from simavr, as data (see the file's header).
const divergenceFile = "testdata/divergences.txt"

// divergence is one line of divergenceFile.
type divergence struct {
	prog   int // -1: every program
	field  string
	reason string
	seen   bool
}

// readDivergences parses divergenceFile's format.
func readDivergences(text string) ([]*divergence, error) {
	fields := map[string]bool{"state": true, "cycles": true, "pc": true, "sp": true, "sreg": true, "registers": true, "sram": true}
	var out []*divergence
	for n, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		if len(f) < 3 || !fields[f[1]] {
			return nil, fmt.Errorf("line %d: want PROGRAM FIELD REASON, FIELD one of state cycles pc sp sreg registers sram: %q", n+1, line)
		}
		d := &divergence{prog: -1, field: f[1], reason: strings.Join(f[2:], " ")}
		if f[0] != "*" {
			i, err := strconv.Atoi(f[0])
			if err != nil || i < 0 {
				return nil, fmt.Errorf("line %d: program %q is not an index or *", n+1, f[0])
			}
			d.prog = i
		}
		out = append(out, d)
	}
	return out, nil
}

// knownDivergence returns the reason program prog may differ from simavr in field, or "".
func knownDivergence(known []*divergence, prog int, field string) string {
	for _, d := range known {
		if d.field == field && (d.prog < 0 || d.prog == prog) {
			d.seen = true
			return d.reason
		}
	}
	return ""
}

// TestDivergenceFile: the file parses, and the matching and bad lines behave.
func TestDivergenceFile(t *testing.T) {
	b, err := os.ReadFile(divergenceFile)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := readDivergences(string(b)); err != nil {
		t.Fatalf("%s: %v", divergenceFile, err)
	}
	ds, err := readDivergences("# c\n3 sreg simavr keeps H\n* cycles the manual says so\n")
	if err != nil {
		t.Fatal(err)
	}
	if knownDivergence(ds, 3, "sreg") != "simavr keeps H" || knownDivergence(ds, 4, "sreg") != "" ||
		knownDivergence(ds, 9, "cycles") != "the manual says so" || knownDivergence(ds, 3, "pc") != "" {
		t.Errorf("matching: %+v", ds)
	}
	for _, bad := range []string{"3 flags x", "x sreg y", "3 sreg", "-1 pc y"} {
		if _, err := readDivergences(bad); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
}

// TestSimavr compares the emulator with simavr's answers on the generated programs.
func TestSimavr(t *testing.T) {
	gps := genPrograms(t)
	progs := make([][]byte, len(gps))
	for i, gp := range gps {
		progs[i] = gp.img
	}
	var golden map[int]goldenLine
	if *update {
		oracle.NeedSimavr(t)
	} else {
		var err error
		golden, err = readGolden(goldenFile)
		if err != nil {
			t.Fatalf("%v (run: go test ./emu -run TestSimavr -update, with simavr installed)", err)
		}
	}
	var live []oracle.SimState
	if *update || oracle.HaveSimavr() || os.Getenv("CI") != "" {
		oracle.NeedSimavr(t)
		jobs := make([]oracle.SimJob, len(progs))
		for i, p := range progs {
			jobs[i] = oracle.SimJob{MCU: gps[i].dev, Flash: p, MaxCycles: diffMaxCycles}
		}
		var err error
		if live, err = oracle.Simavr(jobs); err != nil {
			t.Fatal(err)
		}
	} else {
		t.Log("simavr not found: checking the committed answers only (install gcc libsimavr-dev to run it live)")
	}

	want := make([]diffResult, len(progs))
	for i, p := range progs {
		if live != nil {
			st := live[i]
			if st.State == oracle.StateError || st.State == oracle.StateCrashed || st.State == oracle.StateLimit {
				t.Errorf("program %d: simavr %s %s %s (generator bug?)", i, st.State, st.Err, st.Log)
			}
			want[i] = diffResult{state: st.State, cycles: st.Cycles, pc: st.PC, sp: st.SP, sreg: st.SREG, r: st.R, sram: sramDigest(st.SRAM)}
			if golden != nil {
				g, ok := golden[i]
				if !ok || g.image != imageDigest(p) || g.result != want[i].String() {
					t.Errorf("program %d: testdata/simavr.golden is stale (run go test ./emu -run TestSimavr -update)", i)
					golden = nil
				}
			}
			continue
		}
		g, ok := golden[i]
		if !ok || g.image != imageDigest(p) {
			t.Fatalf("program %d: not in %s or generated differently (run go test ./emu -run TestSimavr -update with simavr)", i, goldenFile)
		}
		r, err := parseResult(g.result)
		if err != nil {
			t.Fatalf("%s: program %d: %v", goldenFile, i, err)
		}
		want[i] = r
	}
	if *update {
		writeGolden(t, goldenFile, progs, want)
	}

	db, err := os.ReadFile(divergenceFile)
	if err != nil {
		t.Fatal(err)
	}
	known, err := readDivergences(string(db))
	if err != nil {
		t.Fatalf("%s: %v", divergenceFile, err)
	}
	failures := 0
	for i, p := range progs {
		got := runOurs(gps[i].dev, p)
		if d := compareResults(known, i, got, want[i]); d != "" {
			failures++
			if failures <= 10 {
				t.Errorf("program %d: %s\n ours:   %v\n simavr: %v\n%s", i, d, got, want[i], listing(p))
			}
		}
	}
	if failures > 10 {
		t.Errorf("%d of %d programs differ", failures, len(progs))
	}
	for _, d := range known {
		if !d.seen {
			t.Errorf("%s: program %d, %s: listed as a known divergence but does not differ (remove it)", divergenceFile, d.prog, d.field)
		}
	}
}

// runOurs runs one generated program on the emulator and reports its state as simavr names it.
func runOurs(devName string, p []byte) diffResult { return runOursWith(devName, p, emu.Config{}) }

// runOursWith is runOurs with a machine configuration (Config.Present for a HEX image).
func runOursWith(devName string, p []byte, cfg emu.Config) diffResult {
	d := isa.LookupDevice(devName)
	m := emu.New(d, p, cfg)
	s := m.Run(diffMaxCycles)
	r := diffResult{cycles: m.Cycles(), pc: m.PC(), sp: m.SP(), sreg: m.SREG(), sram: sramDigest(m.Data(d.SRAMStart, d.SRAMSize))}
	for i := range r.r {
		r.r[i] = m.Reg(i)
	}
	switch s.Reason {
	case emu.StopBreak:
		r.state = "break"
	case emu.StopSleep:
		r.state = "done"
		if m.SREG()&I != 0 {
			r.state = "sleep"
		}
	case emu.StopLimit:
		r.state = "limit"
	default:
		r.state = "crashed: " + s.String()
	}
	return r
}

// compareResults names the first field that differs and is not a known divergence.
func compareResults(known []*divergence, prog int, ours, theirs diffResult) string {
	fields := []struct {
		name string
		diff bool
	}{
		{"state", ours.state != theirs.state},
		{"cycles", ours.cycles != theirs.cycles},
		{"pc", ours.pc != theirs.pc},
		{"sp", ours.sp != theirs.sp},
		{"sreg", ours.sreg != theirs.sreg},
		{"registers", ours.r != theirs.r},
		{"sram", ours.sram != theirs.sram},
	}
	for _, f := range fields {
		if f.diff && knownDivergence(known, prog, f.name) == "" {
			return f.name + " differs"
		}
	}
	return ""
}

// listing disassembles a generated program for a failure message.
func listing(p []byte) string {
	var b strings.Builder
	for w := 0; 2*w+1 < len(p); {
		w0 := uint16(p[2*w]) | uint16(p[2*w+1])<<8
		var w1 uint16
		if 2*w+3 < len(p) {
			w1 = uint16(p[2*w+2]) | uint16(p[2*w+3])<<8
		}
		in, ok := isa.Decode(isa.CoreAVRePlus, w0, w1)
		if !ok {
			fmt.Fprintf(&b, "  %04x: .word 0x%04x\n", w, w0)
			w++
			continue
		}
		fmt.Fprintf(&b, "  %04x: %s\n", w, disasm.Format(isa.PreferredAlias(in)))
		w += in.Words
	}
	return b.String()
}

// Golden file: one line per program, "index image-digest state cycles pc sp sreg regs sram-digest".

type goldenLine struct {
	image, result string
}

func readGolden(path string) (map[int]goldenLine, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	out := map[int]goldenLine{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fs := strings.SplitN(line, " ", 3)
		if len(fs) != 3 {
			return nil, fmt.Errorf("%s: bad line %q", path, line)
		}
		i, err := strconv.Atoi(fs[0])
		if err != nil {
			return nil, fmt.Errorf("%s: bad line %q", path, line)
		}
		out[i] = goldenLine{image: fs[1], result: fs[2]}
	}
	return out, sc.Err()
}

func parseResult(s string) (diffResult, error) {
	var r diffResult
	var regs string
	n, err := fmt.Sscanf(s, "%s %d %d %d %d %s %s", &r.state, &r.cycles, &r.pc, &r.sp, &r.sreg, &regs, &r.sram)
	if err != nil || n != 7 {
		return r, fmt.Errorf("bad result %q", s)
	}
	b, err := hex.DecodeString(regs)
	if err != nil || len(b) != 32 {
		return r, fmt.Errorf("bad registers in %q", s)
	}
	copy(r.r[:], b)
	return r, nil
}

func writeGolden(t *testing.T, path string, progs [][]byte, res []diffResult) {
	var b strings.Builder
	fmt.Fprintf(&b, "# simavr 1.6 answers for the %d programs of diff_test.go (seed %d): index, SHA-256 of the\n", len(progs), diffSeed)
	b.WriteString("# image (12 hex digits), state, cycles, pc (words), sp, sreg, r0..r31, SHA-256 of SRAM (16 hex digits).\n")
	b.WriteString("# Generated by: go test ./emu -run TestSimavr -update. Do not edit.\n")
	for i, p := range progs {
		fmt.Fprintf(&b, "%d %s %s\n", i, imageDigest(p), res[i])
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// ---- The program generator ----

// gen writes one random program. Registers r16..r31 take immediates; r23 is the loop counter inside
// loop blocks; X, Y and Z are set right before every memory block so they point into the data window
// 0x0240..0x03FF; LDS/STS use 0x0400..0x0FFF; the stack starts at RAMEND and every block leaves it
// balanced.
type gen struct {
	d       *isa.Device
	ports   []int // I/O addresses of plain registers (see plainIO)
	p       *prog
	r       *rand.Rand
	nsub    int
	label   int
	protect map[int]bool // registers a block must not write (the loop counter)
	used    map[isa.Op]bool
	fixZ    []zfix // LDI r30/r31 pairs to patch with addresses once the layout is known
}

const (
	ioRAMPZ = 0x3B
	ioSPL   = 0x3D
	ioSPH   = 0x3E
	ioSREG  = 0x3F
	tableAt = "table"
)

// plainIO lists, per device, I/O registers that simavr stores and reads back without side effects
// (port and data-direction registers of ports A–C), for IN, OUT, SBI, CBI, SBIC, SBIS.
var plainIO = map[string][]int{
	"atmega128":  {0x1B, 0x1A, 0x18, 0x17, 0x15, 0x14},
	"atmega2560": {0x02, 0x01, 0x05, 0x04, 0x08, 0x07},
}

const ioEIND = 0x3C

func (g *gen) newLabel() string {
	g.label++
	return "L" + strconv.Itoa(g.label)
}

// I emits an instruction and records its base op for the coverage check.
func (g *gen) I(op isa.Op, args ...any) {
	f := isa.FormOf(op)
	base := op
	if f.Alias != nil {
		base = f.Alias.Base
	}
	g.used[base] = true
	g.p.I(op, args...)
}

func (g *gen) n(k int) int { return g.r.IntN(k) }

// reg returns a random register in lo..hi that the block may write.
func (g *gen) reg(lo, hi int) int {
	for {
		r := lo + g.n(hi-lo+1)
		if !g.protect[r] {
			return r
		}
	}
}

// anyReg returns any register (for reading).
func (g *gen) anyReg(lo, hi int) int { return lo + g.n(hi-lo+1) }

// imm returns an 8-bit constant biased towards flag edge cases.
func (g *gen) imm() int {
	edges := []int{0x00, 0x01, 0x0F, 0x10, 0x7F, 0x80, 0x81, 0xFE, 0xFF, 0x08, 0xF0}
	if g.n(2) == 0 {
		return edges[g.n(len(edges))]
	}
	return g.n(256)
}

func (g *gen) aluRR() {
	switch g.n(16) {
	case 0:
		g.I(isa.ADD, g.reg(0, 31), g.anyReg(0, 31))
	case 1:
		g.I(isa.ADC, g.reg(0, 31), g.anyReg(0, 31))
	case 2:
		g.I(isa.SUB, g.reg(0, 31), g.anyReg(0, 31))
	case 3:
		g.I(isa.SBC, g.reg(0, 31), g.anyReg(0, 31))
	case 4:
		g.I(isa.AND, g.reg(0, 31), g.anyReg(0, 31))
	case 5:
		g.I(isa.OR, g.reg(0, 31), g.anyReg(0, 31))
	case 6:
		g.I(isa.EOR, g.reg(0, 31), g.anyReg(0, 31))
	case 7:
		g.I(isa.CP, g.anyReg(0, 31), g.anyReg(0, 31))
	case 8:
		g.I(isa.CPC, g.anyReg(0, 31), g.anyReg(0, 31))
	case 9:
		g.I(isa.MOV, g.reg(0, 31), g.anyReg(0, 31))
	case 10:
		d := 2 * g.n(16)
		if g.protect[d] || g.protect[d+1] {
			d = 0
		}
		g.I(isa.MOVW, d, 2*g.n(16))
	case 11:
		g.I(isa.MUL, g.anyReg(0, 31), g.anyReg(0, 31))
	case 12:
		g.I(isa.MULS, g.anyReg(16, 31), g.anyReg(16, 31))
	case 13:
		g.I([]isa.Op{isa.MULSU, isa.FMUL, isa.FMULS, isa.FMULSU}[g.n(4)], g.anyReg(16, 23), g.anyReg(16, 23))
	case 14:
		g.I(isa.LSL, g.reg(0, 31))
	default:
		g.I(isa.ROL, g.reg(0, 31))
	}
}

func (g *gen) aluImm() {
	ops := []isa.Op{isa.LDI, isa.SUBI, isa.SBCI, isa.ANDI, isa.ORI, isa.CPI, isa.SBR, isa.CBR}
	op := ops[g.n(len(ops))]
	if op == isa.CPI {
		g.I(op, g.anyReg(16, 31), g.imm())
		return
	}
	if g.n(10) == 0 {
		g.I(isa.SER, g.reg(16, 31))
		return
	}
	g.I(op, g.reg(16, 31), g.imm())
}

func (g *gen) alu1() {
	ops := []isa.Op{isa.COM, isa.NEG, isa.INC, isa.DEC, isa.ASR, isa.LSR, isa.ROR, isa.SWAP, isa.TST, isa.CLR, isa.BLD, isa.BST}
	switch op := ops[g.n(len(ops))]; op {
	case isa.BLD:
		g.I(op, g.reg(0, 31), g.n(8))
	case isa.BST:
		g.I(op, g.anyReg(0, 31), g.n(8))
	case isa.TST:
		g.I(op, g.anyReg(0, 31))
	default:
		g.I(op, g.reg(0, 31))
	}
}

func (g *gen) word() {
	d := []int{24, 26, 28, 30}[g.n(4)]
	if g.protect[d] || g.protect[d+1] {
		return
	}
	k := []int{0, 1, 63, g.n(64)}[g.n(4)]
	if g.n(2) == 0 {
		g.I(isa.ADIW, d, k)
	} else {
		g.I(isa.SBIW, d, k)
	}
}

// edge sets operands to flag edge cases and runs a one- or two-byte arithmetic operation.
func (g *gen) edge() {
	a, b, c, d := g.reg(16, 31), g.reg(16, 31), g.reg(16, 31), g.reg(16, 31)
	if a == b || c == d || a == c || a == d || b == c || b == d {
		return
	}
	g.I(isa.LDI, a, g.imm())
	g.I(isa.LDI, b, g.imm())
	g.I(isa.LDI, c, g.imm())
	g.I(isa.LDI, d, g.imm())
	if g.n(2) == 0 {
		g.I([]isa.Op{isa.CLC, isa.SEC}[g.n(2)])
	}
	switch g.n(5) {
	case 0: // 16-bit compare
		g.I(isa.CP, a, c)
		g.I(isa.CPC, b, d)
	case 1: // 16-bit subtract
		g.I(isa.SUB, a, c)
		g.I(isa.SBC, b, d)
	case 2: // 16-bit add
		g.I(isa.ADD, a, c)
		g.I(isa.ADC, b, d)
	case 3: // compare with immediates
		g.I(isa.CPI, a, g.imm())
		g.I(isa.CPC, b, d)
	default: // subtract immediates
		g.I(isa.SUBI, a, g.imm())
		g.I(isa.SBCI, b, g.imm())
	}
}

func (g *gen) sreg() {
	switch g.n(4) {
	case 0:
		g.I(isa.BSET, g.n(7))
	case 1:
		g.I(isa.BCLR, g.n(8))
	case 2:
		g.I(isa.IN, g.reg(0, 31), ioSREG)
	default:
		r := g.reg(16, 31)
		g.I(isa.LDI, r, g.n(128)) // I stays clear
		g.I(isa.OUT, ioSREG, r)
	}
}

// straight emits n one-word ALU instructions (branch and skip fodder).
func (g *gen) straight(n int) {
	for i := 0; i < n; i++ {
		switch g.n(4) {
		case 0:
			g.aluRR()
		case 1:
			g.aluImm()
		case 2:
			g.alu1()
		default:
			switch g.n(3) {
			case 0:
				g.I(isa.NOP)
			case 1:
				g.I(isa.WDR)
			default:
				g.I(isa.SWAP, g.reg(0, 31))
			}
		}
	}
}

func (g *gen) branch() {
	l := g.newLabel()
	if g.n(2) == 0 {
		g.I(isa.BRBS, g.n(8), l)
	} else {
		g.I(isa.BRBC, g.n(8), l)
	}
	g.straight(1 + g.n(3))
	g.p.L(l)
}

// skip emits a skip instruction followed by a one- or two-word instruction.
func (g *gen) skip() {
	switch g.n(5) {
	case 0:
		g.I(isa.CPSE, g.anyReg(0, 31), g.anyReg(0, 31))
	case 1:
		g.I(isa.SBRC, g.anyReg(0, 31), g.n(8))
	case 2:
		g.I(isa.SBRS, g.anyReg(0, 31), g.n(8))
	case 3:
		g.I(isa.SBIC, g.ports[g.n(len(g.ports))], g.n(8))
	default:
		g.I(isa.SBIS, g.ports[g.n(len(g.ports))], g.n(8))
	}
	switch g.n(5) {
	case 0:
		g.I(isa.LDS, g.reg(0, 31), 0x400+g.n(0xC00))
	case 1:
		g.I(isa.STS, 0x400+g.n(0xC00), g.anyReg(0, 31))
	case 2:
		l := g.newLabel()
		g.I(isa.JMP, l)
		g.p.L(l)
	case 3:
		g.I(isa.CALL, "sub"+strconv.Itoa(g.n(g.nsub)))
	default:
		g.straight(1)
	}
}

// pointer returns a random pointer (26, 28, 30) and sets it into the data window.
func (g *gen) pointer() int {
	p := []int{26, 28, 30}[g.n(3)]
	if g.protect[p] || g.protect[p+1] {
		p = 26
	}
	a := 0x240 + g.n(0x180)
	g.I(isa.LDI, p, a&0xFF)
	g.I(isa.LDI, p+1, a>>8)
	return p
}

// dataReg returns a register that is not the pointer pair p.
func (g *gen) dataReg(p int, write bool) int {
	for {
		var r int
		if write {
			r = g.reg(0, 31)
		} else {
			r = g.anyReg(0, 31)
		}
		if r != p && r != p+1 {
			return r
		}
	}
}

func (g *gen) mem() {
	p := g.pointer()
	type mode struct{ ld, st isa.Op }
	modes := map[int][]mode{
		26: {{isa.LDX, isa.STX}, {isa.LDXInc, isa.STXInc}, {isa.LDXDec, isa.STXDec}},
		28: {{isa.LDY, isa.STY}, {isa.LDYInc, isa.STYInc}, {isa.LDYDec, isa.STYDec}, {isa.LDDY, isa.STDY}},
		30: {{isa.LDZ, isa.STZ}, {isa.LDZInc, isa.STZInc}, {isa.LDZDec, isa.STZDec}, {isa.LDDZ, isa.STDZ}},
	}[p]
	for i := 1 + g.n(4); i > 0; i-- {
		md := modes[g.n(len(modes))]
		disp := md.ld == isa.LDDY || md.ld == isa.LDDZ
		if g.n(2) == 0 {
			if disp {
				g.I(md.ld, g.dataReg(p, true), g.n(64))
			} else {
				g.I(md.ld, g.dataReg(p, true), 0)
			}
		} else {
			if disp {
				g.I(md.st, g.n(64), g.dataReg(p, false))
			} else {
				g.I(md.st, 0, g.dataReg(p, false))
			}
		}
	}
}

func (g *gen) direct() {
	if g.n(2) == 0 {
		g.I(isa.LDS, g.reg(0, 31), 0x400+g.n(0xC00))
	} else {
		g.I(isa.STS, 0x400+g.n(0xC00), g.anyReg(0, 31))
	}
}

func (g *gen) stack() {
	n := 1 + g.n(3)
	for i := 0; i < n; i++ {
		g.I(isa.PUSH, g.anyReg(0, 31))
	}
	g.straight(g.n(3))
	for i := 0; i < n; i++ {
		g.I(isa.POP, g.reg(0, 31))
	}
	if g.n(3) == 0 { // read SP
		g.I(isa.IN, g.reg(0, 31), ioSPL)
		g.I(isa.IN, g.reg(0, 31), ioSPH)
	}
}

func (g *gen) call() {
	sub := "sub" + strconv.Itoa(g.n(g.nsub))
	k := g.n(3)
	if g.d.EIND != 0 && g.n(2) == 0 {
		k = 3
	}
	switch k {
	case 0:
		g.I(isa.RCALL, sub)
	case 1:
		g.I(isa.CALL, sub)
	default:
		if g.protect[30] || g.protect[31] {
			return
		}
		g.I(isa.LDI, 30, 0) // patched: Z = word address of sub
		g.I(isa.LDI, 31, 0)
		g.fixZ = append(g.fixZ, zfix{g.p.PC() - 2, sub})
		g.I(isa.ICALL)
	case 3:
		if g.protect[30] || g.protect[31] {
			return
		}
		r := g.reg(16, 29)
		g.I(isa.LDI, r, 0)
		g.I(isa.OUT, ioEIND, r)
		g.I(isa.LDI, 30, 0)
		g.I(isa.LDI, 31, 0)
		g.fixZ = append(g.fixZ, zfix{g.p.PC() - 2, sub})
		g.I(isa.EICALL)
	}
}

func (g *gen) ijmp() {
	if g.protect[30] || g.protect[31] {
		return
	}
	l := g.newLabel()
	g.I(isa.LDI, 30, 0)
	g.I(isa.LDI, 31, 0)
	g.fixZ = append(g.fixZ, zfix{g.p.PC() - 2, l})
	if g.d.EIND != 0 && g.n(2) == 0 {
		r := g.reg(16, 29)
		g.I(isa.LDI, r, 0)
		g.I(isa.OUT, ioEIND, r)
		g.I(isa.EIJMP)
	} else {
		g.I(isa.IJMP)
	}
	g.straight(1 + g.n(2))
	g.p.L(l)
}

func (g *gen) jump() {
	l := g.newLabel()
	if g.n(2) == 0 {
		g.I(isa.RJMP, l)
	} else {
		g.I(isa.JMP, l)
	}
	g.straight(1 + g.n(2))
	g.p.L(l)
}

// lpm reads the constant table with LPM (or ELPM with RAMPZ 0 or 1; RAMPZ 1 reads erased flash).
func (g *gen) lpm() {
	if g.protect[30] || g.protect[31] {
		return
	}
	off := g.n(32)
	g.I(isa.LDI, 30, 0) // patched: Z = byte address of table + off
	g.I(isa.LDI, 31, 0)
	g.fixZ = append(g.fixZ, zfix{g.p.PC() - 2, tableAt + "+" + strconv.Itoa(off)})
	elpm := g.n(2) == 0
	if elpm {
		r := g.reg(16, 29)
		g.I(isa.LDI, r, g.n(2))
		g.I(isa.OUT, ioRAMPZ, r)
	}
	for i := 1 + g.n(3); i > 0; i-- {
		d := g.reg(0, 29)
		switch k := g.n(3); {
		case !elpm && k == 0:
			g.I(isa.LPM)
		case !elpm && k == 1:
			g.I(isa.LPMZ, d, 0)
		case !elpm:
			g.I(isa.LPMZInc, d, 0)
		case k == 0:
			g.I(isa.ELPM)
		case k == 1:
			g.I(isa.ELPMZ, d, 0)
		default:
			g.I(isa.ELPMZInc, d, 0)
		}
	}
	if elpm && g.n(2) == 0 { // Z+ carrying into RAMPZ
		g.I(isa.LDI, 30, 0xFF)
		g.I(isa.LDI, 31, 0xFF)
		r := g.reg(16, 29)
		g.I(isa.LDI, r, 0)
		g.I(isa.OUT, ioRAMPZ, r)
		g.I(isa.ELPMZInc, g.reg(0, 29), 0)
	}
	if elpm {
		g.I(isa.IN, g.reg(0, 31), ioRAMPZ)
	}
}

func (g *gen) io() {
	a := g.ports[g.n(len(g.ports))]
	switch g.n(4) {
	case 0:
		g.I(isa.SBI, a, g.n(8))
	case 1:
		g.I(isa.CBI, a, g.n(8))
	case 2:
		g.I(isa.OUT, a, g.anyReg(0, 31))
	default:
		g.I(isa.IN, g.reg(0, 31), a)
	}
}

func (g *gen) loop() {
	if g.protect[23] {
		return
	}
	g.I(isa.LDI, 23, 1+g.n(5))
	l := g.newLabel()
	g.p.L(l)
	g.protect[23] = true
	for i := 1 + g.n(4); i > 0; i-- {
		g.block(false)
	}
	g.protect[23] = false
	g.I(isa.DEC, 23)
	g.I(isa.BRNE, l)
}

// block emits one random block; loops only at the top level.
func (g *gen) block(top bool) {
	switch k := g.n(20); k {
	case 0, 1, 2:
		g.aluRR()
	case 3, 4:
		g.aluImm()
	case 5, 6:
		g.alu1()
	case 7:
		g.word()
	case 8, 9:
		g.edge()
	case 10:
		g.sreg()
	case 11:
		g.branch()
	case 12:
		g.skip()
	case 13:
		g.mem()
	case 14:
		g.direct()
	case 15:
		g.stack()
	case 16:
		g.call()
	case 17:
		[]func(){g.ijmp, g.jump, g.io}[g.n(3)]()
	case 18:
		g.lpm()
	default:
		if top {
			g.loop()
		} else {
			g.straight(1)
		}
	}
}

type zfix struct {
	at     int    // word address of "ldi r30" (then "ldi r31")
	target string // label, or table+offset (byte address)
}

// program writes the whole program: prologue, blocks, BREAK or SLEEP, subroutines, constant table.
func (g *gen) program() []byte {
	p := g.p
	p.setSP(g.d, g.d.RAMEND())
	for r := 16; r < 32; r++ {
		g.I(isa.LDI, r, g.imm())
	}
	for r := 0; r < 16; r++ {
		g.I(isa.MOV, r, 16+g.n(16))
	}
	for i := 16; i < 32; i++ {
		g.I(isa.LDI, i, g.imm())
	}
	// Some SRAM in the data window.
	g.I(isa.LDI, 26, 0x40)
	g.I(isa.LDI, 27, 0x02)
	for i := 0; i < 16; i++ {
		g.I(isa.STXInc, 0, g.anyReg(0, 31))
	}
	g.I(isa.LDI, 16, g.n(128))
	g.I(isa.OUT, ioSREG, 16)
	for i := 20 + g.n(40); i > 0; i-- {
		g.block(true)
	}
	if g.n(2) == 0 {
		g.I(isa.BREAK)
	} else {
		g.I(isa.SLEEP)
	}
	g.protect[23] = true // subroutines may be called inside loops
	for s := 0; s < g.nsub; s++ {
		p.L("sub" + strconv.Itoa(s))
		g.straight(1 + g.n(4))
		if g.n(2) == 0 {
			g.I(isa.PUSH, g.anyReg(0, 31))
			g.straight(g.n(2))
			g.I(isa.POP, g.reg(0, 31))
		}
		if g.n(6) == 0 {
			g.I(isa.RETI)
		} else {
			g.I(isa.RET)
		}
	}
	p.L(tableAt)
	for i := 0; i < 24; i++ {
		p.W(uint16(g.r.Uint32()))
	}
	img := p.Bytes()
	for _, f := range g.fixZ {
		var v int
		if strings.HasPrefix(f.target, tableAt+"+") {
			off, _ := strconv.Atoi(strings.TrimPrefix(f.target, tableAt+"+"))
			v = 2*p.labels[tableAt] + off
		} else {
			v = p.labels[f.target]
		}
		lo, _ := isa.FormOf(isa.LDI).Encode([]int64{30, int64(v & 0xFF)})
		hi, _ := isa.FormOf(isa.LDI).Encode([]int64{31, int64(v >> 8)})
		img[2*f.at], img[2*f.at+1] = byte(lo[0]), byte(lo[0]>>8)
		img[2*f.at+2], img[2*f.at+3] = byte(hi[0]), byte(hi[0]>>8)
	}
	return img
}

// genProgram is one generated program and the device it is for.
type genProgram struct {
	dev string
	img []byte
}

// genPrograms returns the generated programs (diffPrograms for the ATmega128, then diffPrograms22
// for the ATmega2560) and checks that together they use every instruction each device has, except
// SPM (not modelled the same way, see testdata/divergences.txt).
func genPrograms(t testing.TB) []genProgram {
	r := rand.New(rand.NewPCG(diffSeed, 1))
	var out []genProgram
	for _, dc := range []struct {
		name string
		n    int
	}{{"atmega128", diffPrograms}, {"atmega2560", diffPrograms22}} {
		d := dev(t, dc.name)
		used := map[isa.Op]bool{}
		for i := 0; i < dc.n; i++ {
			g := &gen{d: d, ports: plainIO[dc.name], p: newProg(t), r: r, nsub: 1 + r.IntN(3), protect: map[int]bool{}, used: used}
			out = append(out, genProgram{dc.name, g.program()})
		}
		var missing []string
		for _, f := range isa.Forms {
			if f.Alias != nil || !d.Has(f) || used[f.Op] || f.Op == isa.SPM {
				continue
			}
			missing = append(missing, f.Mnemonic+" "+f.Pattern)
		}
		sort.Strings(missing)
		if len(missing) > 0 {
			t.Errorf("%s: generated programs do not cover: %s", dc.name, strings.Join(missing, "; "))
		}
	}
	return out
}
