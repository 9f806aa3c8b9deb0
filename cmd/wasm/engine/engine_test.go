package engine

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"reflect"
	"strings"
	"testing"

	"github.com/avrlab/avrlab/asm"
	"github.com/avrlab/avrlab/examples"
	"github.com/avrlab/avrlab/internal/testprog"
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

// TestMetaTasks: each task's kind, device and default scenario are the lab's, and its published rows
// are the rows of its table that name it: the fixed-key rows of its cipher, the ECRYPT rows of the
// ATtiny45 ciphers (PRESENT-80's encryption-only figures beside them, without repeating the ECRYPT
// row), the kernel rows with the context rows marked.
func TestMetaTasks(t *testing.T) {
	m := GetMeta()
	byID := map[string]TaskInfo{}
	for _, ti := range m.Tasks {
		byID[ti.ID] = ti
		lt := lab.LookupTask(ti.ID)
		sc := lt.Scenario
		if sc == "" {
			sc = lab.ScenarioFixedKey
		}
		if ti.Kind != lt.Kind || ti.Device != lt.Device || ti.Scenario != sc {
			t.Errorf("%s: kind %s device %s scenario %s; the lab's %s %s %s", ti.ID, ti.Kind, ti.Device, ti.Scenario, lt.Kind, lt.Device, sc)
		}
		var n int
		switch ti.Table {
		case TableFixedKey:
			n = len(m.Published)
		case TableATtiny45:
			n = len(m.ATtiny45)
		case TableKernel:
			n = len(m.KernelRows)
		default:
			t.Errorf("%s: table %q", ti.ID, ti.Table)
		}
		for _, i := range ti.Rows {
			if i < 0 || i >= n {
				t.Errorf("%s: row %d of %d", ti.ID, i, n)
			}
		}
	}
	names := func(ti TaskInfo) []string {
		var out []string
		for _, i := range ti.Rows {
			switch ti.Table {
			case TableFixedKey:
				out = append(out, m.Published[i].Cipher)
			case TableATtiny45:
				out = append(out, m.ATtiny45[i].Cipher)
			case TableKernel:
				r := m.KernelRows[i]
				out = append(out, fmt.Sprintf("%s %d %v", r.Source, r.Cycles, r.Context))
			}
		}
		return out
	}
	for id, want := range map[string][]string{
		"aes128":     {"AES v1", "AES Rijndael Furious"},
		"present80":  {"PRESENT v1"},
		"katan64":    {"KATAN v1"},
		"idea":       {"IDEA v1"},
		"kasumi64":   {"KASUMI v1"},
		"mpmul-160":  {"hutter2011 2395 false", "hutter2011 3106 false", "hutter2014 1976 false"},
		"mpmul-1024": {"liu2014 85000 false"},
		"ntt-256":    {"liu2015 672000 true", "liu2015 276000 true", "liu2015 590000 true", "liu2015 2600000 true", "liu2015 686000 true", "liu2017 0 true", "liu2017 0 true"},
		"sneik-f512": {"sneik2019 9265 false", "sneik2019 9648 false"},
	} {
		if got := names(byID[id]); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: rows %q, want %q", id, got, want)
		}
	}
	if ti := byID["hight64-128"]; ti.Table != TableFixedKey || len(ti.Rows) != 1 { // its ECRYPT row is the CLI's
		t.Errorf("hight64-128: %+v", ti)
	}
	if ti := byID["cham64-128"]; ti.Table != TableFixedKey || len(ti.Rows) == 0 {
		t.Errorf("cham64-128: %+v", ti)
	} else {
		for _, i := range ti.Rows {
			if m.Published[i].Cipher != "CHAM-64/128" {
				t.Errorf("cham64-128 names the row of %s", m.Published[i].Cipher)
			}
		}
	}
	// PRESENT-80's encryption-only figures (verstegen2013), not the ECRYPT row again.
	var extra []string
	for _, i := range byID["present80"].Extra {
		extra = append(extra, fmt.Sprintf("%s %d", m.KernelRows[i].Source, m.KernelRows[i].Cycles))
	}
	if want := []string{"verstegen2013 190045", "verstegen2013 55784"}; !reflect.DeepEqual(extra, want) {
		t.Errorf("present80 extra rows %q, want %q", extra, want)
	}
	if ti := byID["sneik-f512"]; ti.Unit != "round" || ti.Kind != lab.KindKernel {
		t.Errorf("sneik-f512: %+v", ti)
	}
	for _, r := range m.KernelRows {
		if m.Sources[r.Source] == "" {
			t.Errorf("kernel row %+v: no source", r)
		}
	}
	if m.Energy.Median <= m.Energy.Min || m.Energy.Max <= m.Energy.Median {
		t.Errorf("energy model %+v", m.Energy)
	}
}

// TestBudget: a live run's budget lowers the random vectors of a costly call (a 1024-bit schoolbook
// multiplication, 264,988 cycles a call, run once first: 10,000,000 / 264,988 = 37 random vectors) and
// leaves a cheap one alone; the probe's cycles are the official vector's. A block cipher is planned
// from the page's last measurement only. Without a budget all the vectors run.
func TestBudget(t *testing.T) {
	req := func(n int, budget uint64) Request {
		name := fmt.Sprintf("mpmul%d.S", 8*n)
		return Request{Files: map[string]string{name: testprog.SchoolbookMul(n)}, Main: name, Seed: 1, Budget: budget}
	}
	var phases []string
	resp := Bench(req(128, 10_000_000), func(p string) { phases = append(phases, p) })
	rep := resp.Report
	if rep == nil || !rep.Pass {
		t.Fatalf("mpmul-1024: %+v", resp)
	}
	want := &Adapted{Asked: 100, Used: 37, CallCycles: rep.Official.Cycles, Budget: 10_000_000, Measured: true}
	if !reflect.DeepEqual(resp.Adapted, want) || rep.Vectors != 38 || rep.Official.Cycles != 264988 {
		t.Errorf("adapted %+v, %d vectors, official %d cycles; want %+v, 38 vectors", resp.Adapted, rep.Vectors, rep.Official.Cycles, want)
	}
	if want := []string{"assembling", "measuring one call", "benchmarking 1 + 37 vectors and 64 constant-time inputs, 264,988 cycles a call"}; len(phases) < 3 || !reflect.DeepEqual(phases[:3], want) {
		t.Errorf("phases %q, want %q first", phases, want)
	} else {
		checkCallPhases(t, phases[2], phases[3:], 38+64)
	}
	// A budget below MinVectors calls still runs MinVectors.
	if resp := Bench(req(128, 1), nil); resp.Adapted == nil || resp.Adapted.Used != MinVectors || resp.Report.Vectors != MinVectors+1 {
		t.Errorf("a budget of one cycle: %+v", resp.Adapted)
	}
	// Cheap calls keep their vectors; no budget keeps them all.
	for _, r := range []Request{req(20, 10_000_000), req(20, 0)} {
		if resp := Bench(r, nil); resp.Adapted != nil || resp.Report == nil || resp.Report.Vectors != 101 {
			t.Errorf("mpmul-160, budget %d: adapted %+v", r.Budget, resp.Adapted)
		}
	}
	// A block cipher: no call before the bench; the page's last figure plans it.
	src, _ := fs.ReadFile(examples.FS, "cham64-v2.S")
	cham := Request{Files: map[string]string{"c.S": string(src)}, Main: "c.S", Budget: 10_000_000}
	phases = nil
	if resp := Bench(cham, func(p string) { phases = append(phases, p) }); resp.Adapted != nil || resp.Report.Vectors != 101 ||
		len(phases) < 2 || !reflect.DeepEqual(phases[:2], []string{"assembling", "benchmarking 1 + 100 vectors and 64 constant-time inputs"}) {
		t.Errorf("cham64 without a figure: adapted %+v, phases %q", resp.Adapted, phases)
	} else {
		checkCallPhases(t, phases[1], phases[2:], 101+64)
	}
	cham.CallCycles = 300_000
	want = &Adapted{Asked: 100, Used: 33, CallCycles: 300_000, Budget: 10_000_000}
	if resp := Bench(cham, nil); !reflect.DeepEqual(resp.Adapted, want) || resp.Report.Vectors != 34 {
		t.Errorf("cham64 planned from 300,000 cycles: %+v, want %+v", resp.Adapted, want)
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
		files := map[string]string{ex.File: string(src)}
		// The page brings along the examples an example includes (sneikha256.S: sneik-f512.S).
		incs, _ := asm.Includes(ex.File, src, asm.Config{FS: asm.FromFS(examples.FS)})
		for _, in := range incs {
			if dep, err := fs.ReadFile(examples.FS, in.File); in.File != "" && err == nil {
				files[in.File] = string(dep)
			}
		}
		resp := Bench(Request{Files: files, Main: ex.File, Seed: 1}, nil)
		if resp.Error != "" || len(resp.Errors) != 0 || resp.Report == nil {
			t.Errorf("%s: %s %v", ex.ID, resp.Error, resp.Errors)
			continue
		}
		want, im, err := lab.BenchFile(examples.FS, ex.File, lab.Options{Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(resp.Report, want) {
			t.Errorf("%s: engine report %+v, lab %+v", ex.ID, resp.Report, want)
		}
		// Flash is what the source emits: the report's declared figure. The measured one differs by the
		// typed functions never entered and by the layout's padding (a 256-aligned table's).
		if resp.Mode != "bench" || resp.Task != ex.Task || resp.Flash != im.EmittedBytes(0, uint32(len(im.Flash))) || resp.Flash != want.FlashDeclared {
			t.Errorf("%s: mode %s task %s flash %d (measured %d)", ex.ID, resp.Mode, resp.Task, resp.Flash, want.Flash)
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

// checkCallPhases checks the phases the bench's calls give after the phase msg: ten of them, one
// at each tenth of the total calls, "msg (N of total calls run)" with N rising to total.
func checkCallPhases(t *testing.T, msg string, phases []string, total int) {
	t.Helper()
	if len(phases) != 10 {
		t.Errorf("%d call phases, want 10: %q", len(phases), phases)
		return
	}
	prev := 0
	for k, p := range phases {
		var n, of int
		rest, ok := strings.CutPrefix(p, msg+" (")
		if _, err := fmt.Sscanf(rest, "%d of %d calls run)", &n, &of); !ok || err != nil || of != total || n <= prev || n*10 < (k+1)*total {
			t.Errorf("call phase %d: %q (want %q (N of %d calls run) at the %d0%% mark)", k, p, msg, total, k+1)
		}
		prev = n
	}
	if prev != total {
		t.Errorf("the last call phase says %d of %d", prev, total)
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
	if !reflect.DeepEqual(phases, []string{"assembling", "benchmarking 1 + 100 vectors and 64 constant-time inputs"}) {
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
		// A leakage run simulates its traces (2000 by default) and an exercise's leakage goals theirs:
		// bounded too, or one input outlasts the fuzzing's deadline.
		var lr struct {
			Traces int `json:"traces"`
		} // LeakRequest's field (the core has no leak lab)
		if op == "leak" && (json.Unmarshal([]byte(arg), &lr) != nil || lr.Traces <= 0 || lr.Traces > 20) || strings.Contains(arg, "leak-") {
			t.Skip("keep each input fast")
		}
		var out any
		if err := json.Unmarshal(Handle(op, []byte(arg), nil), &out); err != nil {
			t.Fatalf("answer is not JSON: %v", err)
		}
	})
}

// TestAssembleMessages checks that .message and .warning are in the problems list, with their
// severities, and do not make the assembly fail.
func TestAssembleMessages(t *testing.T) {
	resp := Assemble(Request{Files: map[string]string{"m.asm": ".message \"hi\"\n.warning \"careful\"\nnop\n"}, Main: "m.asm"}, true)
	if resp.Error != "" || resp.Hex == "" {
		t.Fatalf("assembly failed: %+v", resp)
	}
	var got []string
	for _, d := range resp.Errors {
		got = append(got, fmt.Sprintf("%s:%d:%d %s %s", d.File, d.Line, d.Col, d.Severity, d.Msg))
	}
	if want := "m.asm:1:1 info hi|m.asm:2:1 warning careful"; strings.Join(got, "|") != want {
		t.Errorf("problems %q, want %q", strings.Join(got, "|"), want)
	}
}
