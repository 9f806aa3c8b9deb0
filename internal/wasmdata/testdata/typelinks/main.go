// Command typelinks is DropTypelinks' test program (typelinks_test.go runs it under Node before and
// after): without reflect, what the runtime decides from types (interface conversions through the
// itabs, type switches and assertions, maps keyed by interfaces, errors.As on a type, a panic's
// type assertion message) prints the same.
package main

import (
	"errors"
	"os"
	"sort"
	"strconv"
	"strings"
)

type shape interface{ area() int }

type square struct{ s int }
type rect struct{ w, h int }

func (q square) area() int { return q.s * q.s }
func (r *rect) area() int  { return r.w * r.h }

type codeError struct{ code int }

func (e *codeError) Error() string { return "code " + strconv.Itoa(e.code) }

func describe(v any) string {
	switch x := v.(type) {
	case shape:
		return "shape " + strconv.Itoa(x.area())
	case error:
		return "error " + x.Error()
	case int:
		return "int " + strconv.Itoa(x)
	}
	return "other"
}

func main() {
	var out strings.Builder
	for _, v := range []any{square{3}, &rect{2, 5}, &codeError{7}, 42, "s"} {
		out.WriteString(describe(v) + "\n")
	}
	counts := map[any]int{}
	for _, k := range []any{1, "a", square{2}, 1, "a", square{2}, 2.5} {
		counts[k]++
	}
	var keys []string
	for k, n := range counts {
		keys = append(keys, describe(k)+"="+strconv.Itoa(n))
	}
	sort.Strings(keys)
	out.WriteString(strings.Join(keys, " ") + "\n")
	err := errors.Join(errors.New("plain"), &codeError{9})
	if ce, ok := errors.AsType[*codeError](err); ok {
		out.WriteString("as " + ce.Error() + "\n")
	}
	func() {
		defer func() {
			if r := recover(); r != nil {
				out.WriteString("recovered " + r.(error).Error() + "\n")
			}
		}()
		var v any = square{1}
		_ = v.(*rect)
	}()
	os.Stdout.WriteString(out.String())
}
