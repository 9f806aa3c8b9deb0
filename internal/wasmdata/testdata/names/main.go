// Command names is RenameFuncs' test program (names_test.go builds it for js/wasm and runs it under
// Node with its tables stripped, before and after renaming its functions): it prints what the
// runtime decides from function names (the goroutines that count, a nil pointer's value-method
// wrapper panicking) and what it prints with them (FuncForPC, every goroutine's traceback through a
// generic function, a method, a closure and the runtime's frames), which names_test.go translates
// back and compares.
package main

import (
	"fmt"
	"runtime"
	"strings"
)

type counter struct{ n int }

// Value has a value receiver: calling it through a nil *counter panics in the compiler's wrapper.
func (c counter) Value() int { return c.n }

type valuer interface{ Value() int }

// asValuer hides from the compiler which type the interface holds.
//
//go:noinline
func asValuer(c *counter) valuer { return c }

// nilWrapper calls Value on a nil *counter through an interface and returns the recovered message.
func nilWrapper() (msg string) {
	defer func() { msg = fmt.Sprint(recover()) }()
	return fmt.Sprint(asValuer(nil).Value())
}

// stackOf prints every goroutine's traceback from under a generic function and a method.
//
//go:noinline
func stackOf[T any](x T) string {
	buf := make([]byte, 1<<16)
	return string(buf[:runtime.Stack(buf, true)])
}

//go:noinline
func (c *counter) stacks() string { return stackOf(c) }

//go:noinline
func park(ch chan int) { <-ch }

func main() {
	fmt.Println("goroutines", runtime.NumGoroutine())
	runtime.GC()
	fmt.Println("goroutines after a collection", runtime.NumGoroutine())
	fmt.Println("nil wrapper:", nilWrapper())
	ch := make(chan int)
	for range 3 {
		go func() { park(ch) }()
	}
	runtime.Gosched()
	fmt.Println("goroutines parked", runtime.NumGoroutine())
	pc, _, _, _ := runtime.Caller(0)
	fmt.Println("FuncForPC", runtime.FuncForPC(pc).Name())
	fmt.Println(strings.TrimSpace((&counter{}).stacks()))
	close(ch)
}
