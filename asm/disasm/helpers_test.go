package disasm_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/avrlab/avrlab/internal/instgen"
	"github.com/avrlab/avrlab/internal/oracle"
	"github.com/avrlab/avrlab/isa"
)

// m128 is the device of the differential tests.
func m128() *isa.Device { return isa.LookupDevice("atmega128") }

// needGNU skips the test when the GNU toolchain is missing, or fails it when CI is set.
func needGNU(t *testing.T) {
	t.Helper()
	oracle.NeedGNU(t)
}

// needTool returns the path of an external tool, skipping (or failing under CI) when it is missing.
func needTool(t *testing.T, name, pkg string) string {
	t.Helper()
	return oracle.RequireTool(t, name, "install with: apt-get install "+pkg)
}

// pointerNames is how avr-as spells the fixed pointer operands.
var pointerNames = map[string]isa.Kind{
	"X": isa.PtrX, "X+": isa.PtrXInc, "-X": isa.PtrXDec,
	"Y": isa.PtrY, "Y+": isa.PtrYInc, "-Y": isa.PtrYDec,
	"Z": isa.PtrZ, "Z+": isa.PtrZInc, "-Z": isa.PtrZDec,
}

// parseNumber reads a decimal or 0x hex number, optionally negative.
func parseNumber(s string) (int64, bool) {
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var v uint64
	var err error
	if h, ok := strings.CutPrefix(strings.ToLower(s), "0x"); ok {
		v, err = strconv.ParseUint(h, 16, 32)
	} else {
		v, err = strconv.ParseUint(s, 10, 32)
	}
	if err != nil {
		return 0, false
	}
	if neg {
		return -int64(v), true
	}
	return int64(v), true
}

// operandValue reads one operand token as form f's operand i would take it, at byte address addr;
// labels resolve names. ok is false when the token cannot be that kind of operand.
func operandValue(f *isa.Form, i int, tok string, addr uint32, labels map[string]uint32) (int64, bool) {
	k := f.Operands[i].Kind
	switch {
	case k.IsRegister():
		if len(tok) < 2 || tok[0] != 'r' {
			return 0, false
		}
		n, err := strconv.Atoi(tok[1:])
		return int64(n), err == nil
	case k == isa.PtrYDisp || k == isa.PtrZDisp:
		want := "Y+"
		if k == isa.PtrZDisp {
			want = "Z+"
		}
		rest, ok := strings.CutPrefix(tok, want)
		if !ok || rest == "" {
			return 0, false
		}
		return parseNumber(rest)
	case k.IsPointer():
		pk, ok := pointerNames[tok]
		return 0, ok && pk == k
	case k.IsRelative():
		next := int64(addr) + 2*int64(f.Words)
		var target int64
		switch {
		case tok == ".":
			target = next
		case strings.HasPrefix(tok, ".+") || strings.HasPrefix(tok, ".-"):
			n, ok := parseNumber(strings.TrimPrefix(tok[1:], "+"))
			if !ok {
				return 0, false
			}
			target = next + n // "." in a branch operand is the next instruction's address
		default:
			a, ok := labels[tok]
			if !ok {
				return 0, false
			}
			target = int64(a)
		}
		if (target-next)%2 != 0 {
			return 0, false
		}
		return (target - next) / 2, true
	case k == isa.Abs22:
		v, ok := parseNumber(tok)
		if !ok {
			a, found := labels[tok]
			v, ok = int64(a), found
		}
		if !ok || v%2 != 0 {
			return 0, false
		}
		return v / 2, true
	}
	return parseNumber(tok)
}

// encodeText assembles one line of disassembler output for dev at byte address addr: the mnemonic
// picks the forms, the operands' shapes pick one of them, and the form's Encode gives the words. It is
// the isa-only model of what avr-as does with the line; the GNU tests check it against avr-as.
func encodeText(dev *isa.Device, addr uint32, text string, labels map[string]uint32) ([]uint16, error) {
	mn, rest, _ := strings.Cut(strings.TrimSpace(text), "\t")
	var toks []string
	if rest = strings.TrimSpace(rest); rest != "" {
		for _, s := range strings.Split(rest, ",") {
			toks = append(toks, strings.TrimSpace(s))
		}
	}
	if mn == ".word" {
		if len(toks) != 1 {
			return nil, fmt.Errorf("%q: .word takes one value", text)
		}
		v, ok := parseNumber(toks[0])
		if !ok || v < 0 || v > 0xFFFF {
			return nil, fmt.Errorf("%q: bad .word value", text)
		}
		return []uint16{uint16(v)}, nil
	}
	var got []uint16
	matches := 0
	for _, f := range isa.Lookup(mn) {
		if !dev.Has(f) || len(f.Operands) != len(toks) {
			continue
		}
		args := make([]int64, len(toks))
		ok := true
		for i, tok := range toks {
			args[i], ok = operandValue(f, i, tok, addr, labels)
			if !ok {
				break
			}
		}
		if !ok {
			continue
		}
		w, err := f.Encode(args)
		if err != nil {
			return nil, fmt.Errorf("%q: %v", text, err)
		}
		if matches > 0 && fmt.Sprint(w) != fmt.Sprint(got) {
			return nil, fmt.Errorf("%q: ambiguous: %04x or %04x", text, got, w)
		}
		got, matches = w, matches+1
	}
	if matches == 0 {
		return nil, fmt.Errorf("%q: no form of %q on %s takes these operands", text, mn, dev.Name)
	}
	return got, nil
}

// sameWords reports whether a and b hold the same words.
func sameWords(a, b []uint16) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// rng is the generators' fixed pseudo-random sequence.
type rng = instgen.Rand
