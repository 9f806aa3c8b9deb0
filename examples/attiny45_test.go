package examples_test

import (
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/avrlab/avrlab/asm"
	"github.com/avrlab/avrlab/examples"
	"github.com/avrlab/avrlab/internal/oracle"
	"github.com/avrlab/avrlab/lab"
)

// attiny45Examples are the examples of the ATtiny45 tasks (ECRYPT scenario encrypt-ks).
var attiny45Examples = []string{"aes128-t45", "present80-t45", "idea-t45", "kasumi-t45", "tea-t45", "noekeon-t45", "katan64-t45", "klein64-t45"}

// attiny45Decryptions are the examples that also hold the task's decryption (scenario decrypt-ks,
// the ECRYPT table's decryption column).
var attiny45Decryptions = []string{"aes128-t45", "idea-t45", "kasumi-t45", "katan64-t45", "klein64-t45", "noekeon-t45", "present80-t45", "tea-t45"}

// attiny45Driver writes what the harness does before a call for the official vector (SP = RAMEND,
// the buffers filled, their pointers in the argument registers), then RCALL entry (when call is set)
// and BREAK, then the example itself through #include. RCALL, not CALL: the ATtiny45 has no CALL.
func attiny45Driver(t *testing.T, rep *lab.Report, file string, call bool) string {
	t.Helper()
	var b strings.Builder
	// ATtiny45 datasheet, memory map: SRAM 0x60..0x15F, so RAMEND = 0x15F; SPL = I/O 0x3D, SPH = 0x3E.
	b.WriteString(".text\n\tldi r16, 0x5f\n\tout 0x3d, r16\n\tldi r16, 0x01\n\tout 0x3e, r16\n")
	for _, buf := range rep.Buffers {
		data, err := hex.DecodeString(rep.Official.Input(buf.Role))
		if err != nil || len(data) != buf.Size {
			t.Fatalf("%s: official %s: %q (%v)", file, buf.Role, rep.Official.Input(buf.Role), err)
		}
		for i, v := range data {
			fmt.Fprintf(&b, "\tldi r16, 0x%02x\n\tsts 0x%04x, r16\n", v, int(buf.Addr)+i)
		}
		var hi, lo int
		if _, err := fmt.Sscanf(buf.Register, "r%d:r%d", &hi, &lo); err != nil {
			t.Fatalf("%s: register %q: %v", file, buf.Register, err)
		}
		fmt.Fprintf(&b, "\tldi r%d, 0x%02x\n\tldi r%d, 0x%02x\n", lo, buf.Addr&0xff, hi, buf.Addr>>8)
	}
	if call {
		fmt.Fprintf(&b, "\trcall %s\n", rep.Entry)
	}
	fmt.Fprintf(&b, "\tbreak\n#include \"%s\"\n", file)
	return b.String()
}

// TestATtiny45ExamplesAgainstSimavr benches the ATtiny45 examples and runs each, assembled behind a
// driver, in simavr's attiny45 core with and without the RCALL (one batched simavr run): the
// difference less RCALL's 3 cycles (AVR manual, RCALL: 3 cycles with a 16-bit PC) must equal the
// cycles avrlab measured, and the block simavr leaves in SRAM must be the official ciphertext. The
// same driver sources go through avr-gcc (one batch) to check that avrlab's bytes are avr-as's.
func TestATtiny45ExamplesAgainstSimavr(t *testing.T) {
	type run struct {
		id, file string
		rep      *lab.Report
		srcs     [2]string // with and without the call
		ims      [2]*asm.Image
	}
	var runs []run
	var cases [][2]string // example, scenario
	for _, id := range attiny45Examples {
		cases = append(cases, [2]string{id, lab.ScenarioEncryptKS})
	}
	for _, id := range attiny45Decryptions {
		cases = append(cases, [2]string{id, lab.ScenarioDecryptKS})
	}
	for _, c := range cases {
		id, scenario := c[0], c[1]
		e, ok := examples.Lookup(id)
		if !ok {
			t.Fatalf("no example %s", id)
		}
		opts := lab.Options{Task: e.Task, Vectors: 10}
		if scenario != lab.ScenarioEncryptKS {
			opts.Scenario = scenario
		}
		rep, _, err := lab.BenchFile(examples.FS, e.File, opts)
		if err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		if !rep.Pass || !rep.ConstantTime || rep.Device != "attiny45" || rep.Scenario != scenario {
			t.Fatalf("%s: pass %v, constant time %v, device %s, scenario %s: %s", id, rep.Pass, rep.ConstantTime,
				rep.Device, rep.Scenario, rep.Error)
		}
		r := run{id: id, file: e.File, rep: rep}
		for i, call := range []bool{true, false} {
			r.srcs[i] = attiny45Driver(t, rep, e.File, call)
			im, err := asm.Assemble("driver.S", []byte(r.srcs[i]), asm.Config{Device: "attiny45", FS: asm.FromFS(examples.FS)})
			if err != nil {
				t.Fatalf("%s: %v", id, err)
			}
			r.ims[i] = im
		}
		runs = append(runs, r)
	}

	oracle.NeedGNU(t)
	var srcs []oracle.Source
	for _, r := range runs {
		text, _ := examples.Source(r.id)
		srcs = append(srcs, oracle.Source{Name: "driver.S", Text: r.srcs[0], Files: map[string]string{r.file: string(text)}})
	}
	gnu, err := oracle.GNUAssemble("attiny45", srcs)
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range runs {
		g, im := gnu[i], r.ims[0]
		if g.Err != "" {
			t.Fatalf("%s: avr-gcc: %s\n%s", r.id, g.Err, g.Log)
		}
		n := 0
		for a := range im.Flash {
			if !im.Emitted[a] {
				continue // alignment padding: avr-as fills it, avrlab leaves 0x00
			}
			n++
			if a >= len(g.Flash) || !g.Present[a] || g.Flash[a] != im.Flash[a] {
				t.Fatalf("%s: flash byte 0x%04x: avrlab %02x, avr-as %02x", r.id, a, im.Flash[a], at(g.Flash, a))
			}
		}
		t.Logf("%s: %d emitted bytes equal avr-as's", r.id, n)
	}

	oracle.NeedSimavr(t)
	var jobs []oracle.SimJob
	for _, r := range runs {
		jobs = append(jobs, oracle.SimJob{MCU: "attiny45", Flash: r.ims[0].Flash}, oracle.SimJob{MCU: "attiny45", Flash: r.ims[1].Flash})
	}
	res, err := oracle.Simavr(jobs)
	if err != nil {
		t.Fatal(err)
	}
	const rcall = 3
	for i, r := range runs {
		with, without := res[2*i], res[2*i+1]
		if with.State != oracle.StateBreak || without.State != oracle.StateBreak {
			t.Fatalf("%s: simavr stopped with %s / %s: %s %s", r.id, with.State, without.State, with.Log, without.Log)
		}
		got := with.Cycles - without.Cycles - rcall
		t.Logf("%s: simavr %d - %d - %d = %d cycles; avrlab %d", r.id, with.Cycles, without.Cycles, rcall, got, r.rep.CyclesMin)
		if got != r.rep.CyclesMin || r.rep.CyclesMin != r.rep.CyclesMax {
			t.Errorf("%s: simavr %d cycles for the routine, avrlab %d..%d", r.id, got, r.rep.CyclesMin, r.rep.CyclesMax)
		}
		var block lab.BufferUse
		for _, b := range r.rep.Buffers {
			if b.Role == lab.RoleBlock {
				block = b
			}
		}
		off := int(block.Addr) - int(with.RAMStart)
		if block.Size == 0 || off < 0 || off+block.Size > len(with.SRAM) {
			t.Fatalf("%s: no block buffer in %+v (SRAM from 0x%x)", r.id, r.rep.Buffers, with.RAMStart)
		}
		if got, want := hex.EncodeToString(with.SRAM[off:off+block.Size]), r.rep.Official.Expected; got != want {
			t.Errorf("%s: simavr leaves the block %s, want the official ciphertext %s", r.id, got, want)
		}
	}
}

// at returns b[i], or 0 past its end.
func at(b []byte, i int) byte {
	if i < len(b) {
		return b[i]
	}
	return 0
}

// TestATtiny45Decryptions benches the decryptions in scenario decrypt-ks and pins their metrics in
// testdata/metrics-decrypt.json (rewritten by -update, like metrics.json).
func TestATtiny45Decryptions(t *testing.T) {
	got := map[string]metrics{}
	for _, id := range attiny45Decryptions {
		e, ok := examples.Lookup(id)
		if !ok {
			t.Fatalf("no example %s", id)
		}
		rep, _, err := lab.BenchFile(examples.FS, e.File, lab.Options{Task: e.Task, Scenario: lab.ScenarioDecryptKS, Vectors: 50})
		if err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		if !rep.Pass || !rep.ConstantTime || !rep.ABIOK || rep.Scenario != lab.ScenarioDecryptKS {
			t.Errorf("%s: pass %v, constant time %v, ABI %v, scenario %s: %s", id, rep.Pass, rep.ConstantTime, rep.ABIOK, rep.Scenario, rep.Error)
		}
		got[id] = metrics{Task: rep.Task, Flash: rep.Flash, RAM: rep.RAM, Stack: rep.Stack, CyclesMin: rep.CyclesMin, CyclesMax: rep.CyclesMax}
	}
	const golden = "testdata/metrics-decrypt.json"
	if *update {
		b, _ := json.MarshalIndent(got, "", "  ")
		if err := os.WriteFile(golden, append(b, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	b, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test ./examples -update)", err)
	}
	var want map[string]metrics
	if err := json.Unmarshal(b, &want); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("decryption metrics changed:\n got  %+v\n want %+v\n(if intended: go test ./examples -update, and say why in the commit)", got, want)
	}
}

// TestNOEKEONIndirect benches noekeon-t45 built with -D NOEKEON_INDIRECT against the noekeon-indirect
// task (its official vector, the key encrypted under the zero key first) in both ECRYPT scenarios: the
// same file serves the indirect-key mode. Each must pass, run in constant time and keep the ABI, and
// the direct-key build must fail that task (so the define, not the task, makes it pass).
func TestNOEKEONIndirect(t *testing.T) {
	e, ok := examples.Lookup("noekeon-t45")
	if !ok {
		t.Fatal("no example noekeon-t45")
	}
	for _, scenario := range []string{lab.ScenarioEncryptKS, lab.ScenarioDecryptKS} {
		opts := lab.Options{Task: "noekeon-indirect", Scenario: scenario, Vectors: 20, Defines: map[string]string{"NOEKEON_INDIRECT": ""}}
		rep, _, err := lab.BenchFile(examples.FS, e.File, opts)
		if err != nil {
			t.Fatalf("%s: %v", scenario, err)
		}
		if !rep.Pass || !rep.ConstantTime || !rep.ABIOK || rep.CyclesMin != rep.CyclesMax {
			t.Errorf("%s: pass %v, constant time %v (%s), ABI %v (%s), cycles %d..%d, error %q", scenario, rep.Pass,
				rep.ConstantTime, rep.CTDetail, rep.ABIOK, rep.ABIDetail, rep.CyclesMin, rep.CyclesMax, rep.Error)
		}
		t.Logf("%s: %d cycles, %d B flash, %d B RAM", scenario, rep.CyclesMin, rep.Flash, rep.RAM)
		opts.Defines = nil
		if rep, _, err := lab.BenchFile(examples.FS, e.File, opts); err == nil && rep.Pass {
			t.Errorf("%s: the direct-key build passes noekeon-indirect", scenario)
		}
	}
}
