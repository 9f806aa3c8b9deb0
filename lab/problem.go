package lab

import (
	"strings"

	"github.com/avrlab/avrlab/internal/srcpos"
	"github.com/avrlab/avrlab/internal/textf"
)

// Problems as data: lab says what went wrong as a Problem (a kind, a source position where there is
// one, the option it concerns, and a Text whose references to options each front end names in its own
// words: flags in the CLI, fields in the page). Report.Error and the errors' Error() are the CLI's
// rendering; a front end with other words renders Report.Problem (and Report.NoteTexts) with its Namer.

// Option names a setting a problem concerns, as Options names it.
type Option string

// The options a problem may concern.
const (
	OptTask      Option = "task"
	OptScenario  Option = "scenario"
	OptCall      Option = "call"
	OptEntry     Option = "entry"
	OptRK        Option = "rk"
	OptDevice    Option = "device"
	OptMaxCycles Option = "max-cycles"
	OptVectors   Option = "vectors"
	OptDefine    Option = "define"
)

// ProblemKind classifies a problem.
type ProblemKind string

// Problem kinds.
const (
	ProblemNoTask        ProblemKind = "no_task"       // no task given or named
	ProblemNoEntry       ProblemKind = "no_entry"      // the entry symbol or address is not in the image
	ProblemNoRoundKeys   ProblemKind = "no_round_keys" // no round keys passed and no table of the source's
	ProblemCycleLimit    ProblemKind = "cycle_limit"   // the call did not return within the limit
	ProblemFault         ProblemKind = "fault"         // the routine faulted (Pos: where)
	ProblemContradiction ProblemKind = "contradiction" // a source line contradicts the teacher's settings
	ProblemCall          ProblemKind = "call"          // the call spec does not fit the task or the device
	ProblemWrongOutput   ProblemKind = "wrong_output"  // a call's output was wrong
	ProblemNote          ProblemKind = "note"          // a hint that does not stop the measurement
	ProblemBadOption     ProblemKind = "bad_option"    // an option's value is refused (Option says which)
	ProblemOther         ProblemKind = "other"         // anything else
)

// Segment is one piece of a Text: plain text, a reference to an option (with a value, or none for the
// option itself), or alternatives of which a front end shows those it has ("-entry NAME or -call
// 'NAME(...)'" in the CLI, the Call field alone in the page, which has no entry field).
type Segment struct {
	Text   string    `json:"text,omitempty"`
	Option Option    `json:"option,omitempty"`
	Value  string    `json:"value,omitempty"`
	Either []Segment `json:"either,omitempty"`
}

// Text is a message as segments.
type Text []Segment

// Namer names an option reference in a front end's words; ok false: the front end has no such option.
type Namer func(o Option, value string) (words string, ok bool)

// Render writes the text with references named by n.
func (t Text) Render(n Namer) string {
	var b strings.Builder
	for _, s := range t {
		b.WriteString(s.render(n))
	}
	return b.String()
}

func (s Segment) render(n Namer) string {
	switch {
	case s.Either != nil:
		var alts []string
		for _, a := range s.Either {
			if w := a.render(n); w != "" {
				alts = append(alts, w)
			}
		}
		return strings.Join(alts, " or ")
	case s.Option != "":
		w, _ := n(s.Option, s.Value)
		return w
	}
	return s.Text
}

// CLINames names options as the command line's flags: -call 'SPEC', -rk NAME, -max-cycles.
func CLINames(o Option, value string) (string, bool) {
	switch {
	case value == "":
		return "-" + string(o), true
	case o == OptCall:
		return "-" + string(o) + " '" + value + "'", true
	}
	return "-" + string(o) + " " + value, true
}

// Problem is one problem of a measurement, as data.
type Problem struct {
	Kind ProblemKind `json:"kind"`
	// Pos is where in the source the problem is (a fault's instruction), nil when nowhere.
	Pos *srcpos.Position `json:"pos,omitempty"`
	// Option is the option that would fix it ("" for none).
	Option Option `json:"option,omitempty"`
	Text   Text   `json:"text"`
	// cause is the error the problem reports, if another package's (errors.Is and As reach it).
	cause error
}

// Unwrap returns the error the problem reports, or nil.
func (p *Problem) Unwrap() error { return p.cause }

// badOption is the problem of an option's refused value, as textf.Sprintf(format, a...).
func badOption(o Option, format string, a ...any) *Problem {
	return &Problem{Kind: ProblemBadOption, Option: o, Text: text(textf.Sprintf(format, a...))}
}

// Render writes the problem in a front end's words.
func (p *Problem) Render(n Namer) string { return p.Text.Render(n) }

// Error is the problem in the CLI's words.
func (p *Problem) Error() string { return p.Render(CLINames) }

// text returns a Text of plain strings and segments: a string is text, a Segment itself.
func text(parts ...any) Text {
	var t Text
	for _, p := range parts {
		switch v := p.(type) {
		case string:
			t = append(t, Segment{Text: v})
		case Segment:
			t = append(t, v)
		case Text:
			t = append(t, v...)
		}
	}
	return t
}

// ref is a reference to option o with value v.
func ref(o Option, v string) Segment { return Segment{Option: o, Value: v} }

// plainProblem is a problem of kind k whose text has no option reference.
func plainProblem(k ProblemKind, msg string) *Problem {
	return &Problem{Kind: k, Text: Text{{Text: msg}}}
}

// Prefixed returns a copy of p whose text starts with s.
func Prefixed(p *Problem, s string) *Problem { return p.prefixed(s) }

// prefixed returns p with text before its own.
func (p *Problem) prefixed(s string) *Problem {
	q := *p
	q.Text = append(Text{{Text: s}}, p.Text...)
	return &q
}

// setProblem sets the report's Problem and its Error (the CLI's rendering).
func (r *Report) setProblem(p *Problem) {
	r.Problem, r.Error = p, p.Error()
}
