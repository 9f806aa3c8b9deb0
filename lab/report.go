package lab

import (
	"io"
	"strings"

	"github.com/avrlab/avrlab/internal/textf"
)

// WriteText writes the report as `avrlab bench` prints it, headed by path.
func (r *Report) WriteText(w io.Writer, path string) {
	textf.Fprintf(w, "%s: %s, %s, %s, call %s, seed %d\n", path, r.TaskName, r.Scenario, r.Device, r.Call, r.Seed)
	verdict := "PASS"
	if !r.Pass {
		verdict = "FAIL"
	}
	switch {
	case r.Vectors == 0 && r.Error != "":
		// Nothing ran (the source did not assemble, the entry or a buffer is missing): "0/0 vectors
		// right" would read as a run that passed nothing.
		textf.Fprintf(w, "  result      %s: no vector run (the error below)\n", verdict)
	case r.OfficialFrom == "" && r.Kind == KindKernel:
		textf.Fprintf(w, "  result      %s: %d/%d vectors right (edge inputs first, then random; no published vector)\n", verdict, r.Vectors-r.Failures, r.Vectors)
	default:
		textf.Fprintf(w, "  result      %s: %d/%d vectors right (official + %d random)\n", verdict, r.Vectors-r.Failures, r.Vectors, max(r.Vectors-1, 0))
	}
	if r.BufferFaults > 0 {
		textf.Fprintf(w, "  why         %d of the failing vectors had the right output, but %s\n", r.BufferFaults, r.BufferProblem)
	}
	if r.Error != "" {
		textf.Fprintf(w, "  error       %s\n", r.Error)
	}
	if r.Official != nil {
		verdict := yesNo(r.Official.OK, "ok", "WRONG")
		if !r.Official.OK && r.Official.Problem != "" && r.Official.Expected == r.Official.Got {
			verdict = "right output, but " + r.Official.Problem
		}
		if r.OfficialFrom == "" && r.Kind == KindKernel {
			textf.Fprintf(w, "  first edge  %s (%d cycles; the task has no published vector)\n", verdict, r.Official.Cycles)
		} else {
			textf.Fprintf(w, "  official    %s (%d cycles)\n", verdict, r.Official.Cycles)
		}
	}
	if f := r.FirstFailure; f != nil {
		textf.Fprintf(w, "  first failing vector (memory byte order):\n")
		for _, b := range f.Inputs {
			textf.Fprintf(w, "    %-9s %s\n", string(b.Role), b.Hex)
		}
		textf.Fprintf(w, "    expected  %s (%s)\n    got       %s\n", f.Expected, string(f.Output), f.Got)
		if f.Problem != "" {
			textf.Fprintf(w, "    problem   %s\n", f.Problem)
		}
	}
	for _, n := range r.Notes {
		textf.Fprintf(w, "  note        %s\n", n)
	}
	if len(r.Buffers) > 0 {
		var bs []string
		for _, b := range r.Buffers {
			c := "not counted"
			if b.Counted {
				c = "counted"
			}
			if b.Value {
				bs = append(bs, textf.Sprintf("%s %s (uint8_t)", b.Register, string(b.Role)))
				continue
			}
			bs = append(bs, textf.Sprintf("%s %s @0x%04x %d B %s (%s)", b.Register, string(b.Role), b.Addr, b.Size, b.Dir, c))
		}
		textf.Fprintf(w, "  buffers     %s\n", strings.Join(bs, "; "))
	}
	if r.Error != "" && r.CyclesMean == 0 {
		return
	}
	if r.CyclesMean > 0 {
		textf.Fprintf(w, "  cycles      %d (min %d, max %d, mean %.1f)\n", uint64(r.CyclesMean+0.5), r.CyclesMin, r.CyclesMax, r.CyclesMean)
		if r.Kind != KindKernel {
			textf.Fprintf(w, "  cpb         %.1f\n", r.CPB)
		}
		if r.Unit != "" {
			textf.Fprintf(w, "  per %-7s %.1f cycles\n", r.Unit, r.CyclesPerUnit)
		}
		if e := r.EnergyUJ; e != nil {
			textf.Fprintf(w, "  energy      %.1f µJ (%.1f..%.1f) at %s\n", e.UJ, e.MinUJ, e.MaxUJ, e.Model)
		}
	}
	rk := ""
	if r.RKIn != "" {
		rk = "; round keys: " + r.RKIn
	}
	textf.Fprintf(w, "  flash       %d bytes measured (%d emitted)%s\n", r.Flash, r.FlashDeclared, rk)
	textf.Fprintf(w, "  RAM         %d bytes measured = stack %d + .data/.bss %d + other SRAM touched %d (declared %d)\n",
		r.RAM, r.Stack, r.Reserved, r.RAMOther, r.RAMDeclared)
	for _, m := range r.Measurement {
		textf.Fprintf(w, "    %s\n", m)
	}
	if len(r.Functions) > 1 {
		for _, f := range r.Functions {
			textf.Fprintf(w, "    function %-24s 0x%04x %5d B  %s\n", f.Name, f.Addr, f.Size, yesNo(f.Entered, "entered", "not entered"))
		}
	}
	if !r.Pass && r.Error != "" {
		return
	}
	if r.Kind != KindKernel {
		textf.Fprintf(w, "  RANK        %.1f   = (10^6/%.1f)/(%d + 2*%d)\n", r.Rank, r.CPB, r.Flash, r.RAM)
	}
	textf.Fprintf(w, "  const-time  %s\n", yesNo(r.ConstantTime, textf.Sprintf("yes (every call the same cycles: %d vectors and %d constant-time inputs, those traced the same trace)", r.Vectors, r.CTInputs), "NO: "+r.CTDetail))
	textf.Fprintf(w, "  ABI         %s\n", yesNo(r.ABIOK, "ok (r2-r17, r28-r29, SP restored, r1 = 0)", "VIOLATED: "+r.ABIDetail))
	t := LookupTask(r.Task)
	if t == nil {
		return
	}
	var rows []string
	for _, p := range PublishedRows() {
		if p.Cipher == t.Cipher {
			rows = append(rows, textf.Sprintf("%-30s flash %4d  RAM %3d  cpb %4.0f  RANK %5.1f  (%s)", p.Impl, p.Flash, p.RAM, p.CPB, p.Rank, p.Source))
		}
	}
	for _, p := range t.PublishedATtiny45() {
		line := textf.Sprintf("%-30s code %4d  RAM %3d  enc+ks %6d cycles  dec+ks %6d cycles  %5.1f µJ  (ATtiny45, eisenbarth2012)",
			p.Cipher, p.Code, p.RAM, p.EncCycles, p.DecCycles, p.EnergyUJ)
		if note := t.VariantNote(p); note != "" {
			line += "  [another variant: " + note + "]"
		}
		rows = append(rows, line)
	}
	for _, p := range t.PublishedKernel() {
		line := textf.Sprintf("%-30s %15s", p.Impl, p.Figure())
		if p.PerUnit != "" {
			line += textf.Sprintf(" (%.1f per %s)", p.PerUnitCycles, p.PerUnit)
		}
		if p.Code > 0 {
			line += textf.Sprintf("  code %d", p.Code)
		}
		if p.RAM != "" {
			line += "  RAM " + p.RAM
		}
		if p.Context {
			line += "  [context: a whole operation]"
		}
		rows = append(rows, line+textf.Sprintf("  (%s, %s)", p.Source, p.Read))
	}
	if len(rows) > 0 {
		textf.Fprintln(w, "  published rows for comparison:")
		for _, l := range rows {
			textf.Fprintln(w, "    "+l)
		}
	}
}

func yesNo(ok bool, yes, no string) string {
	if ok {
		return yes
	}
	return no
}
