// Command lines is StripLines' test program (lines_test.go builds it for js/wasm and runs it under
// Node before and after): it prints where runtime.Caller says it is, then results that need the
// runtime's other tables: a garbage collection under a deep stack (stack maps, frame sizes), stack
// growth, goroutines, a recovered panic and a method value's name.
package main

import (
	"fmt"
	"path/filepath"
	"runtime"
	"sort"
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

func main() {
	_, file, line, ok := runtime.Caller(0) // the line lines_test.go looks for
	fmt.Printf("caller %s:%d %v\n", filepath.Base(file), line, ok)
	t := build(12)
	fmt.Println("tree", t.sum(), "deep", deep(2000, t))
	ch := make(chan int)
	for i := range 8 {
		go func() { ch <- build(8).sum() + i }()
	}
	total := 0
	for range 8 {
		total += <-ch
	}
	fmt.Println("goroutines", total)
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		var m map[string]int
		m["x"] = 1
	}()
	words := strings.Fields("the quick brown fox jumps over the lazy dog")
	sort.Strings(words)
	fmt.Println(strings.Join(words, " "))
	fmt.Println(runtime.FuncForPC(funcPC()).Name())
}

// funcPC returns a program counter in main.deep.
func funcPC() uintptr {
	pc, _, _, _ := runtime.Caller(0)
	return pc
}
