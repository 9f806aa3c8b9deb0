package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/avrlab/avrlab/lab"
)

func runCLI(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(args, strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

func writeFile(t *testing.T, dir, name, text string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestAsmErrorsArePositioned(t *testing.T) {
	p := writeFile(t, t.TempDir(), "k.S", "; test\n\tldi r5, 1\n\tlid r16, 2\n")
	code, _, stderr := runCLI(t, "asm", p)
	if code != 1 {
		t.Fatalf("exit %d, want 1", code)
	}
	for _, want := range []string{p + ":2:6: expected register r16..r31, found r5\n\t ldi r5, 1\n\t     ^\n",
		p + `:3:2: unknown instruction "lid"; did you mean "ldi"?`} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
}

func TestAsmWritesHexAndListing(t *testing.T) {
	dir := t.TempDir()
	p := writeFile(t, dir, "p.S", "\tldi r16, 0x12\n\t.org 8\n\tnop\n")
	code, _, stderr := runCLI(t, "asm", "-lst", filepath.Join(dir, "p.lst"), p)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	hex, err := os.ReadFile(filepath.Join(dir, "p.hex"))
	if err != nil {
		t.Fatal(err)
	}
	// As avr-objcopy -O ihex -j .text writes it: the .org gap's fill bytes are in the file too.
	if !strings.Contains(string(hex), ":0A00000002E1000000000000000013") {
		t.Errorf("hex:\n%s", hex)
	}
	code, out, _ := runCLI(t, "disasm", filepath.Join(dir, "p.hex"))
	if code != 0 || !strings.Contains(out, "ldi\tr16, 0x12") {
		t.Errorf("disasm exit %d:\n%s", code, out)
	}
}

func TestRunJSON(t *testing.T) {
	p := writeFile(t, t.TempDir(), "r.S", `
	ldi r16, 0x10      ; 1
	ldi r17, 0x20      ; 1
	add r16, r17       ; 1
	sts 0x100, r16     ; 2
	sleep              ; 1
`)
	code, out, stderr := runCLI(t, "run", "-json", "-dump", "0x100:2", p)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var res struct {
		Stop   string `json:"stop"`
		Cycles uint64 `json:"cycles"`
		R      []int  `json:"r"`
		Dump   string `json:"dump"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if res.Stop != "sleep" || res.Cycles != 6 || res.R[16] != 0x30 || res.Dump != "3000" {
		t.Errorf("got %+v", res)
	}
}

func TestBenchExample(t *testing.T) {
	code, out, stderr := runCLI(t, "bench", "-vectors", "5", filepath.Join("..", "..", "examples", "speck64.S"))
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, out, stderr)
	}
	for _, want := range []string{"PASS: 6/6 vectors right", "RANK", "const-time  yes", "ABI         ok"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	code, out, _ = runCLI(t, "bench", "-json", "-vectors", "2", filepath.Join("..", "..", "examples", "speck64.S"))
	var rep map[string]any
	if err := json.Unmarshal([]byte(out), &rep); err != nil || code != 0 {
		t.Fatalf("exit %d, %v: %s", code, err, out)
	}
	for _, k := range []string{"task", "pass", "vectors", "failures", "cycles_min", "cycles_max", "cycles_mean", "cpb", "flash", "ram", "stack", "rank", "constant_time", "abi_ok"} {
		if _, ok := rep[k]; !ok {
			t.Errorf("json lacks %q", k)
		}
	}
}

func TestTasksVerbose(t *testing.T) {
	code, out, _ := runCLI(t, "tasks", "-v", "cham64-128")
	if code != 0 || !strings.Contains(out, "ciphertext: 3c45bc63fadc4ebf") || !strings.Contains(out, "round keys: 01030507") {
		t.Errorf("exit %d:\n%s", code, out)
	}
	if code, _, stderr := runCLI(t, "tasks", "nope"); code != 2 || !strings.Contains(stderr, "unknown task") {
		t.Errorf("unknown task: exit %d %s", code, stderr)
	}
}

// TestTasksColumns checks that the task list lines up: every row's "entry" column starts at the same
// offset, also for the ids and names longer than the others (noekeon-indirect, p192-ecdsa-verify).
func TestTasksColumns(t *testing.T) {
	code, out, _ := runCLI(t, "tasks")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != len(lab.Tasks()) {
		t.Fatalf("%d lines for %d tasks", len(lines), len(lab.Tasks()))
	}
	at := strings.Index(lines[0], " entry ")
	for _, l := range lines {
		if i := strings.Index(l, " entry "); i != at {
			t.Errorf("entry column at %d, want %d: %q", i, at, l)
		}
	}
}

func TestUsage(t *testing.T) {
	if code, _, _ := runCLI(t); code != 2 {
		t.Errorf("no args: exit %d", code)
	}
	if code, _, stderr := runCLI(t, "frobnicate"); code != 2 || !strings.Contains(stderr, "unknown command") {
		t.Errorf("unknown command: %d %s", code, stderr)
	}
	for _, c := range []string{"asm", "disasm", "run", "bench", "grade", "tasks", "examples"} {
		if code, _, stderr := runCLI(t, c, "-h"); code != 2 || !strings.Contains(stderr, "usage: avrlab "+c) {
			t.Errorf("%s -h: exit %d %s", c, code, stderr)
		}
	}
}

// TestRunFaultNamesLine runs a program that pushes before setting SP (0 after reset on the ATmega128):
// the fault names the source line and says what to do.
func TestRunFaultNamesLine(t *testing.T) {
	p := writeFile(t, t.TempDir(), "f.S", "\tldi r16, 1\n\tpush r16\n\tsleep\n")
	code, out, _ := runCLI(t, "run", p)
	if code != 1 || !strings.Contains(out, "stop: fault after 1 cycles") || !strings.Contains(out, "(f.S:2:2)") ||
		!strings.Contains(out, "resets SP to 0x0000") {
		t.Errorf("exit %d:\n%s", code, out)
	}
}

// TestRunAndBenchELF runs avr-gcc's ELF of the C SPECK-64/128 from reset (its main sets speck64_ok at
// 0x18c after checking the official vector) and benches its routine.
func TestRunAndBenchELF(t *testing.T) {
	elf := filepath.Join("..", "..", "lab", "testdata", "speck64c.elf")
	code, out, errOut := runCLI(t, "run", "-json", "-max-cycles", "100000", "-dump", "0x18c:1", elf)
	var res struct {
		Dump string `json:"dump"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil || res.Dump != "01" {
		t.Errorf("run: code %d, %q %q: %v", code, out, errOut, err)
	}
	code, out, errOut = runCLI(t, "bench", "-task", "speck64-128", "-vectors", "5", elf)
	if code != 0 || !strings.Contains(out, "flash       166 bytes measured (1000 emitted)") {
		t.Errorf("bench: code %d\n%s%s", code, out, errOut)
	}
}

// TestAsmMessages checks that AVRASM2's .message, .warning, #message and #warning reach standard
// error with their positions (avra prints the same four: f.asm(2) : hello …).
func TestAsmMessages(t *testing.T) {
	p := writeFile(t, t.TempDir(), "m.asm", ".device ATmega328P\n.message \"hello m\"\n.warning \"hello w\"\n#message \"hash m\"\n#warning \"hash w\"\nnop\n")
	code, _, stderr := runCLI(t, "asm", p)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{p + ":2:1: info: hello m\n", p + ":3:1: warning: hello w\n",
		p + ":4:1: info: hash m\n", p + ":5:2: warning: hash w\n"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	// run prints them too (stdout keeps the machine state).
	_, stdout, stderr := runCLI(t, "run", p)
	if !strings.Contains(stderr, p+":2:1: info: hello m\n") || strings.Contains(stdout, "hello") {
		t.Errorf("run: stderr %q, stdout %q", stderr, stdout)
	}
}

// TestBenchWritableKey runs avrlab bench -call 'NAME(in, out, key!)' on an AES-128 that expands its
// key in place: it passes with its figures, the key shown as a writable, counted buffer.
func TestBenchWritableKey(t *testing.T) {
	src := filepath.Join("..", "..", "lab", "testdata", "aes128-inplace.S")
	code, stdout, stderr := runCLI(t, "bench", "-device", "attiny45", "-vectors", "20", "-call", "aes128_encrypt_ip(in, out, key!)", src)
	if code != 0 {
		t.Fatalf("exit %d: %s%s", code, stdout, stderr)
	}
	for _, want := range []string{"call aes128_encrypt_ip(in, out, key!)", "PASS: 21/21 vectors right",
		"r21:r20 key @0x0080 16 B in, writable (counted)", "cycles      3117", "RANK"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("output lacks %q:\n%s", want, stdout)
		}
	}
}
