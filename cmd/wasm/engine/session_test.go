//go:build !avrlab_core

package engine

import (
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
	"strings"
	"testing"

	"github.com/avrlab/avrlab/asm"
	"github.com/avrlab/avrlab/emu"
	"github.com/avrlab/avrlab/examples"
	"github.com/avrlab/avrlab/internal/testprog"
	"github.com/avrlab/avrlab/lab"
	"github.com/avrlab/avrlab/lab/debug"
)

// debugProg counts with a subroutine: main loop (lines 6-9), the subroutine (lines 12-14).
const debugProg = `	ldi r16, 0x10
	out 0x3e, r16
	ldi r16, 0xff
	out 0x3d, r16
	ldi r18, 5
loop:
	rcall addit
	dec r18
	brne loop
	sleep
addit:
	inc r20
	add r21, r18
	ret
`

func start(t *testing.T, req DebugRequest) *Debugger {
	t.Helper()
	d := &Debugger{}
	var st DebugState
	do(t, d, "debug-start", req, &st)
	if st.Error != "" {
		t.Fatalf("start: %s %+v", st.Error, st.Errors)
	}
	return d
}

func do(t *testing.T, d *Debugger, op string, arg, out any) {
	t.Helper()
	b, _ := json.Marshal(arg)
	res := d.Handle(op, b)
	if err := json.Unmarshal(res, out); err != nil {
		t.Fatalf("%s: %v: %s", op, err, res)
	}
}

func step(t *testing.T, d *Debugger, op string, c DebugCommand) DebugState {
	t.Helper()
	var st DebugState
	do(t, d, "debug-"+op, c, &st)
	return st
}

func progReq(src string) DebugRequest {
	return DebugRequest{Request: Request{Files: map[string]string{"p.S": src}, Main: "p.S"}, Mode: DebugReset}
}

// TestDebugStepsMatchRun: after n steps from reset, registers, SP, SREG, PC and cycles are what
// `avrlab run -max-cycles C` (lab.Run) gives for the cycle count C reached.
func TestDebugStepsMatchRun(t *testing.T) {
	d := start(t, progReq(debugProg))
	im, err := asm.Assemble("p.S", []byte(debugProg), asm.Config{})
	if err != nil {
		t.Fatal(err)
	}
	for n := 1; n <= 40; n++ {
		st := step(t, d, "step", DebugCommand{})
		if st.Done {
			break
		}
		r := lab.Run(im, st.Cycles, 0, 0)
		if r.R != st.R || r.PC*2 != st.PC || r.SP != st.SP || r.SREG != st.SREG || r.Cycles != st.Cycles {
			t.Fatalf("after %d steps: debugger %+v, run -max-cycles %d %+v", n, st, st.Cycles, r)
		}
		if st.File != "p.S" || st.Line == 0 {
			t.Errorf("after %d steps no source line: %+v", n, st)
		}
	}
}

// TestDebugBack: a reverse step gives back the registers and cycles of the instruction before, over
// the checkpoint spacing too.
func TestDebugBack(t *testing.T) {
	loop := "\tldi r16, 0x10\n\tout 0x3e, r16\n\tldi r16, 0xff\n\tout 0x3d, r16\n\tclr r20\nl:\tinc r20\n\tbrne l\n\tinc r21\n\tcpi r21, 40\n\tbrne l\n\tsleep\n"
	d := start(t, progReq(loop))
	var hist []DebugState
	hist = append(hist, step(t, d, "state", DebugCommand{}))
	for i := 0; i < 6000; i++ {
		hist = append(hist, step(t, d, "step", DebugCommand{}))
	}
	if hist[len(hist)-1].Cycles < 2*debug.CheckpointCycles {
		t.Fatalf("only %d cycles: the test does not cross checkpoints", hist[len(hist)-1].Cycles)
	}
	for i := len(hist) - 2; i >= len(hist)-1200; i-- {
		st := step(t, d, "back", DebugCommand{})
		w := hist[i]
		if st.R != w.R || st.Cycles != w.Cycles || st.PC != w.PC || st.SREG != w.SREG {
			t.Fatalf("back to step %d: %d cycles pc %#x, want %d cycles pc %#x", i, st.Cycles, st.PC, w.Cycles, w.PC)
		}
	}
	// Back to the very start.
	st := step(t, d, "back-continue", DebugCommand{})
	if st.Cycles != 0 || st.PC != 0 || st.Stop != "start" {
		t.Errorf("reverse continue without breakpoints: %+v", st)
	}
}

// TestDebugBreakpointsOverOut: a breakpoint stops at its line on each pass, reverse continue goes back
// to the previous pass, step over runs a call as one step and step out leaves the subroutine.
func TestDebugBreakpointsOverOut(t *testing.T) {
	d := start(t, progReq(debugProg))
	bp := DebugCommand{Breakpoints: map[string][]int{"p.S": {13}}}
	first := step(t, d, "continue", bp)
	if first.Stop != "breakpoint" || first.Line != 13 || first.R[20] != 1 {
		t.Fatalf("continue to the breakpoint: %+v", first)
	}
	second := step(t, d, "continue", DebugCommand{})
	if second.Line != 13 || second.R[20] != 2 || second.Cycles <= first.Cycles {
		t.Fatalf("second pass: %+v", second)
	}
	back := step(t, d, "back-continue", DebugCommand{})
	if back.Cycles != first.Cycles || back.R != first.R {
		t.Fatalf("reverse continue: %d cycles, want %d", back.Cycles, first.Cycles)
	}
	out := step(t, d, "out", DebugCommand{Breakpoints: map[string][]int{}})
	if out.Line != 8 || out.R[20] != 1 {
		t.Fatalf("step out of addit: %+v", out)
	}
	// Over the rcall of the next pass: line 7 → line 8, the subroutine run (rcall 3 + inc + add + ret 4 = 9
	// cycles on the ATmega128, AVR Instruction Set Manual).
	at7 := step(t, d, "to", DebugCommand{File: "p.S", Line: 7})
	over := step(t, d, "over", DebugCommand{})
	if at7.Line != 7 || over.Line != 8 || over.Cycles-at7.Cycles != 3+1+1+4 || over.R[20] != 2 {
		t.Fatalf("over: from %+v to %+v", at7, over)
	}
	// A breakpoint on a line without code moves to the next line with code.
	st := step(t, d, "state", DebugCommand{Breakpoints: map[string][]int{"p.S": {6}}})
	if fmt.Sprint(st.Breakpoints) != "map[p.S:[7]]" {
		t.Errorf("breakpoint on the label line: %v", st.Breakpoints)
	}
	end := step(t, d, "continue", DebugCommand{Breakpoints: map[string][]int{}})
	if !end.Done || end.Stop != "sleep" || end.R[20] != 5 {
		t.Errorf("to the end: %+v", end)
	}
	if again := step(t, d, "step", DebugCommand{}); again.Cycles != end.Cycles || !again.Done {
		t.Errorf("a step after the end moved: %+v", again)
	}
}

// TestDebugCall: the call mode sets up the task's call on the official vector as the harness does
// (lab.PrepareCall): the same registers (planted callee-saved values and unpassed arguments), SP and
// PC as the harness's machine; the call takes the official vector's cycles, returns the official
// result, and its per-line cycles add up to that. Block ciphers on the ATmega128, the ATtiny45 ones
// (key schedule in the call) and a kernel.
func TestDebugCall(t *testing.T) {
	files := map[string]string{}
	for _, id := range []string{"speck64", "cham64-v2", "simon64", "aes128-t45", "present80-t45"} {
		src, err := fs.ReadFile(examples.FS, id+".S")
		if err != nil {
			t.Fatal(err)
		}
		files[id+".S"] = string(src)
	}
	files["mpmul160.S"] = testprog.SchoolbookMul(20)
	for name, src := range files {
		rep, im, err := lab.BenchSource(name, []byte(src), nil, lab.Options{Vectors: -1})
		if err != nil || !rep.Pass {
			t.Fatalf("%s: %v %+v", name, err, rep)
		}
		m, _, err := lab.PrepareCall(im, lab.Options{Task: rep.Task, Vectors: -1}, 0, emu.Config{})
		if err != nil || m == nil {
			t.Fatalf("%s: PrepareCall: %v", name, err)
		}
		d := start(t, DebugRequest{Request: Request{Files: map[string]string{name: src}, Main: name}})
		st0 := step(t, d, "state", DebugCommand{})
		if st0.Mode != DebugCall || st0.Call != rep.Call || st0.Line == 0 {
			t.Errorf("%s: start %+v", name, st0)
		}
		for i := range st0.R {
			if st0.R[i] != m.Reg(i) {
				t.Errorf("%s: r%d = 0x%02x at the start, the harness sets 0x%02x", name, i, st0.R[i], m.Reg(i))
			}
		}
		if st0.SP != m.SP() || st0.PC != m.PC()*2 || st0.Cycles != 0 {
			t.Errorf("%s: SP 0x%x PC 0x%x cycles %d; the harness: SP 0x%x PC 0x%x", name, st0.SP, st0.PC, st0.Cycles, m.SP(), m.PC()*2)
		}
		for _, b := range st0.Memory {
			if b.Space == "data" && !strings.HasPrefix(b.Name, "stack") && b.Hex != hex.EncodeToString(m.Data(uint16(b.Addr), len(b.Hex)/2)) {
				t.Errorf("%s: %s holds %s, the harness's %x", name, b.Name, b.Hex, m.Data(uint16(b.Addr), len(b.Hex)/2))
			}
		}
		end := step(t, d, "continue", DebugCommand{})
		if end.Stop != "return" || end.Cycles != rep.Official.Cycles || !strings.Contains(end.Message, rep.Official.Expected+" (right)") {
			t.Errorf("%s: %d cycles, %q; want %d cycles and %s", name, end.Cycles, end.Message, rep.Official.Cycles, rep.Official.Expected)
		}
		var p debug.Profile
		do(t, d, "debug-profile", DebugCommand{}, &p)
		var sum uint64
		for _, l := range p.Lines {
			sum += l.Cycles
		}
		var lsum uint64
		for _, l := range p.Labels {
			lsum += l.Cycles
		}
		if p.Cycles != rep.Official.Cycles || sum != p.Cycles || lsum != sum || p.Unattributed != 0 {
			t.Errorf("%s: profile %d cycles, lines %d, labels %d, unattributed %d; want %d", name, p.Cycles, sum, lsum, p.Unattributed, rep.Official.Cycles)
		}
		if len(p.Lines) == 0 || p.Lines[0].Bytes == "" {
			t.Errorf("%s: no listing", name)
		}
	}
}

// TestDebugCallValueArgs: a kernel with uint8_t arguments (SNEIK f512: state, rounds, domain byte)
// shows only the state as memory, and its registers hold the values, as the harness plants them.
func TestDebugCallValueArgs(t *testing.T) {
	src := "; avrlab task: sneik-f512\n.global sneik_f512\nsneik_f512:\n\tret\n"
	rep, im, err := lab.BenchSource("s.S", []byte(src), nil, lab.Options{Vectors: -1})
	if err != nil || rep.Pass {
		t.Fatalf("a routine that only returns: %v %+v", err, rep)
	}
	m, cs, err := lab.PrepareCall(im, lab.Options{Task: "sneik-f512", Vectors: -1}, 0, emu.Config{})
	if err != nil || m == nil {
		t.Fatal(err)
	}
	d := start(t, DebugRequest{Request: Request{Files: map[string]string{"s.S": src}, Main: "s.S"}})
	st := step(t, d, "state", DebugCommand{})
	values := 0
	for _, b := range cs.Buffers {
		if !b.Value {
			continue
		}
		values++
		for _, blk := range st.Memory {
			if strings.HasPrefix(blk.Name, string(b.Role)+" (") {
				t.Errorf("the value argument %s is shown as memory: %+v", b.Role, blk)
			}
		}
	}
	if values == 0 {
		t.Fatalf("sneik-f512 has no value arguments: %+v", cs.Buffers)
	}
	for i := range st.R {
		if st.R[i] != m.Reg(i) {
			t.Errorf("r%d = 0x%02x, the harness sets 0x%02x", i, st.R[i], m.Reg(i))
		}
	}
	end := step(t, d, "continue", DebugCommand{})
	if end.Stop != "return" || !strings.Contains(end.Message, "WRONG, expected") {
		t.Errorf("the empty routine's end: %+v", end)
	}
}

// TestDebugStartProblems: the reasons a session cannot start are told.
func TestDebugStartProblems(t *testing.T) {
	for _, tc := range []struct {
		req  DebugRequest
		want string
	}{
		{progReq("\tbogus\n"), "does not assemble"},
		{progReq("; nothing\n"), "emits no code"},
		{DebugRequest{Request: Request{Files: map[string]string{"p.S": "nop\n"}, Main: "p.S"}, Mode: DebugCall}, "no task to call"},
		{DebugRequest{Request: Request{Files: map[string]string{"p.S": "; avrlab task: speck64-128\nnop\n"}, Main: "p.S"}}, "not defined"},
	} {
		var st DebugState
		do(t, &Debugger{}, "debug-start", tc.req, &st)
		if !strings.Contains(st.Error, tc.want) {
			t.Errorf("%q: error %q, want %q", tc.req.Files["p.S"], st.Error, tc.want)
		}
	}
	var e map[string]string
	do(t, &Debugger{}, "debug-step", DebugCommand{}, &e)
	if !strings.Contains(e["error"], "no debugging session") {
		t.Errorf("step without a session: %v", e)
	}
}

// BenchmarkReverseStep measures a reverse step 100,000 cycles into a run.
func BenchmarkReverseStep(b *testing.B) {
	loop := "\tclr r20\nl:\tinc r20\n\tbrne l\n\tinc r21\n\trjmp l\n"
	d := &Debugger{}
	arg, _ := json.Marshal(DebugRequest{Request: Request{Files: map[string]string{"p.S": loop}, Main: "p.S", MaxCycles: 100_000}, Mode: DebugReset})
	d.Handle("debug-start", arg)
	d.Handle("debug-continue", nil)
	for b.Loop() {
		d.Handle("debug-back", nil)
		d.Handle("debug-step", nil)
	}
}

// FuzzDebugger drives a session with any program and any sequence of commands: no panic, every answer
// JSON.
func FuzzDebugger(f *testing.F) {
	f.Add(debugProg, "sobcxtdp", 7, uint8(0))
	f.Add("; avrlab task: speck64-128\n.global speck64_128_encrypt\nspeck64_128_encrypt:\n\tld r18, X\n\tret\n", "ccbbsspo", 4, uint8(1))
	f.Add("l:\trjmp l\n", "cbxb", 1, uint8(0))
	f.Fuzz(func(t *testing.T, src, cmds string, line int, mode uint8) {
		if len(cmds) > 32 {
			cmds = cmds[:32]
		}
		d := &Debugger{}
		m := DebugReset
		if mode%2 == 1 {
			m = DebugCall
		}
		arg, _ := json.Marshal(DebugRequest{Request: Request{Files: map[string]string{"p.S": src}, Main: "p.S", MaxCycles: 20000, Vectors: -1}, Mode: m})
		var v any
		if err := json.Unmarshal(d.Handle("debug-start", arg), &v); err != nil {
			t.Fatal(err)
		}
		ops := map[byte]string{'s': "debug-step", 'o': "debug-over", 'u': "debug-out", 'c': "debug-continue", 't': "debug-to",
			'b': "debug-back", 'x': "debug-back-continue", 'p': "debug-profile", 'd': "debug-state"}
		for i := 0; i < len(cmds); i++ {
			op, ok := ops[cmds[i]]
			if !ok {
				op = "debug-step"
			}
			c, _ := json.Marshal(DebugCommand{Breakpoints: map[string][]int{"p.S": {line, line + i}}, File: "p.S", Line: line})
			if err := json.Unmarshal(d.Handle(op, c), &v); err != nil {
				t.Fatalf("%s: %v", op, err)
			}
		}
	})
}
