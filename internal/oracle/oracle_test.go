package oracle

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// words encodes 16-bit instruction words little-endian, as they sit in
// flash.
func words(ws ...uint16) []byte {
	b := make([]byte, 0, 2*len(ws))
	for _, w := range ws {
		b = append(b, byte(w), byte(w>>8))
	}
	return b
}

// Encodings from the AVR Instruction Set Manual.
const (
	opBREAK = 0x9598 // 1001 0101 1001 1000
	opSLEEP = 0x9588 // 1001 0101 1000 1000
	opSEI   = 0x9478 // 1001 0100 0111 1000
	opCLI   = 0x94F8 // 1001 0100 1111 1000
	opNOP   = 0x0000
)

// ldi encodes LDI Rd,K: 1110 KKKK dddd KKKK, d = 16..31.
func ldi(d int, k byte) uint16 {
	return 0xE000 | uint16(k&0xF0)<<4 | uint16(d-16)<<4 | uint16(k&0x0F)
}

func TestDecodeIHex(t *testing.T) {
	// The first record is real avr-objcopy output (ldi r16,0x12; ldi
	// r30,0; rjmp .; nop).
	text := ":0800000002E1E0E000C0000095\n" +
		":02000C00AABB8D\n" + // 2 bytes at 0x0C, leaving a gap at 8..11
		":00000001FF\n"
	flash, present, err := DecodeIHex([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	want := []byte{0x02, 0xE1, 0xE0, 0xE0, 0x00, 0xC0, 0x00, 0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0xAA, 0xBB}
	if !bytes.Equal(flash, want) {
		t.Errorf("flash = % x, want % x", flash, want)
	}
	for i, p := range present {
		if p != (i < 8 || i >= 12) {
			t.Errorf("present[%d] = %v", i, p)
		}
	}

	// Extended linear address 0x0001 puts the byte at 0x10000.
	flash, present, err = DecodeIHex([]byte(":020000040001F9\n:01000000AA55\n:00000001FF\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(flash) != 0x10001 || flash[0x10000] != 0xAA || !present[0x10000] || present[0] || flash[0] != 0xFF {
		t.Errorf("extended linear address: len %#x, last byte %#x", len(flash), flash[len(flash)-1])
	}

	bad := map[string]string{
		"checksum":     ":0800000002E1E0E000C0000096\n:00000001FF\n",
		"no eof":       ":0800000002E1E0E000C0000095\n",
		"length":       ":0900000002E1E0E000C0000094\n:00000001FF\n",
		"not hex":      ":08000000G2E1E0E000C0000095\n:00000001FF\n",
		"data space":   ":020000040080FA\n:01000000AA55\n:00000001FF\n",
		"after eof":    ":00000001FF\n:01000000AA55\n",
		"no colon":     "0800000002E1E0E000C0000095\n:00000001FF\n",
		"unknown type": ":0000000AF6\n:00000001FF\n",
	}
	for name, text := range bad {
		if _, _, err := DecodeIHex([]byte(text)); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

func TestGNUAssemble(t *testing.T) {
	NeedGNU(t)
	sources := []Source{
		{Text: "ldi r16, 0x12\n"},
		{Text: "ldi r16, 0x12\nldi r30, lo8(tbl)\nrjmp .\n.data\ntbl: .byte 1,2,3\n.text\nnop\n"},
		{Name: "main.S", Text: "#include \"inc/v.h\"\nldi r16, V\nldi r17, W\n",
			Files: map[string]string{"inc/v.h": "#define V 5\n"}, Defines: []string{"W=7"}},
		{Name: "bad.S", Text: "nop\nfoo r1\n"},
		{Text: "brne 1f\n.skip 200\n1: nop\n"},
		{Text: "nop\n", Files: map[string]string{"../escape.h": ""}},
		{Name: "it's.S", Text: ".org 6\nsleep\n", Defines: []string{"Q='a b'"}},
	}
	start := time.Now()
	res, err := GNUAssemble("atmega128", sources)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d sources in %v", len(sources), time.Since(start))
	if len(res) != len(sources) {
		t.Fatalf("%d results for %d sources", len(res), len(sources))
	}
	wantFlash := map[int][]byte{
		// LDI 1110 KKKK dddd KKKK: r16, 0x12 -> 0xE102.
		0: {0x02, 0xE1},
		// .text: ldi r16,0x12; ldi r30,lo8(0x800100)=0 (0xE0E0); rjmp .
		// (k=0: 0xC000); nop. Then .data's 3 bytes padded to 4 with 0x00.
		1: {0x02, 0xE1, 0xE0, 0xE0, 0x00, 0xC0, 0x00, 0x00, 0x01, 0x02, 0x03, 0x00},
		// ldi r16,5 -> 0xE005; ldi r17,7 -> 0xE017.
		2: {0x05, 0xE0, 0x17, 0xE0},
		// .org fills with 0x00, then SLEEP 0x9588.
		6: {0, 0, 0, 0, 0, 0, 0x88, 0x95},
	}
	for i, want := range wantFlash {
		r := res[i]
		if r.Err != "" {
			t.Errorf("source %d: %s", i, r.Err)
			continue
		}
		if !bytes.Equal(r.Flash, want) {
			t.Errorf("source %d: flash % x, want % x", i, r.Flash, want)
		}
		if len(r.Present) != len(r.Flash) {
			t.Errorf("source %d: %d present flags for %d bytes", i, len(r.Present), len(r.Flash))
		}
		for a, p := range r.Present {
			if !p {
				t.Errorf("source %d: byte %#x not present", i, a)
			}
		}
	}
	wantErr := map[int]string{
		3: "foo",                  // unknown opcode, named by avr-as
		4: "relocation truncated", // branch reach, found by the linker
		5: "invalid extra file path",
	}
	for i, want := range wantErr {
		if !strings.Contains(res[i].Err, want) {
			t.Errorf("source %d: error %q does not mention %q", i, res[i].Err, want)
		}
		if res[i].Flash != nil {
			t.Errorf("source %d: flash despite error", i)
		}
	}
	if !strings.Contains(res[3].Err, "bad.S:2") {
		t.Errorf("error %q does not name bad.S:2", res[3].Err)
	}
}

func TestGNUAssembleInvalidMCU(t *testing.T) {
	for _, mcu := range []string{"", "atmega128; rm -rf /", "-v", "ATmega 128"} {
		if _, err := GNUAssemble(mcu, []Source{{Text: "nop\n"}}); err == nil {
			t.Errorf("mcu %q accepted", mcu)
		}
	}
}

func TestSimavrConventions(t *testing.T) {
	NeedSimavr(t)
	jobs := []SimJob{
		// 0: LDI then BREAK: 1 + 1 cycles, PC past the BREAK.
		{MCU: "atmega128", Flash: words(ldi(16, 0x12), opBREAK)},
		// 1: CLI; SLEEP ends the run (done), 1 + 1 cycles.
		{MCU: "atmega128", Flash: words(opCLI, opSLEEP)},
		// 2: SEI; SLEEP sleeps with interrupts on: 1 + 1 cycles, I set.
		{MCU: "atmega128", Flash: words(opSEI, opSLEEP)},
		// 3: RJMP . (0xCFFF, k = -1) forever: 2 cycles a turn, stops at
		// the first boundary at or past 1001.
		{MCU: "atmega128", Flash: words(0xCFFF), MaxCycles: 1001},
		// 4: POP r0 (1001 000d dddd 1111) with SP = RAMEND reads past
		// RAMEND: simavr crashes.
		{MCU: "atmega128", Flash: words(0x900F, opBREAK)},
		// 5: LDI r16,0xA5; STS 0x0100,r16 (1001 001d dddd 0000 + k); BREAK:
		// 1 + 2 + 1 cycles.
		{MCU: "atmega128", Flash: words(ldi(16, 0xA5), 0x9300, 0x0100, opBREAK)},
		// 6: unknown device.
		{MCU: "atmega9999", Flash: words(opBREAK)},
		// 7: too big for an ATtiny85's 8 KiB.
		{MCU: "attiny85", Flash: make([]byte, 9000)},
		// 8: the same program as 5 on another device: the job after
		// errors runs normally.
		{MCU: "attiny85", Flash: words(ldi(16, 0xA5), 0x9300, 0x0060, opNOP, opBREAK)},
	}
	res, err := Simavr(jobs)
	if err != nil {
		t.Fatal(err)
	}
	type want struct {
		state  string
		cycles uint64
		pc     uint32
		sp     uint16
		sreg   uint8
	}
	wants := []want{
		{StateBreak, 2, 2, 0x10FF, 0},
		{StateDone, 2, 2, 0x10FF, 0},
		{StateSleep, 2, 2, 0x10FF, 0x80},
		{StateLimit, 1002, 0, 0x10FF, 0},
		{StateCrashed, 0, 0, 0, 0},
		{StateBreak, 4, 4, 0x10FF, 0},
		{StateError, 0, 0, 0, 0},
		{StateError, 0, 0, 0, 0},
		{StateBreak, 5, 5, 0x025F, 0},
	}
	for i, w := range wants {
		r := res[i]
		if r.State != w.state {
			t.Errorf("job %d: state %q, want %q (log %q, err %q)", i, r.State, w.state, r.Log, r.Err)
			continue
		}
		if w.state == StateError {
			if r.Err == "" {
				t.Errorf("job %d: no error text", i)
			}
			continue
		}
		if w.state == StateCrashed {
			if r.Log == "" {
				t.Errorf("job %d: crash without a log message", i)
			}
			continue
		}
		if r.Cycles != w.cycles || r.PC != w.pc || r.SP != w.sp || r.SREG != w.sreg {
			t.Errorf("job %d: cycles %d pc %#x sp %#x sreg %#02x, want %d %#x %#x %#02x",
				i, r.Cycles, r.PC, r.SP, r.SREG, w.cycles, w.pc, w.sp, w.sreg)
		}
	}
	if res[0].R[16] != 0x12 {
		t.Errorf("job 0: r16 = %#x, want 0x12", res[0].R[16])
	}
	if r := res[5]; r.RAMStart != 0x100 || len(r.SRAM) != 0x1000 || r.SRAM[0] != 0xA5 || len(r.IO) != 0x100-0x20 {
		t.Errorf("job 5: ramstart %#x, %d SRAM bytes, first %#x, %d IO bytes", r.RAMStart, len(r.SRAM), r.SRAM[0], len(r.IO))
	}
	if r := res[8]; r.RAMStart != 0x60 || len(r.SRAM) != 0x200 || r.SRAM[0] != 0xA5 {
		t.Errorf("job 8: ramstart %#x, %d SRAM bytes, first %#x", r.RAMStart, len(r.SRAM), r.SRAM[0])
	}
}

// TestSimavrCycles checks simavr's cycle counter against the AVR
// Instruction Set Manual (AVRe/AVRe+ columns). Each program ends with
// BREAK, counted as 1 cycle.
func TestSimavrCycles(t *testing.T) {
	NeedGNU(t)
	NeedSimavr(t)
	type tc struct {
		name, src string
		cycles    uint64 // manual cycles of everything executed, BREAK included
	}
	common := []tc{
		{"nop", "nop", 1 + 1},
		{"ldi", "ldi r16,1", 1 + 1},
		{"mov", "mov r0,r1", 1 + 1},
		{"movw", "movw r0,r2", 1 + 1},
		{"adiw", "adiw r24,1", 2 + 1},
		{"rjmp", "rjmp 1f\n1:", 2 + 1},
		{"push", "push r0", 2 + 1},
		{"push pop", "push r0\npop r1", 2 + 2 + 1},
		{"ld X", "ldi r26,0x60\nldi r27,0\nld r0,X", 1 + 1 + 2 + 1},
		{"ld -X", "ldi r26,0x61\nldi r27,0\nld r0,-X", 1 + 1 + 2 + 1},
		{"st X+", "ldi r26,0x60\nldi r27,0\nst X+,r0", 1 + 1 + 2 + 1},
		{"ldd", "ldi r28,0x60\nldi r29,0\nldd r0,Y+3", 1 + 1 + 2 + 1},
		{"std", "ldi r30,0x60\nldi r31,0\nstd Z+3,r0", 1 + 1 + 2 + 1},
		{"lds", "lds r0,0x60", 2 + 1},
		{"sts", "sts 0x60,r0", 2 + 1},
		{"lpm", "lpm", 3 + 1},
		{"lpm Z+", "lpm r0,Z+", 3 + 1},
		{"in out", "in r0,0x3f\nout 0x3f,r0", 1 + 1 + 1},
		{"sbi cbi", "sbi 0x18,1\ncbi 0x18,1", 2 + 2 + 1},
		{"brne taken", "clz\nbrne 1f\n1:", 1 + 2 + 1},
		{"brne not taken", "sez\nbrne 1f\n1:", 1 + 1 + 1},
		{"cpse no skip", "ldi r16,1\ncpse r16,r0\nnop", 1 + 1 + 1 + 1},
		{"cpse skip 1 word", "cpse r0,r0\nnop", 2 + 1},
		{"sbrs skip 1 word", "sbrs r0,0\nnop\nsbrs r0,0\nnop", 1 + 1 + 1 + 1 + 1},
		{"sbic skip", "sbic 0x18,1\nnop", 2 + 1},
		{"ijmp", "ldi r30,pm_lo8(1f)\nldi r31,pm_hi8(1f)\nijmp\n1:", 1 + 1 + 2 + 1},
		{"dec loop", "ldi r16,10\n1: dec r16\nbrne 1b", 1 + 10 + 9*2 + 1 + 1},
	}
	mega := []tc{
		{"mul", "mul r16,r17", 2 + 1},
		{"jmp", "jmp 1f\n1:", 3 + 1},
		{"cpse skip 2 words", "cpse r0,r0\njmp 0", 3 + 1},
		{"elpm", "elpm", 3 + 1},
	}
	pc16 := []tc{
		{"rcall ret", "rcall 1f\nrjmp 2f\n1: ret\n2:", 3 + 2 + 4 + 1},
		{"call ret", "call 1f\nrjmp 2f\n1: ret\n2:", 4 + 2 + 4 + 1},
		{"icall ret", "ldi r30,pm_lo8(1f)\nldi r31,pm_hi8(1f)\nicall\nrjmp 2f\n1: ret\n2:", 1 + 1 + 3 + 2 + 4 + 1},
		{"reti", "rcall 1f\nrjmp 2f\n1: reti\n2:", 3 + 2 + 4 + 1},
	}
	pc22 := []tc{
		{"rcall ret", "rcall 1f\nrjmp 2f\n1: ret\n2:", 4 + 2 + 5 + 1},
		{"call ret", "call 1f\nrjmp 2f\n1: ret\n2:", 5 + 2 + 5 + 1},
		{"icall ret", "ldi r30,pm_lo8(1f)\nldi r31,pm_hi8(1f)\nicall\nrjmp 2f\n1: ret\n2:", 1 + 1 + 4 + 2 + 5 + 1},
		{"eicall ret", "ldi r30,pm_lo8(1f)\nldi r31,pm_hi8(1f)\neicall\nrjmp 2f\n1: ret\n2:", 1 + 1 + 4 + 2 + 5 + 1},
	}
	devices := []struct {
		mcu   string
		cases []tc
	}{
		{"atmega128", append(append(append([]tc{}, common...), mega...), pc16...)},
		{"atmega2560", append(append([]tc{}, mega...), pc22...)},
		{"attiny85", []tc{common[0], common[7], common[8], common[len(common)-1], pc16[0], pc16[3]}},
	}
	for _, dev := range devices {
		srcs := make([]Source, len(dev.cases))
		for i, c := range dev.cases {
			srcs[i] = Source{Text: c.src + "\nbreak\n"}
		}
		asm, err := GNUAssemble(dev.mcu, srcs)
		if err != nil {
			t.Fatal(err)
		}
		jobs := make([]SimJob, len(asm))
		for i, a := range asm {
			if a.Err != "" {
				t.Fatalf("%s %s: %s", dev.mcu, dev.cases[i].name, a.Err)
			}
			jobs[i] = SimJob{MCU: dev.mcu, Flash: a.Flash, MaxCycles: 1000}
		}
		sims, err := Simavr(jobs)
		if err != nil {
			t.Fatal(err)
		}
		for i, s := range sims {
			c := dev.cases[i]
			if s.State != StateBreak {
				t.Errorf("%s %s: state %s (%s)", dev.mcu, c.name, s.State, s.Log)
				continue
			}
			if s.Cycles != c.cycles {
				t.Errorf("%s %s: %d cycles, manual says %d", dev.mcu, c.name, s.Cycles, c.cycles)
			}
			if want := uint32(len(asm[i].Flash) / 2); s.PC != want {
				t.Errorf("%s %s: PC %#x, want %#x (past the final BREAK)", dev.mcu, c.name, s.PC, want)
			}
		}
	}
}

// TestGNUThenSimavr reads .data's initial bytes back from flash with LPM,
// at the address the linker gives them.
func TestGNUThenSimavr(t *testing.T) {
	NeedGNU(t)
	NeedSimavr(t)
	src := `ldi r30, lo8(__data_load_start)
ldi r31, hi8(__data_load_start)
lpm r16, Z+
lpm r17, Z
break
.data
.byte 0x5a, 0xa5, 0x3c
`
	asm, err := GNUAssemble("atmega128", []Source{{Text: src}})
	if err != nil {
		t.Fatal(err)
	}
	if asm[0].Err != "" {
		t.Fatal(asm[0].Err)
	}
	// 5 words of .text, then the 3 data bytes and one pad byte.
	if got := asm[0].Flash[10:]; !bytes.Equal(got, []byte{0x5a, 0xa5, 0x3c, 0x00}) {
		t.Fatalf("data image % x", got)
	}
	sim, err := Simavr([]SimJob{{MCU: "atmega128", Flash: asm[0].Flash}})
	if err != nil {
		t.Fatal(err)
	}
	s := sim[0]
	if s.State != StateBreak || s.R[16] != 0x5a || s.R[17] != 0xa5 || s.R[30] != 11 || s.Cycles != 1+1+3+3+1 {
		t.Errorf("state %s r16 %#x r17 %#x Z %#x cycles %d", s.State, s.R[16], s.R[17], s.R[30], s.Cycles)
	}
}

// TestSimavrBatch runs 200 countdown loops in one runner process:
// LDI r16,K; 1: DEC r16; BRNE 1b; BREAK takes 1 + n + 2(n-1) + 1 + 1 =
// 3n+1 cycles for n = K (n = 256 for K = 0) and ends with r16 = 0, Z set.
func TestSimavrBatch(t *testing.T) {
	NeedSimavr(t)
	const (
		decR16  = 0x950A // DEC: 1001 010d dddd 1010
		brneM2  = 0xF7F1 // BRNE .-4: 1111 01kk kkkk k001, k = -2
		numJobs = 200
	)
	jobs := make([]SimJob, numJobs)
	for i := range jobs {
		jobs[i] = SimJob{MCU: "atmega128", Flash: words(ldi(16, byte(i)), decR16, brneM2, opBREAK)}
	}
	start := time.Now()
	res, err := Simavr(jobs)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d simavr jobs in one process: %v", numJobs, time.Since(start))
	for i, r := range res {
		n := uint64(i)
		if n == 0 {
			n = 256
		}
		if r.State != StateBreak || r.Cycles != 3*n+1 || r.R[16] != 0 || r.SREG != 0x02 || r.PC != 4 {
			t.Errorf("job %d: state %s cycles %d (want %d) r16 %#x sreg %#02x pc %d",
				i, r.State, r.Cycles, 3*n+1, r.R[16], r.SREG, r.PC)
		}
	}
}

// TestCountdownEncoding checks TestSimavrBatch's hand encodings against
// avr-as.
func TestCountdownEncoding(t *testing.T) {
	NeedGNU(t)
	res, err := GNUAssemble("atmega128", []Source{{Text: "ldi r16,7\n1: dec r16\nbrne 1b\nbreak\n"}})
	if err != nil {
		t.Fatal(err)
	}
	if want := words(ldi(16, 7), 0x950A, 0xF7F1, opBREAK); !bytes.Equal(res[0].Flash, want) {
		t.Errorf("avr-as gives % x, hand encoding % x (%s)", res[0].Flash, want, res[0].Err)
	}
}

// TestRunnerDeath runs the batch logic against a fake runner that answers
// one job and exits: the next job must be marked and a new runner must
// take the rest.
func TestRunnerDeath(t *testing.T) {
	dir := t.TempDir()
	fake := filepath.Join(dir, "runner")
	script := `#!/bin/sh
read line
echo '{"job":0,"state":"break","cycles":7,"pc":4,"sp":4351,"sreg":2,"ramstart":256,"r":"` +
		strings.Repeat("00", 32) + `","io":"00","sram":"ab"}'
echo "boom" >&2
exit 1
`
	if err := os.WriteFile(fake, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat("/bin/sh"); err != nil {
		t.Skip("no /bin/sh")
	}
	jobs := make([]SimJob, 5)
	for i := range jobs {
		jobs[i] = SimJob{MCU: "atmega128", Flash: words(opBREAK)}
	}
	res, err := runJobs(fake, jobs, make([]SimState, len(jobs)))
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range res {
		if i%2 == 0 {
			if r.State != StateBreak || r.Cycles != 7 || r.PC != 2 || r.SREG != 2 || len(r.SRAM) != 1 {
				t.Errorf("job %d: %+v", i, r)
			}
		} else if r.State != StateError || !strings.Contains(r.Err, "boom") {
			t.Errorf("job %d: state %q err %q", i, r.State, r.Err)
		}
	}
}
