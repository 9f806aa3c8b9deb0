package textf

import "strings"

// supported reports whether a verb as written ("%04x") formats operands of kind k here as fmt does:
// the combinations the core uses and the tests hold to fmt (TestAsFmt, FuzzAsFmt).
func supported(verb string, k kind) bool {
	s, next := parseSpec(verb, 1)
	if len(verb) < 2 || verb[0] != '%' || next != len(verb) || s.verb == 0 || s.verb == '%' || s.verb == '?' {
		return false
	}
	is := func(verbs string) bool { return strings.IndexByte(verbs, s.verb) >= 0 }
	padded := !s.plus && !s.sharp && !s.zero && !s.space && !s.hasPrec // width and '-' only
	bare := padded && !s.hasWid && !s.minus
	switch k {
	case kindInt, kindUint:
		return is("dxX") && !s.space && !s.hasPrec || s.verb == 'v' && !s.space && !s.hasPrec && !s.sharp && !s.plus || is("cq") && padded
	case kindFloat:
		return is("f") && !s.plus && !s.sharp && !s.zero && !s.space || is("gv") && padded
	case kindString, kindError:
		return is("svq") && padded || is("xX") && bare
	case kindBytes:
		return is("sq") && padded || is("xX") && bare
	case kindAny:
		return s.verb == 'v' && bare
	case kindBool:
		return is("tv") && padded
	}
	return false
}
