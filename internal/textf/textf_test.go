package textf

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"strings"
	"testing"
)

// specs returns every verb with every combination of the flags, some widths and some precisions.
func specs() []string {
	var out []string
	for mask := range 32 {
		var flags []byte
		for i, c := range []byte("#0+- ") {
			if mask&(1<<i) != 0 {
				flags = append(flags, c)
			}
		}
		for _, wid := range []string{"", "0", "1", "2", "3", "4", "5", "8", "12", "30"} {
			for _, prec := range []string{"", ".", ".0", ".1", ".2", ".5"} {
				for _, verb := range "dvxXcqsfgetbowT" {
					out = append(out, "%"+string(flags)+wid+prec+string(verb))
				}
			}
		}
	}
	return out
}

// operands are values of every kind formatOne knows, with their kind.
func operands() map[kind][]any {
	ints := []int64{0, 1, -1, 7, 9, 10, 15, 16, 255, 256, -255, 4095, 65535, 1 << 31, math.MinInt64, math.MaxInt64, 0x10ffff, 0x110000, 'a', '\n', 0xd800, '\'', '"'}
	uints := []uint64{0, 1, 9, 10, 15, 16, 255, 256, 4095, 65535, 1<<32 - 1, math.MaxUint64, 0x10ffff, 'a', '\t'}
	strs := []string{"", "a", "héllo", "tab\there", "\x00\xff", `quote"`, "`back`", "日本語", "a b", strings.Repeat("long ", 10)}
	m := map[kind][]any{}
	for _, v := range ints {
		m[kindInt] = append(m[kindInt], int(v), v, int32(v), int16(v), int8(v))
	}
	for _, v := range uints {
		m[kindUint] = append(m[kindUint], uint(v), v, uint32(v), uint16(v), uint8(v), uintptr(v))
	}
	for _, v := range []float64{0, math.Copysign(0, -1), 1, 0.5, 0.05, 1.25, 2.675, 99.95, 1e21, 1e20, 1e-7, 123456789.123, -3.14159, 0.1 + 0.2, math.NaN(), math.Inf(1), math.Inf(-1), math.MaxFloat64, math.SmallestNonzeroFloat64} {
		m[kindFloat] = append(m[kindFloat], v)
	}
	for _, s := range strs {
		m[kindString] = append(m[kindString], s)
		m[kindBytes] = append(m[kindBytes], []byte(s))
		m[kindError] = append(m[kindError], errors.New(s))
		m[kindAny] = append(m[kindAny], s, errors.New(s))
	}
	m[kindBytes] = append(m[kindBytes], []byte(nil))
	m[kindBool] = []any{true, false}
	m[kindAny] = append(m[kindAny], nil, 42, -1.5, true, uint8(7), fs.ErrNotExist)
	return m
}

// TestAsFmt holds Sprintf to fmt.Sprintf for every supported verb and kind over the operands, and
// checks that the verbs the core uses are supported.
func TestAsFmt(t *testing.T) {
	ops := operands()
	n := 0
	for _, spec := range specs() {
		for k, vals := range ops {
			if !supported(spec, k) {
				continue
			}
			for _, v := range vals {
				n++
				format := "<" + spec + ">"
				if got, want := Sprintf(format, v), fmt.Sprintf(format, v); got != want {
					t.Errorf("Sprintf(%q, %#v) = %q, fmt's %q", format, v, got, want)
				}
			}
		}
	}
	if n < 10000 {
		t.Errorf("compared %d cases, want over 10000", n)
	}
	for _, c := range []struct {
		verb string
		k    kind
	}{{"%d", kindInt}, {"%04x", kindUint}, {"%#04x", kindUint}, {"%02X", kindInt}, {"%-30s", kindString}, {"%q", kindString},
		{"%5.1f", kindFloat}, {"%.2f", kindFloat}, {"%x", kindBytes}, {"%v", kindError}, {"%c", kindInt}, {"%+d", kindInt}} {
		if !supported(c.verb, c.k) {
			t.Errorf("%s of a %s operand is not supported", c.verb, c.k)
		}
	}
}

// TestSeveralAsFmt holds whole formats to fmt: several verbs, literal text, %%, missing operands and
// a verb at the end of the format.
func TestSeveralAsFmt(t *testing.T) {
	for _, c := range []struct {
		format string
		args   []any
	}{
		{"%s:%d:%d: %s", []any{"main.S", 3, 14, "undefined symbol"}},
		{"100%% of %d", []any{7}},
		{"%d %d", []any{1}},
		{"no verbs", nil},
		{"tail %", []any{}},
		{"%s at pc %#04x (%v)", []any{"illegal opcode", uint32(0x12), errors.New("x")}},
		{"héllo %q %-7s|", []any{"日本", "ab"}},
	} {
		if got, want := Sprintf(c.format, c.args...), fmt.Sprintf(c.format, c.args...); got != want {
			t.Errorf("Sprintf(%q, %v) = %q, fmt's %q", c.format, c.args, got, want)
		}
		if got, want := Appendf([]byte("x"), c.format, c.args...), fmt.Appendf([]byte("x"), c.format, c.args...); !bytes.Equal(got, want) {
			t.Errorf("Appendf(%q) = %q, fmt's %q", c.format, got, want)
		}
		var a, b bytes.Buffer
		n1, _ := Fprintf(&a, c.format, c.args...)
		n2, _ := fmt.Fprintf(&b, c.format, c.args...)
		if a.String() != b.String() || n1 != n2 {
			t.Errorf("Fprintf(%q) wrote %q (%d), fmt's %q (%d)", c.format, a.String(), n1, b.String(), n2)
		}
	}
	for _, args := range [][]any{{"a"}, {3}, {"a", "b"}, {1, 2}, {"a", 1, "b"}, {1, "a", 2}, {true, 2.5}, {nil}} {
		if got, want := Sprint(args...), fmt.Sprint(args...); got != want {
			t.Errorf("Sprint(%v) = %q, fmt's %q", args, got, want)
		}
		var a, b bytes.Buffer
		Fprintln(&a, args...)
		fmt.Fprintln(&b, args...)
		if a.String() != b.String() {
			t.Errorf("Fprintln(%v) wrote %q, fmt's %q", args, a.String(), b.String())
		}
	}
}

// TestErrorfWraps holds Errorf to fmt.Errorf: the message, and what errors.Is and Unwrap find with
// none, one and two %w.
func TestErrorfWraps(t *testing.T) {
	e1, e2 := errors.New("first"), fs.ErrNotExist
	for _, c := range []struct {
		format string
		args   []any
	}{
		{"plain %d", []any{1}},
		{"reading %s: %w", []any{"a.inc", e1}},
		{"%w and %w", []any{e1, e2}},
		{"%w twice %w", []any{e1, e1}},
		{"%v not wrapped", []any{e1}},
	} {
		got, want := Errorf(c.format, c.args...), fmt.Errorf(c.format, c.args...)
		if got.Error() != want.Error() {
			t.Errorf("Errorf(%q) = %q, fmt's %q", c.format, got, want)
		}
		for _, target := range []error{e1, e2} {
			if errors.Is(got, target) != errors.Is(want, target) {
				t.Errorf("Errorf(%q): errors.Is(%v) = %v, fmt's %v", c.format, target, errors.Is(got, target), errors.Is(want, target))
			}
		}
		if (errors.Unwrap(got) == nil) != (errors.Unwrap(want) == nil) {
			t.Errorf("Errorf(%q): Unwrap %v, fmt's %v", c.format, errors.Unwrap(got), errors.Unwrap(want))
		}
	}
}

// FuzzAsFmt holds Sprintf to fmt.Sprintf for a verb built from the fuzzer's flags, width, precision
// and letter, over operands of every kind, whenever the verb is supported for the kind.
func FuzzAsFmt(f *testing.F) {
	f.Add(uint8(2), int8(4), int8(-1), byte('x'), int64(255), uint64(255), 1.5, "main.S")
	f.Add(uint8(9), int8(30), int8(-1), byte('s'), int64(-7), uint64(0), math.Inf(1), "h\xffé")
	f.Add(uint8(0), int8(5), int8(1), byte('f'), int64(0), uint64(1<<63), -0.05, "")
	f.Fuzz(func(t *testing.T, flagMask uint8, wid, prec int8, verb byte, i int64, u uint64, fl float64, s string) {
		spec := "%"
		for j, c := range []byte("#0+- ") {
			if flagMask&(1<<j) != 0 {
				spec += string(c)
			}
		}
		if wid >= 0 {
			spec += fmt.Sprint(wid % 40)
		}
		if prec >= 0 {
			spec += "." + fmt.Sprint(prec%20)
		}
		spec += string(rune(verb))
		ops := map[kind][]any{kindInt: {int(i), int8(i), int32(i), i}, kindUint: {uint(u), uint8(u), uint16(u), u}, kindFloat: {fl},
			kindString: {s}, kindBytes: {[]byte(s)}, kindError: {errors.New(s)}, kindBool: {i%2 == 0}, kindAny: {s, int(i), nil}}
		for k, vals := range ops {
			if !supported(spec, k) {
				continue
			}
			for _, v := range vals {
				format := "[" + spec + "]" + strings.ReplaceAll(s, "%", "%%")
				if got, want := Sprintf(format, v), fmt.Sprintf(format, v); got != want {
					t.Errorf("Sprintf(%q, %#v) = %q, fmt's %q", format, v, got, want)
				}
			}
		}
	})
}

// BenchmarkSprintf compares Sprintf with fmt.Sprintf on a positioned message of the assembler's kind.
func BenchmarkSprintf(b *testing.B) {
	b.Run("textf", func(b *testing.B) {
		for b.Loop() {
			_ = Sprintf("%s:%d:%d: expected constant 0..255, found %d (%#04x)", "main.S", 30, 11, 4660, uint16(4660))
		}
	})
	b.Run("fmt", func(b *testing.B) {
		for b.Loop() {
			_ = fmt.Sprintf("%s:%d:%d: expected constant 0..255, found %d (%#04x)", "main.S", 30, 11, 4660, uint16(4660))
		}
	})
}
