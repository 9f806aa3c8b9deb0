package engine

import (
	"errors"
	"strings"

	"github.com/avrlab/avrlab/asm"
	"github.com/avrlab/avrlab/internal/textf"
	"github.com/avrlab/avrlab/lab"
)

// The lab says what went wrong as data (lab.Problem: a kind, a position, the option it concerns, and a
// text whose option references each front end names). The CLI names flags (-call, -rk, -max-cycles);
// the page names its fields, with PageNames.

// PageNames names an option as the page's field that sets it: Call "SPEC", the RK symbol field, the
// Cycle limit field. The page has no Entry field: a reference to it is left out where the text offers
// the Call field beside it (lab.Segment.Either).
func PageNames(o lab.Option, v string) (string, bool) {
	field := map[lab.Option]string{lab.OptCall: "Call", lab.OptRK: "RK symbol", lab.OptMaxCycles: "Cycle limit",
		lab.OptScenario: "Scenario", lab.OptVectors: "Vectors", lab.OptDefine: "Defines", lab.OptDevice: "Device",
		lab.OptTask: "Task"}[o]
	switch {
	case field == "":
		return "", false
	case o == lab.OptTask && v == "":
		return "a task (pick one)", true
	case v == "":
		return "the " + field + " field", true
	case o == lab.OptRK:
		return textf.Sprintf("RK symbol %q (in Options)", v), true
	}
	return textf.Sprintf("%s %q", field, v), true
}

// PageText is a problem in the page's words.
func PageText(p *lab.Problem) string { return p.Render(PageNames) }

// pageError is an error of the lab in the page's words: a lab.Problem rendered with PageNames, any
// other error as it is.
func pageError(err error) string {
	if p, ok := errors.AsType[*lab.Problem](err); ok {
		return PageText(p)
	}
	return err.Error()
}

// pageResponse renders the report's problems in the page's words.
func pageResponse(r *Response) {
	rep := r.Report
	if rep == nil {
		return
	}
	if rep.Problem != nil {
		rep.Error = PageText(rep.Problem)
	}
	for _, p := range rep.NoteProblems {
		cli := p.Error()
		for i, n := range rep.Notes {
			if n == cli {
				rep.Notes[i] = PageText(p)
			}
		}
	}
}

// noCodeNote explains a main file that emits no program bytes, naming the files that include it, else
// the includes of other files that name no file sent (a renamed include), from the include graph.
func noCodeNote(req Request, graph []Include) string {
	msg := textf.Sprintf("%s emits no code (only definitions, macros or comments), so there is nothing to run or measure", req.Main)
	users := includersOf(graph, req.Main)
	var missing []string
	for _, e := range graph {
		if e.File == "" && e.From != req.Main {
			missing = append(missing, textf.Sprintf("%s includes %q, which is not among the files", e.From, e.Name))
		}
	}
	switch {
	case len(users) > 0:
		msg += textf.Sprintf("; %s includes it: open that file to measure it", strings.Join(users, ", "))
	case len(missing) > 0:
		msg += "; " + strings.Join(missing, "; ") + " (renamed?)"
	default:
		msg += "; write code here, or include this file from a source that has code"
	}
	return msg + "."
}

// faultAt returns the source line of word address pc when it is in one of the sent files.
func faultAt(im *asm.Image, files map[string]string, pc uint32, msg string) *Diagnostic {
	p, ok := im.SourceAt(pc)
	if !ok {
		return nil
	}
	if _, ok := files[p.Filename]; !ok {
		return nil
	}
	return &Diagnostic{File: p.Filename, Line: p.Line, Col: p.Column, Severity: "fault", Msg: msg}
}

// ranOffTheEnd reports whether word address pc is past every byte the source emitted at or below it:
// the program fell into erased flash instead of stopping.
func ranOffTheEnd(im *asm.Image, pc uint32) bool {
	a := int(pc) * 2
	if a < len(im.Emitted) && im.Emitted[a] {
		return false
	}
	return im.EmittedBytes(uint32(min(a, len(im.Flash))), uint32(len(im.Flash))) == 0
}

// problemAt is the source line of a report's problem (a fault's instruction) when it is in one of files.
func problemAt(rep *lab.Report, files map[string]string) *Diagnostic {
	p := rep.Problem
	if p == nil || p.Pos == nil {
		return nil
	}
	if _, ok := files[p.Pos.Filename]; !ok {
		return nil
	}
	return &Diagnostic{File: p.Pos.Filename, Line: p.Pos.Line, Col: p.Pos.Column, Severity: "fault", Msg: PageText(p)}
}

// MaxDefines bounds the names of a Defines field.
const MaxDefines = 64

// ParseDefines reads the page's Defines field: NAME or NAME=VALUE items separated by spaces or commas,
// as -D takes them ("" means no defines). A value cannot hold a space or a comma.
func ParseDefines(s string) (map[string]string, error) {
	items := strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' || r == '\n' || r == ';' })
	if len(items) == 0 {
		return nil, nil
	}
	if len(items) > MaxDefines {
		return nil, textf.Errorf("defines: %d names, at most %d", len(items), MaxDefines)
	}
	out := make(map[string]string, len(items))
	for _, it := range items {
		name, value, ok := parseDefine(it)
		if !ok {
			return nil, textf.Errorf("defines: cannot read %q (want NAME or NAME=VALUE, e.g. ROUNDS=88)", it)
		}
		out[name] = value
	}
	return out, nil
}
