package lab_test

import (
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/avrlab/avrlab/asm"
	"github.com/avrlab/avrlab/internal/oracle"
	"github.com/avrlab/avrlab/lab"
)

// driver writes the set-up of a call as the harness makes it for the official vector (SP = RAMEND,
// the input buffers filled, the pointers in their argument registers), then CALL entry (when call is
// true) and BREAK. simavr runs it with and without the CALL: the difference less the CALL's 4 cycles
// (ATmega128, manual: CALL) is the routine's own cycles, first instruction through RET.
func driver(t *testing.T, rep *lab.Report, entry string, call bool) string {
	t.Helper()
	var b strings.Builder
	b.WriteString("\tldi r16, 0xff\n\tout 0x3d, r16\n\tldi r16, 0x10\n\tout 0x3e, r16\n") // SP = 0x10FF
	for _, buf := range rep.Buffers {
		data, err := hex.DecodeString(rep.Official.Input(buf.Role))
		if err != nil {
			t.Fatal(err)
		}
		for i, v := range data {
			fmt.Fprintf(&b, "\tldi r16, 0x%02x\n\tsts 0x%04x, r16\n", v, int(buf.Addr)+i)
		}
		var hi, lo int
		fmt.Sscanf(buf.Register, "r%d:r%d", &hi, &lo)
		fmt.Fprintf(&b, "\tldi r%d, 0x%02x\n\tldi r%d, 0x%02x\n", lo, buf.Addr&0xff, hi, buf.Addr>>8)
	}
	if call {
		fmt.Fprintf(&b, "\tcall %s\n", entry)
	}
	b.WriteString("\tbreak\n")
	return b.String()
}

// simJob builds the simavr job of a source routine: the driver at 0, the routine #included after it.
func sourceJob(t *testing.T, routine string, rep *lab.Report, call bool) oracle.SimJob {
	t.Helper()
	src := ".text\n" + driver(t, rep, rep.Entry, call) + "#include \"routine.S\"\n"
	fsys := fstest.MapFS{"routine.S": {Data: []byte(routine)}}
	im, err := asm.Assemble("driver.S", []byte(src), asm.Config{FS: asm.FromFS(fsys)})
	if err != nil {
		t.Fatal(err)
	}
	return oracle.SimJob{MCU: "atmega128", Flash: im.Flash}
}

// imageJob builds the simavr job of a linked image: the reset vector jumps to a driver placed after the
// image, which calls the entry at its byte address.
func imageJob(t *testing.T, im *asm.Image, entry uint32, rep *lab.Report, call bool) oracle.SimJob {
	t.Helper()
	at := (len(im.Flash) + 255) &^ 255
	src := fmt.Sprintf(".text\n\tjmp drv\n\t.org 0x%x\ndrv:\n%s", at, driver(t, rep, fmt.Sprintf("0x%x", entry), call))
	d, err := asm.Assemble("driver.S", []byte(src), asm.Config{})
	if err != nil {
		t.Fatal(err)
	}
	flash := append([]byte(nil), im.Flash...)
	copy(flash, d.Flash[:4])
	for len(flash) < at {
		flash = append(flash, 0xff)
	}
	return oracle.SimJob{MCU: "atmega128", Flash: append(flash, d.Flash[at:]...)}
}

// TestCallSpecsAgainstSimavr benches routines in the (out, in, rk), (key, out, in) and (block, rk)
// conventions, and a C SPECK-64/128 compiled by avr-gcc into an ELF with other functions beside it,
// and checks the routine's cycles against simavr's (one batched simavr run).
func TestCallSpecsAgainstSimavr(t *testing.T) {
	type routine struct {
		name string
		rep  *lab.Report
		jobs [2]oracle.SimJob // with and without the call
	}
	var rs []routine
	for _, f := range []string{"cham64_dst_src_rk.S", "cham64_key_out_in.S", "speck64_block_rk.S"} {
		src := readFile(t, "testdata/conv/"+f)
		rep := benchText(t, src, lab.Options{Vectors: 20})
		if !rep.Pass {
			t.Fatalf("%s: %s", f, dump(rep))
		}
		rs = append(rs, routine{f, rep, [2]oracle.SimJob{sourceJob(t, src, rep, true), sourceJob(t, src, rep, false)}})
	}

	oracle.NeedGNU(t)
	dir := t.TempDir()
	elfPath := filepath.Join(dir, "speck64c.elf")
	if out, err := exec.Command("avr-gcc", "-Os", "-mmcu=atmega128", "-o", elfPath, "testdata/speck64c.c").CombinedOutput(); err != nil {
		t.Fatalf("avr-gcc: %v\n%s", err, out)
	}
	rep, im, err := lab.BenchFile(os.DirFS(dir), "speck64c.elf", lab.Options{Task: "speck64-128", Vectors: 20})
	if err != nil {
		t.Fatal(err)
	}
	enc, ok := im.Symbol("speck64_128_encrypt")
	if !rep.Pass || !ok || !enc.Func || rep.Flash != int(enc.Size) || rep.Call != "speck64_128_encrypt(block, rk)" {
		t.Fatalf("want a pass counting only speck64_128_encrypt (%d B): %s", enc.Size, dump(rep))
	}
	entered := map[string]bool{}
	for _, f := range rep.Functions {
		entered[f.Name] = f.Entered
	}
	if !entered["speck64_128_encrypt"] || entered["speck64_128_decrypt"] || entered["speck64_128_keyschedule"] || entered["main"] ||
		len(entered) < 4 {
		t.Errorf("functions: %+v", rep.Functions)
	}
	// The C code keeps its round keys where the harness puts them: 108 B read, plus its stack.
	if rep.RAM != rep.Stack+108 || rep.Reserved != 0 {
		t.Errorf("RAM %d = stack %d + reserved %d + other %d, want stack + 108", rep.RAM, rep.Stack, rep.Reserved, rep.RAMOther)
	}
	rs = append(rs, routine{"speck64c.elf", rep,
		[2]oracle.SimJob{imageJob(t, im, uint32(enc.Value), rep, true), imageJob(t, im, uint32(enc.Value), rep, false)}})

	oracle.NeedSimavr(t)
	var jobs []oracle.SimJob
	for _, r := range rs {
		jobs = append(jobs, r.jobs[0], r.jobs[1])
	}
	res, err := oracle.Simavr(jobs)
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range rs {
		with, without := res[2*i], res[2*i+1]
		if with.State != oracle.StateBreak || without.State != oracle.StateBreak {
			t.Fatalf("%s: simavr stopped with %s / %s: %s %s", r.name, with.State, without.State, with.Log, without.Log)
		}
		got := with.Cycles - without.Cycles - 4
		t.Logf("%s: simavr %d - %d - 4 = %d cycles; avrlab %d", r.name, with.Cycles, without.Cycles, got, r.rep.CyclesMin)
		if got != r.rep.CyclesMin || r.rep.CyclesMin != r.rep.CyclesMax {
			t.Errorf("%s: simavr %d cycles for the routine, avrlab %d..%d", r.name, got, r.rep.CyclesMin, r.rep.CyclesMax)
		}
	}
}
