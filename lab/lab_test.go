package lab_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/avrlab/avrlab/internal/oracle"
	"github.com/avrlab/avrlab/lab"
)

func bench(t *testing.T, defines map[string]string, opts lab.Options) *lab.Report {
	t.Helper()
	opts.Defines = defines
	rep, _, err := lab.BenchFile(os.DirFS("testdata"), "speck64.S", opts)
	if err != nil {
		t.Fatalf("bench: %v", err)
	}
	return rep
}

// TestCorrectImplementationPasses measures the plain SPECK-64/128 of testdata: it must pass with metrics
// that follow from its code: 27 rounds of a fixed instruction sequence.
func TestCorrectImplementationPasses(t *testing.T) {
	rep := bench(t, nil, lab.Options{Vectors: 20})
	if !rep.Pass || rep.Failures != 0 || !rep.ABIOK || !rep.ConstantTime || rep.Error != "" {
		t.Fatalf("want a pass, got %+v", rep)
	}
	// Cycles from the manual's ATmega128 timing: entry 2 movw (1 each) + ld + 7 ldd (2 each) = 18;
	// per round 5 mov + 4 add/adc + 4 (ld X+ 2 + eor 1) + 3 x 5 + 4 eor + cpi = 5+4+12+15+4+1 = 41,
	// plus brne 2 taken (26 times) or 1 (last); exit st + 7 std (2 each) + ret 4 = 20.
	want := uint64(2 + 16 + 27*41 + 26*2 + 1 + 16 + 4)
	if rep.CyclesMin != want || rep.CyclesMax != want {
		t.Errorf("cycles = %d..%d, want %d", rep.CyclesMin, rep.CyclesMax, want)
	}
	if rep.Vectors != 21 {
		t.Errorf("vectors = %d, want 21", rep.Vectors)
	}
	// Round keys are not defined in the source: the harness keeps them in SRAM and counts them as RAM.
	// The routine reads all 108 bytes, so the measurement counts all of them.
	if rep.RAMOther != 108 || rep.Stack != 0 || rep.RAM != 108 || rep.Call != "speck64_128_encrypt(block, rk)" {
		t.Errorf("ram_other %d stack %d ram %d call %s, want 108, 0, 108, speck64_128_encrypt(block, rk)", rep.RAMOther, rep.Stack, rep.RAM, rep.Call)
	}
	// 53 one-word instructions after .rept expansion ... counted as emitted bytes.
	if rep.Flash != 2*(10+5+4+8+15+4+2+8+1) {
		t.Errorf("flash = %d, want %d", rep.Flash, 2*(10+5+4+8+15+4+2+8+1))
	}
	cpb := float64(want) / 8
	if math.Abs(rep.CPB-cpb) > 1e-9 || math.Abs(rep.Rank-1e6/cpb/float64(rep.Flash+2*108)) > 1e-9 {
		t.Errorf("cpb %.3f rank %.3f", rep.CPB, rep.Rank)
	}
}

// TestBrokenImplementationsFail plants one bug at a time and checks the reason shown.
func TestBrokenImplementationsFail(t *testing.T) {
	cases := []struct {
		bug  string
		want func(*lab.Report) string // "" when the report shows the failure as expected
	}{
		{"BUG_CONST", func(r *lab.Report) string {
			if r.Pass || r.Failures != r.Vectors || r.FirstFailure == nil || r.FirstFailure.Got == r.FirstFailure.Expected {
				return "want every vector wrong with expected/got shown"
			}
			return ""
		}},
		{"BUG_ROUNDS", func(r *lab.Report) string {
			if r.Pass || r.Official == nil || r.Official.OK || r.Official.Expected != "8b024e4548a56f8c" {
				return "want the official vector wrong, expected 8b024e4548a56f8c"
			}
			return ""
		}},
		{"BUG_R28", func(r *lab.Report) string {
			if r.Pass || r.ABIOK || !strings.Contains(r.ABIDetail, "r28") || r.Failures != 0 {
				return "want correct output but an ABI failure naming r28"
			}
			return ""
		}},
		{"BUG_LOOP", func(r *lab.Report) string {
			if r.Pass || !strings.Contains(r.Error, "did not return within 100000 cycles") {
				return "want the cycle limit reported"
			}
			return ""
		}},
	}
	for _, c := range cases {
		t.Run(c.bug, func(t *testing.T) {
			rep := bench(t, map[string]string{c.bug: "1"}, lab.Options{Vectors: 10, MaxCycles: 100000})
			if msg := c.want(rep); msg != "" {
				j, _ := json.MarshalIndent(rep, "", " ")
				t.Errorf("%s: %s; report:\n%s", c.bug, msg, j)
			}
		})
	}
}

// TestConstantTime flags a data-dependent branch and passes the same code without it.
func TestConstantTime(t *testing.T) {
	rep := bench(t, map[string]string{"BUG_BRANCH": "1"}, lab.Options{Vectors: 5})
	if rep.ConstantTime || rep.Failures != 0 {
		t.Fatalf("want correct but not constant time: %+v", rep)
	}
	if !strings.Contains(rep.CTDetail, "part at step") || !strings.Contains(rep.CTDetail, "speck64.S:") {
		t.Errorf("detail should name the inputs and the first differing address with its source line: %q", rep.CTDetail)
	}
	// Both paths of the planted branch take 3 cycles (sbrs skipping the rjmp + nop, or sbrs + rjmp):
	// only the executed-address trace can show the difference.
	if rep.CyclesMin != rep.CyclesMax {
		t.Errorf("both paths take 3 cycles, yet cycles vary: %d..%d", rep.CyclesMin, rep.CyclesMax)
	}
	if ok := bench(t, nil, lab.Options{Vectors: 5}); !ok.ConstantTime {
		t.Errorf("the branch-free version must be constant time: %s", ok.CTDetail)
	}
}

// TestRankReproducesPublishedRows feeds each published (flash, RAM, cpb) to Rank and compares with the
// printed RANK, from the shared file itself.
func TestRankReproducesPublishedRows(t *testing.T) {
	b := sharedFile(t, "published-rows.json")
	var raw struct {
		Rows []lab.PublishedRow `json:"fixed_key_rank_rows"`
	}
	if err := json.Unmarshal(b, &raw); err != nil {
		t.Fatal(err)
	}
	if len(raw.Rows) < 10 {
		t.Fatalf("only %d rows", len(raw.Rows))
	}
	for _, r := range raw.Rows {
		got := lab.Rank(r.CPB, r.Flash, r.RAM)
		if math.Abs(got-r.Rank) > 0.1 {
			t.Errorf("%s %s: rank %.2f, printed %.1f", r.Cipher, r.Impl, got, r.Rank)
		}
	}
	// DEVELOPERS.md's check: SPECK-64/128 at 218 B flash, 0 B RAM, 154 cpb gives 29.8.
	if got := lab.Rank(154, 218, 0); math.Round(got*10)/10 != 29.8 {
		t.Errorf("Rank(154, 218, 0) = %.3f", got)
	}
}

// TestEmbeddedDataMatchesShared checks that the copies under lab/data are the shared files.
func TestEmbeddedDataMatchesShared(t *testing.T) {
	for _, name := range []string{"vectors.json", "published-rows.json", "vectors-attiny45.json", "kernel-rows.json", "vectors-systems.json"} {
		ours, err := os.ReadFile(filepath.Join("data", name))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(ours, sharedFile(t, name)) {
			t.Errorf("lab/data/%s differs from ../shared/data/%s: copy it again", name, name)
		}
	}
}

func sharedFile(t *testing.T, name string) []byte {
	t.Helper()
	return oracle.RequireFile(t, filepath.Join("..", "..", "shared", "data", name), "the shared data folder sits beside the repository (../shared)")
}

// TestTasks checks every task against its official vector and the task list of issue 4.
func TestTasks(t *testing.T) {
	want := []string{"cham64-128", "cham128-128", "cham128-256", "cham64-128-r19", "cham128-128-r19", "cham128-256-r19",
		"speck64-96", "speck64-128", "speck128-128", "speck128-192", "speck128-256", "simon64-128", "simon128-128",
		"lea128", "hight64-128", "aes128", "present80", "noekeon-direct", "noekeon-indirect", "tea64-128", "klein64", "katan64", "idea", "kasumi64"}
	for _, id := range want {
		tk := lab.LookupTask(id)
		if tk == nil {
			t.Errorf("missing task %s", id)
			continue
		}
		got := make([]byte, tk.BlockBytes)
		tk.Reference().Encrypt(got, tk.OfficialPlain, tk.OfficialKey)
		if !bytes.Equal(got, tk.OfficialCipher) {
			t.Errorf("%s: reference gives %x, official %x", id, got, tk.OfficialCipher)
		}
	}
	kernels := []string{"mpmul-160", "mpmul-192", "mpmul-256", "mpmul-1024", "mpsqr-160", "mpsqr-192", "mpsqr-256",
		"mpsqr-1024", "p192-mul", "ntt-256", "intt-256", "sneik-f512", "sneikha256"}
	kernels = append(kernels, "p192-scalarmul", "p192-ecdsa-sign", "p192-ecdsa-verify")
	kernels = append(kernels, "rlwe256-enc", "rlwe256-dec", "rlwe256-keygen")
	kernels = append(kernels, "sneiken128-enc", "sneiken128-dec")
	for _, id := range kernels {
		if tk := lab.LookupTask(id); tk == nil || tk.Kind != lab.KindKernel || tk.Kernel == nil {
			t.Errorf("kernel task %s: %+v", id, tk)
		}
	}
	if len(lab.Tasks()) != len(want)+len(kernels) {
		t.Errorf("%d tasks, want %d", len(lab.Tasks()), len(want)+len(kernels))
	}
	for id, dev := range map[string]string{"aes128": "attiny45", "ntt-256": "atxmega128a1", "sneik-f512": "atmega2560", "speck64-128": "atmega128"} {
		if tk := lab.LookupTask(id); tk.Device != dev {
			t.Errorf("%s on %s, want %s", id, tk.Device, dev)
		}
	}
	// HIGHT: an ATmega128 task whose report also prints its ECRYPT row (measured with -device attiny45).
	if rows := lab.LookupTask("hight64-128").PublishedATtiny45(); len(rows) != 1 || rows[0].Cipher != "HIGHT v1" || rows[0].DecCycles != 20159 {
		t.Errorf("hight64-128 ECRYPT rows %+v, want HIGHT v1", rows)
	}
	for _, id := range []string{"idea", "kasumi64"} {
		if rows := lab.LookupTask(id).PublishedATtiny45(); len(rows) != 1 || lab.LookupTask(id).Scenario != lab.ScenarioEncryptKS {
			t.Errorf("%s: ECRYPT rows %+v", id, rows)
		}
	}
	// The ECRYPT table's KLEIN is KLEIN-80 (80-bit key), the task KLEIN-64: the row is another variant,
	// and the report says so; every other ATtiny45 row has the task's sizes.
	for _, tk := range lab.Tasks() {
		for _, r := range tk.PublishedATtiny45() {
			want := ""
			if tk.ID == "klein64" {
				want = "its key is 80 bits, this task's 64"
			}
			if got := tk.VariantNote(r); got != want {
				t.Errorf("%s against %s: VariantNote %q, want %q", tk.ID, r.Cipher, got, want)
			}
		}
	}
	if sc := lab.LookupScenario(lab.ScenarioDecryptKS); sc == nil || !sc.Decrypt || len(sc.Args) != 2 || sc.Args[0] != lab.RoleBlock || sc.Args[1] != lab.RoleKey {
		t.Errorf("decrypt-ks: %+v", sc)
	}
	if tk := lab.LookupTask("cham64-128"); tk.RKBytes != 32 || tk.Entry != "cham64_128_encrypt" || tk.RK != "cham64_128_rk" {
		t.Errorf("cham64-128 contract: %+v", tk)
	}
	if got := lab.DetectTask([]byte("\xef\xbb\xbf; comment\n// avrlab task: speck128-256\n")); got != "speck128-256" {
		t.Errorf("DetectTask = %q", got)
	}
}

// TestGoals reads exercise goals and checks them against a report.
func TestGoals(t *testing.T) {
	goals, err := lab.ParseGoals([]byte("# Ex\n\ngoal: pass\n- goal: rank >= 20\ngoal: constant-time\ngoal: flash <= 10\n"))
	if err != nil || len(goals) != 4 {
		t.Fatalf("goals %v, %v", goals, err)
	}
	rep := &lab.Report{Pass: true, Rank: 25, ConstantTime: true, Flash: 100, ABIOK: true, Vectors: 3}
	res := lab.CheckGoals(rep, goals)
	got := fmt.Sprint(res[0].Met, res[1].Met, res[2].Met, res[3].Met)
	if got != "true true true false" {
		t.Errorf("met = %s", got)
	}
	if _, err := lab.ParseGoals([]byte("goal: speed >= 3\n")); err == nil {
		t.Error("unknown metric accepted")
	}
}

// TestDecryptScenario runs a SPECK-64/128 decryption: the harness feeds ciphertexts and expects the
// plaintexts, entering at the task's _decrypt symbol.
func TestDecryptScenario(t *testing.T) {
	rep, _, err := lab.BenchFile(os.DirFS("testdata"), "speck64dec.S", lab.Options{Scenario: lab.ScenarioDecrypt, Vectors: 20})
	if err != nil {
		t.Fatal(err)
	}
	if !rep.Pass || rep.Entry != "speck64_128_decrypt" || rep.Official == nil || rep.Official.Expected != "2d4375747465723b" {
		j, _ := json.MarshalIndent(rep, "", " ")
		t.Fatalf("want a passing decryption back to the official plaintext:\n%s", j)
	}
	// The encryption routine fed ciphertexts cannot give the plaintexts back.
	rep, _, err = lab.BenchFile(os.DirFS("testdata"), "speck64.S", lab.Options{Scenario: lab.ScenarioDecrypt, Entry: "speck64_128_encrypt", Vectors: 3})
	if err != nil || rep.Pass || rep.Failures != 4 {
		t.Errorf("encryptor passed as decryptor: %+v, %v", rep, err)
	}
}

// TestKeyScheduleScenario runs a SPECK-64/128 that expands the key itself: key pointer in r23:r22, a
// round-key buffer in r21:r20 that counts as RAM.
func TestKeyScheduleScenario(t *testing.T) {
	rep, _, err := lab.BenchFile(os.DirFS("testdata"), "speck64ks.S", lab.Options{Scenario: lab.ScenarioKeySchedule, Vectors: 20})
	if err != nil {
		t.Fatal(err)
	}
	if !rep.Pass || rep.RAMOther != 108 || rep.RAM != rep.Stack+108 || !rep.ConstantTime {
		j, _ := json.MarshalIndent(rep, "", " ")
		t.Fatalf("want a pass with the 108-byte buffer counted as RAM:\n%s", j)
	}
	// A fixed-key routine run as key-schedule never sees round keys and fails.
	rep, _, err = lab.BenchFile(os.DirFS("testdata"), "speck64.S", lab.Options{Scenario: lab.ScenarioKeySchedule, Vectors: 3})
	if err != nil || rep.Pass {
		t.Errorf("fixed-key routine passed the key-schedule scenario: %+v, %v", rep, err)
	}
}

// TestProgress: Options.Progress hears of every call the bench runs, in order, out of the vectors and
// the constant-time inputs; a bench stopped by a runaway call says so at the call that stopped it.
func TestProgress(t *testing.T) {
	var done []int
	totals := map[int]bool{}
	rep := bench(t, nil, lab.Options{Vectors: 5, Progress: func(d, n int) { done, totals[n] = append(done, d), true }})
	if !rep.Pass {
		t.Fatalf("want a pass: %+v", rep)
	}
	want := 1 + 5 + lab.ConstantTimeInputs
	if len(done) != want || len(totals) != 1 || !totals[want] {
		t.Fatalf("progress %v of %v, want 1..%d of %d", done, totals, want, want)
	}
	for i, d := range done {
		if d != i+1 {
			t.Fatalf("progress %v, want 1..%d in order", done, want)
		}
	}
	done = nil
	rep = bench(t, map[string]string{"BUG_LOOP": "1"}, lab.Options{Vectors: 5, MaxCycles: 100000, Progress: func(d, n int) { done = append(done, d) }})
	if rep.Pass || len(done) != 1 || done[0] != 1 {
		t.Errorf("a runaway first call: progress %v, want [1]; pass %v", done, rep.Pass)
	}
}

// TestEveryTenth: of 165 calls (100 + 1 vectors and 64 constant-time inputs) a display hears ten, the
// first at 17 (the first count of at least 16.5) and the last at 165.
func TestEveryTenth(t *testing.T) {
	var got []int
	f := lab.EveryTenth(func(done, total int) { got = append(got, done) })
	for d := 1; d <= 165; d++ {
		f(d, 165)
	}
	if fmt.Sprint(got) != "[17 33 50 66 83 99 116 132 149 165]" {
		t.Errorf("reports at %v", got)
	}
}

// BenchmarkBenchNotConstantTime benches testdata's SPECK with a data-dependent branch
// (BUG_BRANCH): the constant-time check fails and traces two calls on machines of their own to
// say where they part, the second built over the first (emu.NewFrom).
func BenchmarkBenchNotConstantTime(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		rep, _, err := lab.BenchFile(os.DirFS("testdata"), "speck64.S", lab.Options{Defines: map[string]string{"BUG_BRANCH": "1"}})
		if err != nil || rep.ConstantTime || !strings.Contains(rep.CTDetail, "part at step") {
			b.Fatalf("%v %+v", err, rep)
		}
	}
}
