package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/avrlab/avrlab/asm/disasm"
	"github.com/avrlab/avrlab/internal/oracle"
	"github.com/avrlab/avrlab/lab"
)

// TestProfileCham64: `avrlab profile -json examples/cham64-v2.S` profiles the call the bench measures:
// its lines' cycles add up to the bench's official cycles (1611), every line with code carries the
// address the assembler gave it, and -listing shows each executed instruction disassembled beside its
// source line.
func TestProfileCham64(t *testing.T) {
	const path = "../../examples/cham64-v2.S"
	rep, im, err := lab.BenchFile(os.DirFS("../../examples"), "cham64-v2.S", lab.Options{Vectors: -1})
	if err != nil || !rep.Pass {
		t.Fatalf("bench: %v %+v", err, rep)
	}
	if rep.Official.Cycles != 1611 {
		t.Fatalf("the bench gives %d cycles for cham64-v2's official vector, the README 1611", rep.Official.Cycles)
	}
	code, out, errs := runCLI(t, "profile", "-json", path)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var p struct {
		Cycles uint64 `json:"cycles"`
		Lines  []struct {
			File       string `json:"file"`
			Line       int    `json:"line"`
			Addr       *int   `json:"addr"`
			Bytes      string `json:"bytes"`
			Executions uint64 `json:"executions"`
			Cycles     uint64 `json:"cycles"`
		} `json:"lines"`
	}
	if err := json.Unmarshal([]byte(out), &p); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	// The assembler's first address of each line.
	first := map[string]uint32{}
	for _, r := range im.Listing {
		k := fmt.Sprintf("%s:%d", r.Pos.Filename, r.Pos.Line)
		if _, ok := first[k]; !ok && len(r.Bytes) > 0 {
			first[k] = r.Addr
		}
	}
	var sum uint64
	ran := 0
	for _, l := range p.Lines {
		sum += l.Cycles
		k := fmt.Sprintf("%s:%d", l.File, l.Line)
		want, ok := first[k]
		if !ok || l.Addr == nil || uint32(*l.Addr) != want {
			t.Errorf("%s: addr %v, the listing's 0x%x (%v)", k, l.Addr, want, ok)
		}
		if l.Executions > 0 {
			ran++
		}
	}
	if len(p.Lines) != len(first) {
		t.Errorf("%d lines profiled, %d lines with code", len(p.Lines), len(first))
	}
	if p.Cycles != rep.Official.Cycles || sum != p.Cycles || ran == 0 {
		t.Errorf("profile %d cycles, its lines %d (%d ran); the bench %d", p.Cycles, sum, ran, rep.Official.Cycles)
	}

	code, text, errs := runCLI(t, "profile", "-listing", path)
	if code != 0 {
		t.Fatalf("-listing: exit %d: %s", code, errs)
	}
	// Each instruction line shows its disassembly (as disasm formats the bytes) before its source.
	shown := 0
	for _, r := range im.Listing {
		if len(r.Bytes) == 0 || strings.HasPrefix(strings.TrimSpace(r.Text), ".") {
			continue
		}
		d := disasm.Disassemble(r.Bytes, im.Device, disasm.Options{Aliases: true})
		row := fmt.Sprintf("%06x  %-16s %-28s %s", r.Addr, fmt.Sprintf("%s:%d", r.Pos.Filename, r.Pos.Line),
			strings.ReplaceAll(d[0].Text, "\t", " "), strings.TrimSpace(strings.ReplaceAll(r.Text, "\t", " ")))
		if !strings.Contains(text, row) {
			t.Errorf("-listing lacks %q", row)
		}
		shown++
	}
	if shown < 50 || !strings.Contains(text, "ldi r30, 0x00") {
		t.Errorf("-listing: %d instruction lines checked; output:\n%s", shown, text)
	}
	// The labels add up too.
	if !strings.Contains(text, "cham64_128_encrypt") || !strings.Contains(text, "1611 cycles") {
		t.Errorf("no label or total:\n%s", text)
	}
}

// TestProfileReset: without a task (or with -reset) the program from reset is profiled until SLEEP; a
// program that faults exits 1 with the fault.
func TestProfileReset(t *testing.T) {
	dir := t.TempDir()
	// ldi 1 + (dec 1 + brne 2)*2 + dec 1 + brne 1 + sleep 1 = 10 cycles (AVR Instruction Set Manual).
	p := writeFile(t, dir, "p.S", "\tldi r16, 3\nl:\tdec r16\n\tbrne l\n\tsleep\n")
	code, out, errs := runCLI(t, "profile", "-json", p)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var pr struct {
		Cycles uint64 `json:"cycles"`
		Stop   string `json:"stop"`
		Lines  []struct {
			Line       int    `json:"line"`
			Executions uint64 `json:"executions"`
			Cycles     uint64 `json:"cycles"`
		} `json:"lines"`
	}
	if err := json.Unmarshal([]byte(out), &pr); err != nil {
		t.Fatal(err)
	}
	got := fmt.Sprintf("%d %s %v", pr.Cycles, pr.Stop, pr.Lines)
	if want := "10 sleep [{1 1 1} {2 3 3} {3 3 5} {4 1 1}]"; got != want {
		t.Errorf("profile %s, want %s", got, want)
	}
	f := writeFile(t, dir, "f.S", "\tjmp 0x1000\n")
	if code, _, errs := runCLI(t, "profile", f); code != 1 || !strings.Contains(errs, "avrlab: ") {
		t.Errorf("a faulting program: exit %d, %q", code, errs)
	}
	if code, _, errs := runCLI(t, "profile", "-task", "nope", p); code != 1 || !strings.Contains(errs, "unknown task") {
		t.Errorf("unknown task: exit %d, %q", code, errs)
	}
}

// TestProfileELF: avr-gcc's ELF of cham64-v2.S, a linked program without source lines, profiles per
// label (its symbols) with the figures of the source's profile.
func TestProfileELF(t *testing.T) {
	oracle.NeedGNU(t)
	elf := filepath.Join(t.TempDir(), "cham64.elf")
	if out, err := exec.Command("avr-gcc", "-mmcu=atmega128", "-nostartfiles", "-nostdlib", "-o", elf, "../../examples/cham64-v2.S").CombinedOutput(); err != nil {
		t.Fatalf("avr-gcc: %v\n%s", err, out)
	}
	type labels struct {
		Cycles uint64 `json:"cycles"`
		Labels []struct {
			Name   string `json:"name"`
			Addr   uint32 `json:"addr"`
			Cycles uint64 `json:"cycles"`
		} `json:"labels"`
	}
	var fromSrc, fromELF labels
	for _, run := range []struct {
		args []string
		into *labels
	}{{[]string{"../../examples/cham64-v2.S"}, &fromSrc}, {[]string{"-task", "cham64-128", elf}, &fromELF}} {
		code, out, errs := runCLI(t, append([]string{"profile", "-json"}, run.args...)...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", run.args, code, errs)
		}
		if err := json.Unmarshal([]byte(out), run.into); err != nil {
			t.Fatal(err)
		}
	}
	if fmt.Sprint(fromELF) != fmt.Sprint(fromSrc) || len(fromSrc.Labels) != 2 || fromSrc.Cycles != 1611 {
		t.Errorf("the ELF's labels %+v, the source's %+v", fromELF, fromSrc)
	}
}

// TestProfileTaskCycleLimit: profile takes the task's cycle limit when -max-cycles is not given, as
// bench does, so a P-192 scalar multiplication (over 10^7 cycles) is profiled to its RET; the lines
// add up to the bench's cycles of the official vector.
func TestProfileTaskCycleLimit(t *testing.T) {
	rep, _, err := lab.BenchFile(os.DirFS("../../examples"), "p192-scalarmul.S", lab.Options{Vectors: -1})
	if err != nil || !rep.Pass || rep.Official.Cycles <= lab.DefaultMaxCycles {
		t.Fatalf("bench: %v %+v", err, rep)
	}
	code, out, errs := runCLI(t, "profile", "-json", "../../examples/p192-scalarmul.S")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var p struct {
		Cycles uint64 `json:"cycles"`
		Lines  []struct {
			Cycles uint64 `json:"cycles"`
		} `json:"lines"`
	}
	if err := json.Unmarshal([]byte(out), &p); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	var sum uint64
	for _, l := range p.Lines {
		sum += l.Cycles
	}
	if p.Cycles != rep.Official.Cycles || sum != p.Cycles {
		t.Errorf("profile: %d cycles, lines %d; bench %d", p.Cycles, sum, rep.Official.Cycles)
	}
	// Given, -max-cycles still wins.
	if code, _, errs := runCLI(t, "profile", "-json", "-max-cycles", "1000000", "../../examples/p192-scalarmul.S"); code == 0 || !strings.Contains(errs, "-max-cycles") {
		t.Errorf("-max-cycles 1000000: exit %d, %s", code, errs)
	}
}
