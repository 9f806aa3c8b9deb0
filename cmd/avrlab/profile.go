package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/avrlab/avrlab/lab/debug"
)

// cmdProfile prints where the cycles of the task's call (or the program from reset) go, per source
// line and per label, as perf annotate does: lab/debug's profile, the page's Cycles pane.
func cmdProfile(args []string, stdout, stderr io.Writer) int {
	fl := newFlags("profile", "[-json] [-listing] [-reset] [-task ID] [-call SPEC] [-device NAME] [-D NAME[=VALUE]]... [-I DIR]... FILE... | FOLDER", stderr)
	f := addSessionFlags(fl)
	asJSON := fl.Bool("json", false, `print one JSON object: {"cycles": N, "lines": [{"file", "line", "addr", "executions", "cycles", ...}], "labels": [...]}`)
	listing := fl.Bool("listing", false, "show the disassembly beside each source line, and the lines that did not run")
	if fl.Parse(gccArgs(args)) != nil {
		return 2
	}
	if fl.NArg() < 1 {
		fl.Usage()
		return 2
	}
	s, status := startSession(f, fl.Args(), stderr)
	if s == nil {
		return status
	}
	p := s.Profile()
	if *asJSON {
		if err := json.NewEncoder(stdout).Encode(p); err != nil {
			return 1
		}
	} else {
		writeProfile(stdout, p, *listing)
	}
	switch p.Stop {
	case debug.StopFault, debug.StopLimit:
		fmt.Fprintf(stderr, "avrlab: %s\n", p.Message)
		return 1
	}
	return 0
}

// writeProfile prints a profile: a header, one row per source line with code (cycles, share,
// executions, address, file:line, the statement, with -listing its instructions) and the labels.
func writeProfile(w io.Writer, p debug.Profile, listing bool) {
	what := "the program from reset"
	if p.Call != "" {
		what = p.Call + " on the official vector"
	}
	fmt.Fprintf(w, "%s: %d cycles (stopped by %s)\n", what, p.Cycles, p.Stop)
	switch {
	case p.Unattributed > 0 && len(p.Lines) == 0:
		fmt.Fprintln(w, "a linked program has no source lines: the cycles per label (its symbols) only")
	case p.Unattributed > 0:
		fmt.Fprintf(w, "%d cycles ran outside the source files\n", p.Unattributed)
	}
	share := func(c uint64) string {
		if p.Cycles == 0 {
			return "     "
		}
		return fmt.Sprintf("%5.1f", 100*float64(c)/float64(p.Cycles))
	}
	switch {
	case len(p.Lines) == 0: // the labels only
	case listing:
		fmt.Fprintf(w, "\n%8s %6s %6s %6s  %-16s %-28s %s\n", "cycles", "%", "execs", "addr", "line", "disassembly", "source")
	default:
		fmt.Fprintf(w, "\n%8s %6s %6s %6s  %-16s %s\n", "cycles", "%", "execs", "addr", "line", "source")
	}
	for _, l := range p.Lines {
		if !listing && l.Executions == 0 {
			continue
		}
		src := strings.TrimSpace(strings.ReplaceAll(l.Text, "\t", " "))
		row := fmt.Sprintf("%8d %6s %6d %06x  %-16s ", l.Cycles, share(l.Cycles), l.Executions, l.Addr, fmt.Sprintf("%s:%d", l.File, l.Line))
		if !listing {
			fmt.Fprintln(w, row+src)
			continue
		}
		first := ""
		if len(l.Asm) > 0 {
			first = strings.ReplaceAll(l.Asm[0], "\t", " ")
		}
		fmt.Fprintf(w, "%s%-28s %s\n", row, first, src)
		for _, a := range l.Asm[min(1, len(l.Asm)):] {
			fmt.Fprintf(w, "%*s%s\n", len(row), "", strings.ReplaceAll(a, "\t", " "))
		}
	}
	fmt.Fprintf(w, "\n%8s %6s %6s  %s\n", "cycles", "%", "addr", "label")
	for _, l := range p.Labels {
		fmt.Fprintf(w, "%8d %6s %06x  %s\n", l.Cycles, share(l.Cycles), l.Addr, l.Name)
	}
}
