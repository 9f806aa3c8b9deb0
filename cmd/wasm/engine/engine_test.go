package engine

import (
	"encoding/json"
	"io/fs"
	"reflect"
	"strings"
	"testing"

	"github.com/avrlab/avrlab/examples"
	"github.com/avrlab/avrlab/isa"
	"github.com/avrlab/avrlab/lab"
)

func call(t *testing.T, op string, arg any) map[string]any {
	t.Helper()
	b, err := json.Marshal(arg)
	if err != nil {
		t.Fatal(err)
	}
	var out map[string]any
	if err := json.Unmarshal(Handle(op, b, nil), &out); err != nil {
		t.Fatalf("%s: answer is not JSON: %v", op, err)
	}
	return out
}

func TestMeta(t *testing.T) {
	m := GetMeta()
	if !reflect.DeepEqual(m.Devices, isa.DeviceNames()) || m.DefaultDevice != isa.DefaultDevice {
		t.Errorf("devices %v (default %s)", m.Devices, m.DefaultDevice)
	}
	var cham bool
	known := map[string]bool{}
	for _, task := range m.Tasks {
		known[task.ID] = true
		if task.ID == "cham64-128" && task.Cipher == "CHAM-64/128" {
			cham = true
		}
	}
	if !cham {
		t.Errorf("no cham64-128 task in %v", m.Tasks)
	}
	for _, ex := range examples.List() {
		if ex.Task != "" && !known[ex.Task] {
			t.Errorf("example %s names unknown task %q", ex.ID, ex.Task)
		}
	}
	if len(m.Published) == 0 || m.Sources[m.Published[0].Source] == "" {
		t.Errorf("published rows or their sources are missing")
	}
	// Through Handle the same, as JSON.
	if got := call(t, "meta", nil); len(got["tasks"].([]any)) != len(m.Tasks) {
		t.Errorf("meta over JSON: %v", got["tasks"])
	}
}

// TestExamplesBench runs every example that names a task through the engine, as the page does, and
// checks that it gives the lab's own report for the same files.
func TestExamplesBench(t *testing.T) {
	for _, ex := range examples.List() {
		if ex.Task == "" {
			continue
		}
		src, _ := fs.ReadFile(examples.FS, ex.File)
		resp := Bench(Request{Files: map[string]string{ex.File: string(src)}, Main: ex.File, Seed: 1}, nil)
		if resp.Error != "" || len(resp.Errors) != 0 || resp.Report == nil {
			t.Errorf("%s: %s %v", ex.ID, resp.Error, resp.Errors)
			continue
		}
		want, _, err := lab.BenchFile(examples.FS, ex.File, lab.Options{Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(resp.Report, want) {
			t.Errorf("%s: engine report %+v, lab %+v", ex.ID, resp.Report, want)
		}
		if resp.Mode != "bench" || resp.Task != ex.Task || resp.Flash != want.Flash {
			t.Errorf("%s: mode %s task %s flash %d", ex.ID, resp.Mode, resp.Task, resp.Flash)
		}
	}
}

func TestDiagnostics(t *testing.T) {
	resp := Bench(Request{Files: map[string]string{"main.S": "\tnop\n\tbogus r1\n"}, Main: "main.S"}, nil)
	if len(resp.Errors) != 1 {
		t.Fatalf("errors: %+v", resp.Errors)
	}
	d := resp.Errors[0]
	if d.File != "main.S" || d.Line != 2 || d.Col != 2 || d.Severity != "error" || !strings.Contains(d.Msg, "bogus") {
		t.Errorf("diagnostic %+v: want main.S:2:2, an error naming bogus", d)
	}
	if resp.Report != nil || resp.Run != nil || resp.Flash != 0 {
		t.Errorf("a failed assembly was measured: %+v", resp)
	}
}

func TestIncludes(t *testing.T) {
	files := map[string]string{
		"main.S":        "\t.include \"consts.inc\"\n\tldi r16, ANSWER\n\tsleep\n",
		"consts.inc":    "\t.equ ANSWER, 42\n",
		"broken.S":      "\tnop\n\t.include \"bad.inc\"\n",
		"bad.inc":       "\n\tbogus\n",
		"missing.S":     "\t.include \"nowhere.inc\"\n",
		"<img src=x>.S": "\tnop\n",
	}
	resp := Bench(Request{Files: files, Main: "main.S", Task: TaskRun}, nil)
	if resp.Run == nil || resp.Run.R[16] != 42 {
		t.Fatalf("the include was not read: %+v", resp)
	}
	resp = Bench(Request{Files: files, Main: "broken.S", Task: TaskRun}, nil)
	if len(resp.Errors) == 0 || resp.Errors[0].File != "bad.inc" || resp.Errors[0].Line != 2 {
		t.Errorf("error inside an include: %+v", resp.Errors)
	}
	resp = Bench(Request{Files: files, Main: "missing.S", Task: TaskRun}, nil)
	if len(resp.Errors) == 0 || resp.Errors[0].File != "missing.S" || resp.Errors[0].Line != 1 ||
		!strings.Contains(resp.Errors[0].Msg, "nowhere.inc") {
		t.Errorf("missing include: %+v", resp.Errors)
	}
}

// TestRun checks a program without a task: LDI and SLEEP take one cycle each on the AVRe+ core of the
// ATmega128 (AVR Instruction Set Manual, DS40002198A, LDI and SLEEP).
func TestRun(t *testing.T) {
	resp := Bench(Request{Files: map[string]string{"a.S": "\tldi r16, 42\n\tsleep\n"}, Main: "a.S"}, nil)
	if resp.Mode != "run" || resp.Note == "" {
		t.Errorf("a source without a task was not run from reset: mode %q note %q", resp.Mode, resp.Note)
	}
	if r := resp.Run; r == nil || r.Stop != "sleep" || r.R[16] != 42 || r.Cycles != 2 {
		t.Errorf("run: %+v", resp.Run)
	}
	if resp.Flash != 4 {
		t.Errorf("flash %d, want 4 (two one-word instructions)", resp.Flash)
	}
}

func TestRunaway(t *testing.T) {
	src := "; avrlab task: cham64-128\n\t.global cham64_128_encrypt\ncham64_128_encrypt:\n\trjmp cham64_128_encrypt\n"
	var phases []string
	resp := Bench(Request{Files: map[string]string{"loop.S": src}, Main: "loop.S", MaxCycles: 5000},
		func(p string) { phases = append(phases, p) })
	if resp.Mode != "bench" || resp.Report == nil || resp.Report.Pass || resp.Report.Error == "" {
		t.Fatalf("runaway: %+v", resp)
	}
	if !reflect.DeepEqual(phases, []string{"assembling", "benchmarking"}) {
		t.Errorf("phases %q", phases)
	}
}

func TestHex(t *testing.T) {
	// LDI r16, 0x2A is 1110 KKKK dddd KKKK = 0xE20A, stored little-endian; the record checksum is the
	// two's complement of the byte sum 02+00+00+00+0A+E2 = 0xEE.
	resp := Assemble(Request{Files: map[string]string{"a.S": "\tldi r16, 0x2A\n"}, Main: "a.S"}, true)
	if want := ":020000000AE212\r\n:00000001FF\r\n"; resp.Hex != want {
		t.Errorf("hex %q, want %q", resp.Hex, want)
	}
	resp = Assemble(Request{Files: map[string]string{"a.S": "\tbogus\n"}, Main: "a.S"}, true)
	if resp.Hex != "" || len(resp.Errors) == 0 {
		t.Errorf("hex of a broken source: %+v", resp)
	}
}

func TestBadRequests(t *testing.T) {
	for _, tc := range []struct {
		op, arg, want string
	}{
		{"bench", `{"files":`, "bad bench request"},
		{"frob", `{}`, `unknown request "frob"`},
		{"bench", `{"files":{"a.S":"nop"},"main":"b.S"}`, `no file "b.S"`},
		{"bench", `{"files":{"a.S":"nop"},"main":"a.S","device":"z80"}`, `unknown device "z80"`},
		{"bench", `{"files":{"a.S":"nop","../x":""},"main":"a.S"}`, `bad file name "../x"`},
		{"bench", `{"files":{"a.S":"nop","a.S/b.S":""},"main":"a.S"}`, `"a.S" is a file, not a folder`},
		{"bench", `{"files":{"a.S":"nop"},"main":"a.S","task":"des-56"}`, `unknown task "des-56"`},
	} {
		var out map[string]any
		if err := json.Unmarshal(Handle(tc.op, []byte(tc.arg), nil), &out); err != nil {
			t.Fatal(err)
		}
		if e, _ := out["error"].(string); !strings.Contains(e, tc.want) {
			t.Errorf("%s %s: error %q, want %q", tc.op, tc.arg, e, tc.want)
		}
	}
}

func FuzzHandle(f *testing.F) {
	f.Add("bench", `{"files":{"a.S":"\tldi r16, 1\n\tsleep\n"},"main":"a.S","max_cycles":1000}`)
	f.Add("hex", `{"files":{"a.S":".include \"a.S\"\n"},"main":"a.S"}`)
	f.Add("meta", ``)
	f.Fuzz(func(t *testing.T, op, arg string) {
		var req Request
		if json.Unmarshal([]byte(arg), &req) == nil && (req.MaxCycles == 0 || req.MaxCycles > 100000 || req.Vectors > 10) {
			t.Skip("keep each input fast")
		}
		var out any
		if err := json.Unmarshal(Handle(op, []byte(arg), nil), &out); err != nil {
			t.Fatalf("answer is not JSON: %v", err)
		}
	})
}
