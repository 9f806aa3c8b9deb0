package textf

import (
	"strconv"
	"unicode/utf8"
)

// appendArg formats one operand by its dynamic type, as fmt's printArg does for the types it knows.
func appendArg(b []byte, s spec, x any) []byte {
	switch v := x.(type) {
	case nil:
		if s.verb == 'v' {
			return pad(b, s, []byte("<nil>"))
		}
		return badVerb(b, s, "<nil>")
	case bool:
		if s.verb != 'v' && s.verb != 't' {
			return badVerb(b, s, "?")
		}
		return pad(b, s, strconv.AppendBool(nil, v))
	case int:
		return appendInteger(b, s, uint64(v), true)
	case int8:
		return appendInteger(b, s, uint64(v), true)
	case int16:
		return appendInteger(b, s, uint64(v), true)
	case int32:
		return appendInteger(b, s, uint64(v), true)
	case int64:
		return appendInteger(b, s, uint64(v), true)
	case uint:
		return appendInteger(b, s, uint64(v), false)
	case uint8:
		return appendInteger(b, s, uint64(v), false)
	case uint16:
		return appendInteger(b, s, uint64(v), false)
	case uint32:
		return appendInteger(b, s, uint64(v), false)
	case uint64:
		return appendInteger(b, s, v, false)
	case uintptr:
		return appendInteger(b, s, uint64(v), false)
	case float64:
		return appendFloat(b, s, v)
	case string:
		return appendString(b, s, v)
	case []byte:
		if s.verb == 'v' {
			return badVerb(b, s, "?")
		}
		return appendString(b, s, string(v))
	case error:
		return appendString(b, s, v.Error())
	}
	return badVerb(b, s, "?")
}

// badVerb writes fmt's mark of a verb that does not suit its operand, with what is known of it.
func badVerb(b []byte, s spec, what string) []byte {
	b = append(b, '%', '!', s.verb, '(')
	return append(append(b, what...), ')')
}

// pad appends text padded with spaces to the spec's width (on the right with '-'), counting runes.
func pad(b []byte, s spec, text []byte) []byte {
	n := s.wid - utf8.RuneCount(text)
	if !s.hasWid || n <= 0 {
		return append(b, text...)
	}
	if s.minus {
		return appendSpaces(append(b, text...), n)
	}
	return append(appendSpaces(b, n), text...)
}

// padString is pad for a string.
func padString(b []byte, s spec, text string) []byte {
	n := s.wid - utf8.RuneCountInString(text)
	if !s.hasWid || n <= 0 {
		return append(b, text...)
	}
	if s.minus {
		return appendSpaces(append(b, text...), n)
	}
	return append(appendSpaces(b, n), text...)
}

// appendSpaces appends n spaces.
func appendSpaces(b []byte, n int) []byte {
	for range n {
		b = append(b, ' ')
	}
	return b
}

// appendInteger formats an integer (u is its bits, signed says whether to read them as an int64) for
// the verbs d, v, x, X, o, b, c and q, as fmt's fmtInteger, fmtC and fmtQc do.
func appendInteger(b []byte, s spec, u uint64, signed bool) []byte {
	base := 10
	switch s.verb {
	case 'd', 'v':
	case 'x', 'X':
		base = 16
	case 'o':
		base = 8
	case 'b':
		base = 2
	case 'c', 'q':
		return appendRune(b, s, u)
	default:
		return badVerb(b, s, "?")
	}
	negative := signed && int64(u) < 0
	if negative {
		u = -u
	}
	var digitBuf, numBuf [68]byte
	digits := strconv.AppendUint(digitBuf[:0], u, base)
	if s.verb == 'X' {
		for i, c := range digits {
			if 'a' <= c && c <= 'f' {
				digits[i] = c - 'a' + 'A'
			}
		}
	}
	prec := 0
	if s.hasPrec {
		prec = s.prec
		if prec == 0 && u == 0 {
			digits = digits[:0]
		}
	} else if s.zero && s.hasWid {
		prec = s.wid
		if negative || s.plus || s.space {
			prec--
		}
	}
	num := numBuf[:0]
	switch {
	case negative:
		num = append(num, '-')
	case s.plus:
		num = append(num, '+')
	case s.space:
		num = append(num, ' ')
	}
	if s.sharp {
		switch base {
		case 2:
			num = append(num, '0', 'b')
		case 8:
			if len(digits) == 0 || digits[0] != '0' || len(digits) < prec {
				num = append(num, '0')
			}
		case 16:
			num = append(num, '0', s.verb)
		}
	}
	for i := len(digits); i < prec; i++ {
		num = append(num, '0')
	}
	num = append(num, digits...)
	return pad(b, s, num)
}

// appendRune formats an integer as a character (%c) or a quoted one (%q, '+': ASCII only), a value
// over utf8.MaxRune as U+FFFD.
func appendRune(b []byte, s spec, u uint64) []byte {
	r := rune(u)
	if u > utf8.MaxRune {
		r = utf8.RuneError
	}
	var text []byte
	switch {
	case s.verb == 'c':
		text = utf8.AppendRune(nil, r)
	case s.plus:
		text = strconv.AppendQuoteRuneToASCII(nil, r)
	default:
		text = strconv.AppendQuoteRune(nil, r)
	}
	return pad(b, s, text)
}

// appendFloat formats a float64 for %v, %g, %f and %e, as fmt's fmtFloat does without '#'.
func appendFloat(b []byte, s spec, v float64) []byte {
	prec := -1
	verb := s.verb
	switch verb {
	case 'v':
		verb = 'g'
	case 'g':
	case 'f', 'e':
		prec = 6
	default:
		return badVerb(b, s, "?")
	}
	if s.hasPrec {
		prec = s.prec
	}
	num := strconv.AppendFloat([]byte{'+'}, v, verb, prec, 64)
	if num[1] == '-' || num[1] == '+' {
		num = num[1:]
	}
	if s.space && num[0] == '+' && !s.plus {
		num[0] = ' '
	}
	if num[1] == 'I' || num[1] == 'N' {
		if num[1] == 'N' && !s.space && !s.plus {
			num = num[1:]
		}
		return pad(b, s, num)
	}
	if s.plus || num[0] != '+' {
		if s.zero && s.hasWid && s.wid > len(num) {
			b = append(b, num[0])
			return zeroPad(b, s.wid-1, num[1:])
		}
		return pad(b, s, num)
	}
	if s.zero && s.hasWid {
		return zeroPad(b, s.wid, num[1:])
	}
	return pad(b, s, num[1:])
}

// zeroPad appends text after as many zeros as make it wid long.
func zeroPad(b []byte, wid int, text []byte) []byte {
	for i := utf8.RuneCount(text); i < wid; i++ {
		b = append(b, '0')
	}
	return append(b, text...)
}

// appendString formats a string for %s, %v, %q ('#': backquoted when it can be, '+': ASCII only) and
// %x/%X (hex, without flags), the precision cutting it to that many runes.
func appendString(b []byte, s spec, str string) []byte {
	if s.hasPrec {
		str = truncate(str, s.prec)
	}
	switch s.verb {
	case 's', 'v':
		return padString(b, s, str)
	case 'q':
		var text []byte
		switch {
		case s.sharp && strconv.CanBackquote(str):
			text = append(append(append(text, '`'), str...), '`')
		case s.plus:
			text = strconv.AppendQuoteToASCII(nil, str)
		default:
			text = strconv.AppendQuote(nil, str)
		}
		return pad(b, s, text)
	case 'x', 'X':
		const lower, upper = "0123456789abcdef", "0123456789ABCDEF"
		digits := lower
		if s.verb == 'X' {
			digits = upper
		}
		text := make([]byte, 0, 2*len(str))
		for i := 0; i < len(str); i++ {
			text = append(text, digits[str[i]>>4], digits[str[i]&15])
		}
		return pad(b, s, text)
	}
	return badVerb(b, s, "?")
}

// truncate cuts str to n runes.
func truncate(str string, n int) string {
	for i := range str {
		if n == 0 {
			return str[:i]
		}
		n--
	}
	return str
}
