package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/avrlab/avrlab/internal/oracle"
	"github.com/avrlab/avrlab/lab"
	"github.com/avrlab/avrlab/lab/debug"
)

// startDebugServer runs `avrlab debug -gdb 127.0.0.1:0 ARGS...` in the test and returns the address
// it listens on and a channel with its exit status.
func startDebugServer(t *testing.T, ctx context.Context, args ...string) (string, <-chan int, *strings.Builder) {
	t.Helper()
	pr, pw := io.Pipe()
	var errb strings.Builder
	done := make(chan int, 1)
	go func() {
		code := debugCommand(ctx, append([]string{"-gdb", "127.0.0.1:0"}, args...), pw, &errb)
		pw.Close()
		done <- code
	}()
	br := bufio.NewReader(pr)
	line, err := br.ReadString('\n')
	if err != nil {
		t.Fatalf("no address printed: %v (%s)", err, errb.String())
	}
	go io.Copy(io.Discard, br)
	m := regexp.MustCompile(`listening on (127\.0\.0\.1:\d+)`).FindStringSubmatch(line)
	if m == nil {
		t.Fatalf("first line %q names no address", line)
	}
	return m[1], done, &errb
}

// TestDebugAvrGDB: Debian's avr-gdb in batch mode against `avrlab debug -gdb 127.0.0.1:0
// examples/cham64-v2.S` (with avr-gcc's ELF of the same source for its symbols): stepi five times,
// info registers pc, reverse-stepi, break at the label loop and continue, x/8xb 0x800100 (the
// call's block), continue to the second pass, reverse-continue to the first, delete and
// reverse-continue to the start. The PCs, the cycles (monitor cycles) and the bytes are
// those of the page's debugger, a lab/debug session driven here directly on the same steps.
func TestDebugAvrGDB(t *testing.T) {
	oracle.NeedAvrGDB(t)
	oracle.NeedGNU(t)
	const src = "../../examples/cham64-v2.S"
	elf := filepath.Join(t.TempDir(), "cham64.elf")
	if out, err := exec.Command("avr-gcc", "-mmcu=atmega128", "-nostartfiles", "-nostdlib", "-o", elf, src).CombinedOutput(); err != nil {
		t.Fatalf("avr-gcc: %v\n%s", err, out)
	}

	// The expected values: the session itself.
	rep, im, err := lab.BenchFile(os.DirFS("../../examples"), "cham64-v2.S", lab.Options{Vectors: -1})
	if err != nil || !rep.Pass {
		t.Fatalf("bench: %v %+v", err, rep)
	}
	s, err := debug.Start(debug.Config{Image: im, Options: lab.Options{Task: rep.Task}})
	if err != nil {
		t.Fatal(err)
	}
	type point struct {
		pc     uint32
		cycles uint64
	}
	at := func() point { st := s.State(); return point{st.PC, st.Cycles} } // what the page shows
	var want []point
	for i := 0; i < 5; i++ {
		s.Step()
		want = append(want, at())
	}
	s.Back()
	want = append(want, at())
	loop, ok := im.Symbol("loop")
	if !ok {
		t.Fatal("cham64-v2.S has no label loop")
	}
	s.SetBreakpointAt(uint32(loop.Value) / 2)
	s.Continue()
	if s.LastStop() != debug.StopBreakpoint {
		t.Fatalf("the session did not stop at loop: %s", s.LastStop())
	}
	want = append(want, at())
	block := s.ReadData(0x100, 8)
	s.Continue() // the second pass
	want = append(want, at())
	s.BackContinue() // back to the first
	want = append(want, at())
	s.ClearBreakpointAt(uint32(loop.Value) / 2)
	s.BackContinue() // back to the start
	want = append(want, at())
	if entry, _ := im.Symbol("cham64_128_encrypt"); want[9] != (point{uint32(entry.Value), 0}) || want[0].pc != uint32(entry.Value)+2 || want[8] != want[6] || want[7].cycles <= want[6].cycles {
		t.Fatalf("the session's steps: %+v", want)
	}

	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	addr, done, errb := startDebugServer(t, ctx, "-elf", elf, src)
	remoteLog := filepath.Join(t.TempDir(), "remote.log")
	gdbArgs := []string{"-nx", "-batch", "-ex", "set confirm off", "-ex", "set remotelogfile " + remoteLog, "-ex", "target remote " + addr}
	show := []string{"-ex", "info registers pc", "-ex", "monitor cycles"}
	for i := 0; i < 5; i++ {
		gdbArgs = append(gdbArgs, "-ex", "stepi")
		gdbArgs = append(gdbArgs, show...)
	}
	gdbArgs = append(gdbArgs, "-ex", "reverse-stepi")
	gdbArgs = append(gdbArgs, show...)
	gdbArgs = append(gdbArgs, "-ex", "break loop", "-ex", "continue")
	gdbArgs = append(gdbArgs, show...)
	gdbArgs = append(gdbArgs, "-ex", "x/8xb 0x800100", "-ex", "continue")
	gdbArgs = append(gdbArgs, show...)
	gdbArgs = append(gdbArgs, "-ex", "reverse-continue")
	gdbArgs = append(gdbArgs, show...)
	gdbArgs = append(gdbArgs, "-ex", "delete", "-ex", "reverse-continue")
	gdbArgs = append(gdbArgs, show...)
	gdbArgs = append(gdbArgs, "-ex", "kill")
	cmd := exec.CommandContext(ctx, "avr-gdb", gdbArgs...)
	cmd.Dir = t.TempDir()
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("avr-gdb: %v\n%s", err, out)
	}
	if code := <-done; code != 0 {
		t.Errorf("avrlab debug exited %d: %s", code, errb.String())
	}
	text := string(out)
	pcs := regexp.MustCompile(`(?m)^pc\s+0x[0-9a-f]+\s+0x([0-9a-f]+)`).FindAllStringSubmatch(text, -1)
	cycles := regexp.MustCompile(`(?m)^cycles (\d+)$`).FindAllStringSubmatch(text, -1)
	if len(pcs) != len(want) || len(cycles) != len(want) {
		t.Fatalf("%d pcs and %d cycle counts in avr-gdb's output, want %d:\n%s", len(pcs), len(cycles), len(want), text)
	}
	for i, w := range want {
		pc, _ := strconv.ParseUint(pcs[i][1], 16, 32)
		c, _ := strconv.ParseUint(cycles[i][1], 10, 64)
		if uint32(pc) != w.pc || c != w.cycles {
			t.Errorf("step %d: avr-gdb pc 0x%x after %d cycles; the session 0x%x after %d", i, pc, c, w.pc, w.cycles)
		}
	}
	var hexb []string
	for _, b := range block {
		hexb = append(hexb, fmt.Sprintf("0x%02x", b))
	}
	if m := regexp.MustCompile(`0x800100[^:\n]*:((?:\s+0x[0-9a-f]{2}){8})`).FindStringSubmatch(text); m == nil || strings.Join(strings.Fields(m[1]), " ") != strings.Join(hexb, " ") {
		t.Errorf("x/8xb 0x800100: %v, the session's %v\n%s", m, hexb, text)
	}
	for _, w := range []string{"Breakpoint 1, 0x0000003e in loop ()", "No more reverse-execution history."} {
		if !strings.Contains(text, w) {
			t.Errorf("avr-gdb's output lacks %q:\n%s", w, text)
		}
	}
	if t.Failed() {
		t.Logf("avr-gdb's output:\n%s", text)
		return
	}
	// AVRLAB_UPDATE_GDB_LOG=1 keeps the conversation for lab/debug/gdb's TestReplayAvrGDB, which
	// replays it without avr-gdb.
	if os.Getenv("AVRLAB_UPDATE_GDB_LOG") != "" {
		b, err := os.ReadFile(remoteLog)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile("../../lab/debug/gdb/testdata/avr-gdb-cham64.log", b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
