package obj

import (
	"strconv"
	"strings"

	"github.com/avrlab/avrlab/internal/textf"
	"github.com/avrlab/avrlab/isa"
)

// FormProblem says why no form of a mnemonic fits an instruction's operands (ChooseForm).
type FormProblem struct {
	// Operand is the operand at fault (0-based), or -1 when the mnemonic is: a wrong operand count
	// (Count set), operands that fit no form together, or a form the device lacks.
	Operand int
	// Count is true for a wrong operand count; the message then spans the whole statement.
	Count bool
	// Msg is the message, e.g. "ldi takes 2 operands, found 1", "expected register r16..r31, found
	// r5", "mul is not available on attiny85 (AVRe core)". A front end may add a hint of its dialect
	// to an operand's message.
	Msg string
}

// ChooseForm picks the form of forms (the forms of one mnemonic mn, isa.Lookup) whose operand kinds
// accept the instruction's n operands and that dev has. accepts(k, j) reports whether operand j of
// the statement can fill a slot of kind k; texts are the operands as written, for messages. It is
// the one form chooser of both front ends: they parse operands in their own syntax and report the
// problem at their own positions.
func ChooseForm(dev *isa.Device, mn string, forms []*isa.Form, texts []string, accepts func(k isa.Kind, j int) bool) (*isa.Form, *FormProblem) {
	n := len(texts)
	counts := map[int]bool{}
	var cands []*isa.Form
	for _, f := range forms {
		counts[len(f.Operands)] = true
		if len(f.Operands) != n {
			continue
		}
		ok := true
		for j := 0; j < n && ok; j++ {
			ok = accepts(f.Operands[j].Kind, j)
		}
		if ok {
			cands = append(cands, f)
		}
	}
	if len(cands) == 0 {
		if !counts[n] {
			var ns []string
			for c := 0; c <= 3; c++ {
				if counts[c] {
					ns = append(ns, strconv.Itoa(c))
				}
			}
			want, plural := strings.Join(ns, " or "), "s"
			if want == "1" {
				plural = ""
			}
			return nil, &FormProblem{Operand: -1, Count: true, Msg: textf.Sprintf("%s takes %s operand%s, found %d", mn, want, plural, n)}
		}
		for j := 0; j < n; j++ {
			fits := false
			for _, f := range forms {
				fits = fits || len(f.Operands) == n && accepts(f.Operands[j].Kind, j)
			}
			if !fits {
				return nil, &FormProblem{Operand: j, Msg: textf.Sprintf("expected %s, found %s", kindList(forms, n, j), texts[j])}
			}
		}
		return nil, &FormProblem{Operand: -1, Msg: "operands do not fit any form of " + mn}
	}
	for _, f := range cands {
		if dev.Has(f) {
			return f, nil
		}
	}
	what := mn
	if len(isa.Lookup(mn)) > 1 && n > 0 {
		what += " " + strings.Join(texts, ", ")
	}
	return nil, &FormProblem{Operand: -1, Msg: textf.Sprintf("%s is not available on %s (%s core)", what, dev.Name, dev.Core.String())}
}

// kindList names the kinds the forms with n operands accept at operand j ("X, Y or Z").
func kindList(forms []*isa.Form, n, j int) string {
	var names []string
	seen := map[string]bool{}
	for _, f := range forms {
		if len(f.Operands) != n {
			continue
		}
		s := f.Operands[j].Kind.String()
		if !seen[s] {
			seen[s] = true
			names = append(names, s)
		}
	}
	if len(names) == 1 {
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}
