package lab_test

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/avrlab/avrlab/asm"
	"github.com/avrlab/avrlab/emu"
	"github.com/avrlab/avrlab/examples"
	"github.com/avrlab/avrlab/internal/oracle"
	"github.com/avrlab/avrlab/isa"
	"github.com/avrlab/avrlab/lab"
	"github.com/avrlab/avrlab/lab/kernel"
)

// kernelExample is one kernel example and the simavr core it runs on.
type kernelExample struct {
	file   string // in examples.FS
	task   string
	mcu    string // simavr's device: the task's own, or, for the XMEGA, an ATmega128
	ramEnd int    // RAMEND of mcu (datasheets: ATmega128 0x10FF, ATmega2560 0x21FF)
	call   uint64 // cycles of CALL on mcu (AVR manual, CALL: 4 with a 16-bit PC, 5 with a 22-bit PC)
	base   uint16 // SRAM address of the first buffer in the simavr run (the others follow, 16-aligned)
	// byLength: the cycles depend on a public length argument (sneikha256's len), so each run's cycles
	// are avrlab's for those arguments rather than the report's single figure.
	byLength bool
}

var kernelExamples = []kernelExample{
	{"mpmul160.S", "mpmul-160", "atmega128", 0x10ff, 4, 0x0100, false},
	{"mpmul256.S", "mpmul-256", "atmega128", 0x10ff, 4, 0x0100, false},
	{"sneik-f512.S", "sneik-f512", "atmega2560", 0x21ff, 5, 0x0200, false},
	// simavr has no XMEGA core: the NTT runs on its ATmega128 (the routine uses no XMEGA-only
	// instruction), which checks the result and the AVRe cycles; the AVRxm cycles are checked from
	// the instruction counts and the manual's table (TestNTTExampleXmegaCycles).
	{"ntt256-xmega.S", "ntt-256", "atmega128", 0x10ff, 4, 0x0200, false},
	{"sneikha256.S", "sneikha256", "atmega2560", 0x21ff, 5, 0x0300, true}, // its .bss state is at 0x0200
	// The Ring-LWE encryption's eight buffers (3.5 KB) and its 512-byte .bss (at 0x0200) do not fit the
	// ATmega128's 4 KB: the ATmega2560 core stands in (AVRe cycles of its 22-bit PC, as for the NTT).
	{"rlwe256-enc-xmega.S", "rlwe256-enc", "atmega2560", 0x21ff, 5, 0x0400, false},
	{"intt256-xmega.S", "intt-256", "atmega128", 0x10ff, 4, 0x0200, false},
	{"rlwe256-dec-xmega.S", "rlwe256-dec", "atmega2560", 0x21ff, 5, 0x0400, false},
	{"rlwe256-keygen-xmega.S", "rlwe256-keygen", "atmega128", 0x10ff, 4, 0x0200, false},
	{"sneiken128.S", "sneiken128-enc", "atmega2560", 0x21ff, 5, 0x0300, true},
	{"sneiken128.S", "sneiken128-dec", "atmega2560", 0x21ff, 5, 0x0300, true}, // the file's second entry
}

// kernelCallDriver writes a driver for one call of the example's routine with the arguments args
// (kernel order): SP = RAMEND, every pointer argument's bytes stored at its address and the address
// in its register pair, every uint8_t argument in the low register of its pair (r31 the temporary:
// from the fifth argument on the pairs are r17:r16 and below), then CALL entry
// (when call is set) and BREAK, then the example itself through #include. It returns the source and
// the addresses of the buffers.
func kernelCallDriver(ex kernelExample, k *kernel.Kernel, args [][]byte, call bool) (string, []uint16) {
	var b strings.Builder
	fmt.Fprintf(&b, ".text\n\tldi r30, 0x%02x\n\tout 0x3d, r30\n\tldi r30, 0x%02x\n\tout 0x3e, r30\n", ex.ramEnd&0xff, ex.ramEnd>>8)
	addr := ex.base
	addrs := make([]uint16, len(k.Args))
	for i, a := range k.Args {
		lo, hi := argPair(i)
		if a.Kind == kernel.Byte {
			fmt.Fprintf(&b, "\tldi r31, 0x%02x\n\tmov r%d, r31\n\tclr r%d\n", args[i][0], lo, hi)
			continue
		}
		addrs[i] = addr
		for j, v := range args[i] {
			fmt.Fprintf(&b, "\tldi r31, 0x%02x\n\tsts 0x%04x, r31\n", v, int(addr)+j)
		}
		fmt.Fprintf(&b, "\tldi r31, 0x%02x\n\tmov r%d, r31\n\tldi r31, 0x%02x\n\tmov r%d, r31\n", addr&0xff, lo, addr>>8, hi)
		addr += uint16(a.Size+15) &^ 15
	}
	if call {
		fmt.Fprintf(&b, "\tcall %s\n", k.Entry)
	}
	fmt.Fprintf(&b, "\tbreak\n#include \"%s\"\n", ex.file)
	return b.String(), addrs
}

// TestKernelExamplesAgainstSimavr benches the kernel examples (mpmul160, mpmul256, sneik-f512,
// ntt256-xmega, intt256-xmega, sneikha256, the Ring-LWE encryption, decryption and key generation) and runs each in
// simavr (one batched run) behind a driver, for the official vector and a random one, with and without
// the CALL: the difference less CALL's cycles must be the cycles avrlab measured (on the XMEGA
// examples' stand-in ATmega128 or ATmega2560 core, avrlab's AVRe count of the same image), and the output buffer simavr leaves must be what lab/kernel computes.
func TestKernelExamplesAgainstSimavr(t *testing.T) {
	type run struct {
		ex     kernelExample
		rep    *lab.Report
		want   [][]byte // expected arguments after the call
		addrs  []uint16
		cycles uint64 // avrlab's cycles on ex.mcu
	}
	var runs []run
	var jobs []oracle.SimJob
	rng := rand.New(rand.NewPCG(13, 13))
	for _, ex := range kernelExamples {
		rep, _, err := lab.BenchFile(examples.FS, ex.file, lab.Options{Task: ex.task, Vectors: 10})
		if err != nil {
			t.Fatalf("%s: %v", ex.file, err)
		}
		if !rep.Pass || !rep.ConstantTime || !rep.ABIOK || rep.CyclesMin != rep.CyclesMax && !ex.byLength {
			t.Fatalf("%s: want a constant-time pass: %s", ex.file, dump(rep))
		}
		k := kernel.Lookup(ex.task)
		official := k.NewArgs()
		for i, a := range k.Args {
			if h := rep.Official.Input(lab.Role(a.Name)); h != "" {
				official[i] = mustHex(t, h)
			}
		}
		for _, args := range [][][]byte{official, k.Random(rng)} {
			want, err := k.Expected(args)
			if err != nil {
				t.Fatal(err)
			}
			r := run{ex: ex, rep: rep, want: want, cycles: rep.CyclesMin}
			for _, call := range []bool{true, false} {
				src, addrs := kernelCallDriver(ex, k, args, call)
				im, err := asm.Assemble("driver.S", []byte(src), asm.Config{Device: ex.mcu, FS: asm.FromFS(examples.FS)})
				if err != nil {
					t.Fatalf("%s: %v", ex.file, err)
				}
				r.addrs = addrs
				if call && (ex.mcu != k.Device || ex.byLength) {
					r.cycles = avreCycles(t, im, ex, k, args, addrs)
				}
				jobs = append(jobs, oracle.SimJob{MCU: ex.mcu, Flash: im.Flash})
			}
			runs = append(runs, r)
		}
	}

	oracle.NeedSimavr(t)
	res, err := oracle.Simavr(jobs)
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range runs {
		with, without := res[2*i], res[2*i+1]
		if with.State != oracle.StateBreak || without.State != oracle.StateBreak {
			t.Fatalf("%s: simavr stopped with %s / %s: %s %s", r.ex.file, with.State, without.State, with.Log, without.Log)
		}
		got := with.Cycles - without.Cycles - r.ex.call
		t.Logf("%s on simavr's %s: %d - %d - %d = %d cycles; avrlab %d", r.ex.file, r.ex.mcu, with.Cycles, without.Cycles,
			r.ex.call, got, r.cycles)
		if got != r.cycles {
			t.Errorf("%s: simavr %d cycles for the routine, avrlab %d", r.ex.file, got, r.cycles)
		}
		k := kernel.Lookup(r.ex.task)
		for j, a := range k.Args {
			if a.Kind != kernel.Pointer {
				continue
			}
			off := int(r.addrs[j]) - int(with.RAMStart)
			if out := with.SRAM[off : off+a.Size]; !bytes.Equal(out, r.want[j]) {
				t.Errorf("%s: %s after the call in simavr:\n got  %x\n want %x", r.ex.file, a.Name, out, r.want[j])
			}
		}
	}
}

// avreCycles runs the routine the driver image contains on avrlab's model of ex.mcu (the AVRe core
// the NTT borrows for simavr) with args at addrs and returns its cycles, first instruction through
// RET.
func avreCycles(t *testing.T, im *asm.Image, ex kernelExample, k *kernel.Kernel, args [][]byte, addrs []uint16) uint64 {
	t.Helper()
	m, entry := kernelMachine(t, im, ex.mcu, k.Entry, false)
	return callKernel(t, m, entry, k, args, addrs, uint16(ex.ramEnd)).Cycles()
}

// kernelMachine builds a machine of device dev for the image and returns it with the entry's word
// address.
func kernelMachine(t *testing.T, im *asm.Image, dev, entry string, profile bool) (*emu.Machine, uint32) {
	t.Helper()
	sym, ok := im.Symbol(entry)
	if !ok {
		t.Fatalf("no symbol %s", entry)
	}
	return emu.New(isa.LookupDevice(dev), im.Flash, emu.Config{Profile: profile}), uint32(sym.Value) / 2
}

// callKernel calls the routine at entry with args at addrs, SP at sp, a sentinel return address,
// and fails unless it returns.
func callKernel(t *testing.T, m *emu.Machine, entry uint32, k *kernel.Kernel, args [][]byte, addrs []uint16, sp uint16) *emu.Machine {
	t.Helper()
	m.Reset()
	for i, a := range k.Args {
		lo, hi := argPair(i)
		if a.Kind == kernel.Byte {
			m.SetReg(lo, args[i][0])
			continue
		}
		m.LoadData(addrs[i], args[i])
		m.SetReg(lo, uint8(addrs[i]))
		m.SetReg(hi, uint8(addrs[i]>>8))
	}
	sentinel := uint32(m.Device().Flash/2 - 1) // the last flash word, as the harness does
	m.SetSP(sp)
	m.SetReturnSentinel(sentinel)
	if err := m.PushReturn(sentinel); err != nil {
		t.Fatal(err)
	}
	m.SetPC(entry)
	m.SetCycles(0)
	if st := m.Run(10_000_000); m.PC() != sentinel {
		t.Fatalf("%s did not return: %+v at PC 0x%x", k.Entry, st, m.PC())
	}
	return m
}

// argPair returns the registers of argument i in avr-gcc's order (lab.ArgRegisters: r25:r24, ...).
func argPair(i int) (lo, hi int) {
	fmt.Sscanf(lab.ArgRegisters(i), "r%d:r%d", &hi, &lo)
	return lo, hi
}

func mustHex(t *testing.T, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// manualCycles are the cycles of the instructions the NTT example executes, from the AVR
// Instruction Set Manual (DS40002198A, Tables 4-2 to 4-6 and section 5; ../shared/docs/avr-timing.md
// C1): AVRe with the ATmega128's 16-bit PC and AVRxm with the ATxmega128A1's 22-bit PC. A
// conditional branch costs one more when taken; mnemonics as avr-objdump prints them.
var manualCycles = map[string][2]uint64{
	"push": {2, 1}, "pop": {2, 2},
	"ld": {2, 2}, "ldd": {2, 3}, "st": {2, 1}, "lpm": {3, 3}, "mul": {2, 2},
	"rjmp": {2, 2}, "breq": {1, 1}, "brne": {1, 1}, "ret": {4, 5},
	"movw": {1, 1}, "mov": {1, 1}, "ldi": {1, 1}, "add": {1, 1}, "adc": {1, 1}, "sub": {1, 1}, "sbc": {1, 1},
	"subi": {1, 1}, "sbci": {1, 1}, "andi": {1, 1}, "dec": {1, 1}, "eor": {1, 1},
}

var objdumpLine = regexp.MustCompile(`^\s*([0-9a-f]+):\s+((?:[0-9a-f]{2} )+)\s*([a-z]+)`)

// TestNTTExampleXmegaCycles checks the AVRxm cycles of the NTT example without an XMEGA simulator:
// avrlab's profile gives how often each instruction ran; avr-objdump, from avr-gcc's image of the
// same source, says which instruction each address holds; the manual's cycles for the ATmega128 and
// for the ATxmega128A1 weigh the counts. The ATmega128 sum must equal avrlab's ATmega128 count of
// the routine (which TestKernelExamplesAgainstSimavr checks against simavr's ATmega128 core in its
// one batched run: so the counts are right), and the ATxmega128A1 sum what avrlab's bench reports
// on the ATxmega128A1.
func TestNTTExampleXmegaCycles(t *testing.T) {
	oracle.NeedGNU(t)
	src, err := examples.FS.Open("ntt256-xmega.S")
	if err != nil {
		t.Fatal(err)
	}
	text := new(bytes.Buffer)
	if _, err := text.ReadFrom(src); err != nil {
		t.Fatal(err)
	}
	gnu, err := oracle.GNUAssemble("atxmega128a1", []oracle.Source{{Name: "ntt.S", Text: text.String()}})
	if err != nil || gnu[0].Err != "" {
		t.Fatalf("avr-gcc: %v %s", err, gnu[0].Err)
	}
	im, err := asm.Assemble("ntt.S", text.Bytes(), asm.Config{Device: "atxmega128a1"})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(gnu[0].Flash, im.Flash) {
		t.Fatalf("avrlab's bytes differ from avr-gcc's")
	}
	dir := t.TempDir()
	hexPath := filepath.Join(dir, "ntt.hex")
	if err := os.WriteFile(hexPath, []byte(gnu[0].Hex), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("avr-objdump", "-D", "-m", "avr6", "-b", "ihex", hexPath).CombinedOutput()
	if err != nil {
		t.Fatalf("avr-objdump: %v\n%s", err, out)
	}
	type insn struct {
		mnemonic string
		words    uint32
	}
	code := map[uint32]insn{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		if m := objdumpLine.FindStringSubmatch(sc.Text()); m != nil {
			a, _ := strconv.ParseUint(m[1], 16, 32)
			code[uint32(a)/2] = insn{m[3], uint32(len(strings.Fields(m[2])) / 2)}
		}
	}

	k := kernel.Lookup("ntt-256")
	args := k.Random(rand.New(rand.NewPCG(7, 7)))
	m, entry := kernelMachine(t, im, "atxmega128a1", k.Entry, true)
	callKernel(t, m, entry, k, args, []uint16{0x2000}, 0x3fff)
	xmega := m.Cycles()
	sym, _ := im.Symbol(k.Entry)
	var sum [2]uint64
	for w := entry; w < entry+uint32(sym.Size)/2; w++ {
		n := m.ExecCount(w)
		if n == 0 {
			continue
		}
		in, ok := code[w]
		c, known := manualCycles[in.mnemonic]
		if !ok || !known {
			t.Fatalf("word 0x%x ran %d times: avr-objdump says %q, not in the table", w, n, in.mnemonic)
		}
		for core := range sum {
			sum[core] += n * c[core]
		}
		if in.mnemonic == "breq" || in.mnemonic == "brne" {
			// taken = executed - fell through (the next instruction is reached only from the branch)
			taken := n - m.ExecCount(w+in.words)
			sum[0] += taken
			sum[1] += taken
		}
	}
	rep, _, err := lab.BenchFile(examples.FS, "ntt256-xmega.S", lab.Options{Task: "ntt-256", Vectors: 2})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("NTT: manual AVRe %d, AVRxm %d; avrlab on the ATxmega128A1 %d (bench %d)", sum[0], sum[1], xmega, rep.CyclesMin)
	if sum[1] != xmega || sum[1] != rep.CyclesMin {
		t.Errorf("AVRxm: the manual's cycles give %d, avrlab ran %d and benches %d", sum[1], xmega, rep.CyclesMin)
	}

	// The same counts with the ATmega128's cycles must give avrlab's count of the routine on its
	// ATmega128 model, which TestKernelExamplesAgainstSimavr holds against simavr's ATmega128 core:
	// so the counts are simavr's too.
	ex := kernelExamples[3]
	drv, addrs := kernelCallDriver(ex, k, args, true)
	d, err := asm.Assemble("driver.S", []byte(drv), asm.Config{Device: ex.mcu, FS: asm.FromFS(examples.FS)})
	if err != nil {
		t.Fatal(err)
	}
	if avre := avreCycles(t, d, ex, k, args, addrs); avre != sum[0] {
		t.Errorf("AVRe: the manual's cycles give %d, avrlab's ATmega128 ran %d", sum[0], avre)
	}
}

// TestABIArgumentsInCalleeSaved: a call with more than four arguments passes the fifth and later in
// callee-saved pairs (sneiken128_encrypt: adlen in r16, npub in r15:r14, k in r13:r12); the ABI check
// wants them holding the arguments again on return (not the values the harness planted before setting
// the arguments), and still catches a routine that returns with one of them changed.
func TestABIArgumentsInCalleeSaved(t *testing.T) {
	src, err := examples.FS.ReadFile("sneiken128.S")
	if err != nil {
		t.Fatal(err)
	}
	rep, _, err := lab.BenchSource("sneiken128.S", src, examples.FS, lab.Options{Task: "sneiken128-enc", Vectors: 3})
	if err != nil || !rep.Pass || !rep.ABIOK {
		t.Fatalf("sneiken128.S: %v %s", err, dump(rep))
	}
	for _, reg := range []string{"r16", "r13"} {
		bad := strings.Replace(string(src), "        pop     r2\n        ret\n", "        pop     r2\n        inc     "+reg+"\n        ret\n", 1)
		if bad == string(src) {
			t.Fatal("the example's epilogue moved; update the test")
		}
		rep, _, err = lab.BenchSource("sneiken128.S", []byte(bad), examples.FS, lab.Options{Task: "sneiken128-enc", Vectors: 3})
		if err != nil || rep.ABIOK || rep.Pass || !strings.Contains(rep.ABIDetail, "callee-saved "+reg+" not restored") {
			t.Errorf("inc %s before RET: %v, ABI ok %v (%s)", reg, err, rep.ABIOK, rep.ABIDetail)
		}
	}
}
