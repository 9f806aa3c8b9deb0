// Command traceback is StripTraceback's test program (traceback_test.go builds it for js/wasm and
// runs it under Node with its line tables stripped, before and after): each line it prints starts
// with "same" where the two must agree (what the runtime's stack maps, frame sizes, defers and
// panics decide) and with "inlined" where the inline trees answer (FuncForPC of a pc in an inlined
// call, runtime.Callers' frames through inlined calls).
package main

import (
	"errors"
	"fmt"
	"runtime"
	"strings"
)

type node struct {
	left, right *node
	v           int
}

func build(d int) *node {
	if d == 0 {
		return &node{v: 1}
	}
	return &node{build(d - 1), build(d - 1), d}
}

func (n *node) sum() int {
	if n == nil {
		return 0
	}
	return n.v + n.left.sum() + n.right.sum()
}

// deep recurses n frames, each with its own array, and collects garbage at the bottom.
func deep(n int, keep *node) int {
	var buf [64]byte
	buf[n%64] = byte(n)
	if n == 0 {
		runtime.GC()
		return keep.sum()
	}
	return deep(n-1, keep) + int(buf[n%64])
}

// pcHere is inlined into its callers: its pc is in the caller's code.
func pcHere() uintptr {
	pc, _, _, _ := runtime.Caller(0)
	return pc
}

// inner and middle are inlined into outer; inner counts the frames runtime.Callers sees.
func inner() int {
	pcs := make([]uintptr, 64)
	return runtime.Callers(0, pcs)
}

func middle() int { return inner() + 0 }

//go:noinline
func outer() int { return middle() }

// index panics in an inlined call (a bounds check).
func index(s []int, i int) int { return s[i] }

// helperRecover calls recover but is not the deferred function: it gets nil, and the panic goes on.
func helperRecover() any { return recover() }

func throughHelper() (got any) {
	defer func() { got = fmt.Sprint("outer recovered: ", recover()) }()
	defer func() { fmt.Println("same helper's recover:", helperRecover()) }()
	panic("through the helper")
}

// openDefers has open-coded defers and panics between them.
func openDefers(n int) (log []string) {
	defer func() {
		if r := recover(); r != nil {
			log = append(log, fmt.Sprint("recovered ", r))
		}
	}()
	for i := range n {
		defer func() { log = append(log, fmt.Sprint("defer ", i)) }()
	}
	var err error
	if n > 1 {
		err = errors.New("open")
	}
	log = append(log, "body")
	panic(err)
}

func main() {
	t := build(12)
	fmt.Println("same tree", t.sum(), "deep", deep(2000, t))
	ch := make(chan int)
	for i := range 8 {
		go func() { ch <- build(8).sum() + i }()
	}
	total := 0
	for range 8 {
		total += <-ch
	}
	fmt.Println("same goroutines", total)
	func() {
		defer func() { fmt.Println("same recovered:", recover()) }()
		var m map[string]int
		m["x"] = 1
	}()
	func() {
		defer func() { fmt.Println("same recovered:", recover()) }()
		fmt.Println(index([]int{1, 2, 3}, t.left.v))
	}()
	fmt.Println("same", throughHelper())
	fmt.Println("same", strings.Join(openDefers(3), ", "))
	fmt.Println("inlined FuncForPC", runtime.FuncForPC(pcHere()).Name())
	fmt.Println("inlined Callers", outer())
}
