package engine

import (
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/avrlab/avrlab/asm"
)

// The lab and the assembler speak to command-line users: their hints name flags (-entry, -call, -rk,
// -max-cycles, -D). The page has fields instead, so the engine rewrites those hints to name them.

// pageHints rewrites command-line hints; the patterns are the ones lab and asm use (lab/bench.go).
var pageHints = []struct {
	re   *regexp.Regexp
	with string
}{
	{regexp.MustCompile(`-call '([^']*)'`), `Call "$1"`},
	{regexp.MustCompile(`-entry NAME or Call "NAME\(ARG, \.\.\.\)"`), `the Call field, e.g. NAME(block)`},
	{regexp.MustCompile(`; pass rk \(round keys in SRAM\), key, or rkout in -call`), `; name the source's table in the RK symbol field, or pass rk (round keys in SRAM), key or rkout in the Call field`},
	{regexp.MustCompile(`in -call\b`), `in the Call field`},
	{regexp.MustCompile(`-rk ([A-Za-z_.$][A-Za-z0-9_.$]*)`), `RK symbol "$1" (in Options)`},
	{regexp.MustCompile(`raise the cycle limit|raise -max-cycles`), `raise the Cycle limit field`},
	{regexp.MustCompile(`-D ([A-Za-z_][A-Za-z0-9_]*=?[^\s,;)]*)`), `Defines "$1"`},
	{regexp.MustCompile(`give -task or put`), `pick a task or put`},
}

// PageText rewrites a message of the lab or the assembler for the page: flags the page does not have
// become the fields that do the same ("-rk NAME" becomes RK symbol "NAME", "raise the cycle limit" the
// Cycle limit field).
func PageText(s string) string {
	for _, h := range pageHints {
		s = h.re.ReplaceAllString(s, h.with)
	}
	return s
}

// pageResponse applies PageText to every message of a response.
func pageResponse(r *Response) {
	r.Error = PageText(r.Error)
	r.Note = PageText(r.Note)
	for i := range r.Errors {
		r.Errors[i].Msg = PageText(r.Errors[i].Msg)
	}
	if r.Run != nil {
		r.Run.Fault = PageText(r.Run.Fault)
	}
	if rep := r.Report; rep != nil {
		rep.Error = PageText(rep.Error)
		for i := range rep.Notes {
			rep.Notes[i] = PageText(rep.Notes[i])
		}
		if rep.FirstFailure != nil {
			rep.FirstFailure.Problem = PageText(rep.FirstFailure.Problem)
		}
	}
}

var includeRe = regexp.MustCompile(`(?m)^[ \t]*[.#][ \t]*include[ \t]+["<]([^">\n]+)[">]`)

// noCodeNote explains a main file that emits no program bytes, naming includes that point at files
// the workspace does not have (a renamed include).
func noCodeNote(req Request) string {
	msg := fmt.Sprintf("%s emits no code (only definitions, macros or comments), so there is nothing to run or measure", req.Main)
	var users, missing []string
	names := make([]string, 0, len(req.Files))
	for n := range req.Files {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		for _, m := range includeRe.FindAllStringSubmatch(req.Files[n], -1) {
			switch _, ok := req.Files[m[1]]; {
			case m[1] == req.Main && n != req.Main:
				users = append(users, n)
			case !ok && n != req.Main:
				missing = append(missing, fmt.Sprintf("%s includes %q, which is not among the files", n, m[1]))
			}
		}
	}
	switch {
	case len(users) > 0:
		msg += fmt.Sprintf("; %s includes it: open that file to measure it", strings.Join(users, ", "))
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
	return &Diagnostic{File: p.Filename, Line: p.Line, Col: p.Column, Severity: "fault", Msg: PageText(msg)}
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

var posRe = regexp.MustCompile(`\(([^()\s]+):(\d+):(\d+)\)`)

// positionIn finds the last "(file:line:col)" of a lab message that names one of files.
func positionIn(msg string, files map[string]string) *Diagnostic {
	all := posRe.FindAllStringSubmatch(msg, -1)
	for i := len(all) - 1; i >= 0; i-- {
		m := all[i]
		if _, ok := files[m[1]]; !ok {
			continue
		}
		line, _ := strconv.Atoi(m[2])
		col, _ := strconv.Atoi(m[3])
		return &Diagnostic{File: m[1], Line: line, Col: col, Severity: "fault", Msg: PageText(msg)}
	}
	return nil
}

// MaxDefines bounds the names of a Defines field.
const MaxDefines = 64

var defineRe = regexp.MustCompile(`^([A-Za-z_][A-Za-z0-9_]*)(?:=(.*))?$`)

// ParseDefines reads the page's Defines field: NAME or NAME=VALUE items separated by spaces or commas,
// as -D takes them ("" means no defines). A value cannot hold a space or a comma.
func ParseDefines(s string) (map[string]string, error) {
	items := strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' || r == '\n' || r == ';' })
	if len(items) == 0 {
		return nil, nil
	}
	if len(items) > MaxDefines {
		return nil, fmt.Errorf("defines: %d names, at most %d", len(items), MaxDefines)
	}
	out := make(map[string]string, len(items))
	for _, it := range items {
		m := defineRe.FindStringSubmatch(it)
		if m == nil {
			return nil, fmt.Errorf("defines: cannot read %q (want NAME or NAME=VALUE, e.g. ROUNDS=88)", it)
		}
		out[m[1]] = m[2]
	}
	return out, nil
}
