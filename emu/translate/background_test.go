//go:build !js

package translate

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/avrlab/avrlab/asm"
	"github.com/avrlab/avrlab/emu"
)

// gateRT is wazero whose Load waits until open is closed: the test decides when a background
// compile ends.
type gateRT struct {
	*Wazero
	open chan struct{}
}

func (g *gateRT) NewMemory(size int) (Memory, error) {
	m, err := g.Wazero.NewMemory(size)
	if err != nil {
		return nil, err
	}
	return &gateMem{Memory: m, open: g.open}, nil
}

type gateMem struct {
	Memory
	open chan struct{}
}

func (m *gateMem) Load(module []byte) (Func, error) {
	<-m.open
	return m.Memory.Load(module)
}

// keepRunners is an emu.Engine handing out e's runners, which it keeps for the test to look at.
type keepRunners struct {
	e  *Engine
	rs []*runner
}

func (k *keepRunners) NewRunner(size int) emu.Runner {
	r := k.e.NewRunner(size)
	if r == nil {
		return nil
	}
	k.rs = append(k.rs, r.(*runner))
	return r
}

// stateDiff names what differs between machines a and b (registers, SREG, SP, PC, cycles, the
// data space, the stack's low-water mark, the access record), or "".
func stateDiff(a, b *emu.Machine) string {
	var d []string
	if a.PC() != b.PC() || a.Cycles() != b.Cycles() || a.SREG() != b.SREG() || a.SP() != b.SP() || a.StackLow() != b.StackLow() {
		d = append(d, fmt.Sprintf("pc %d/%d cycles %d/%d sreg %#x/%#x sp %#x/%#x low %#x/%#x", a.PC(), b.PC(),
			a.Cycles(), b.Cycles(), a.SREG(), b.SREG(), a.SP(), b.SP(), a.StackLow(), b.StackLow()))
	}
	for i := 0; i < 32; i++ {
		if a.Reg(i) != b.Reg(i) {
			d = append(d, fmt.Sprintf("r%d %#x/%#x", i, a.Reg(i), b.Reg(i)))
		}
	}
	n := int(a.Device().RAMEND()) + 1
	if !bytes.Equal(a.Data(0, n), b.Data(0, n)) {
		d = append(d, "data")
	}
	x, y := a.Access(), b.Access()
	if !slices.Equal(x.Executed, y.Executed) || !slices.Equal(x.FlashRead, y.FlashRead) || !bytes.Equal(x.Data, y.Data) {
		d = append(d, "access record")
	}
	return strings.Join(d, "; ")
}

// TestTranslateBackground: NewBackground's machines interpret while their module compiles on
// another goroutine and run translated once it is ready; at every point (every 100,000 cycles,
// with the access record) the state is the interpreter's. The compile ends when the test says
// (a runtime whose Load waits for it), so both orders are checked: a second machine of the same
// program started while the first one's module compiles waits for that compile rather than
// compiling again (one module, a cache hit), interpreting meanwhile; a third one started after it
// ended loads the module at once and runs translated from its first Run.
func TestTranslateBackground(t *testing.T) {
	var src strings.Builder
	src.WriteString("ldi r26, 0x00\nldi r27, 0x02\nloop:\n")
	for i := 0; i < 40; i++ {
		fmt.Fprintf(&src, "add r%d, r%d\n", i%16, 16+i%8)
	}
	src.WriteString("st X+, r3\nandi r27, 0x03\nori r27, 0x02\nrjmp loop\n")
	im, err := asm.Assemble("loop.S", []byte(src.String()), asm.Config{})
	if err != nil {
		t.Fatal(err)
	}
	open := make(chan struct{})
	eng := newBackground(&gateRT{Wazero: NewWazero(), open: open})
	k := &keepRunners{e: eng}
	const step = 100_000
	type pair struct{ m, ref *emu.Machine }
	start := func() pair {
		return pair{emu.New(im.Device, im.Flash, emu.Config{Access: true, Engine: k}),
			emu.New(im.Device, im.Flash, emu.Config{Access: true})}
	}
	// run runs p's machine and its reference one step on, checks they agree, and returns the
	// cycles translated code ran in the step.
	run := func(name string, p pair) uint64 {
		t.Helper()
		c0 := eng.Stats().Cycles
		limit := p.ref.Cycles() + step
		p.m.Run(limit)
		p.ref.Run(limit)
		if d := stateDiff(p.m, p.ref); d != "" {
			t.Fatalf("%s at %d cycles: %s", name, limit, d)
		}
		return eng.Stats().Cycles - c0
	}
	a := start()
	ra := k.rs[0]
	for i := 0; ra.wait == nil; i++ { // interpreted until hot (MinHot), then compiling
		if i == 100 {
			t.Fatalf("no compile started in %d cycles: %+v", i*step, eng.Stats())
		}
		if run("first machine", a) != 0 {
			t.Fatalf("translated before its module compiled: %+v", eng.Stats())
		}
	}
	for i := 0; i < 5; i++ { // the compile is held: still interpreted
		if run("first machine, compiling", a) != 0 {
			t.Fatalf("translated while its module compiles: %+v", eng.Stats())
		}
	}
	b := start()
	rb := k.rs[1]
	for i := 0; i < 5; i++ {
		if run("second machine, compiling", b) != 0 || run("first machine, compiling", a) != 0 {
			t.Fatalf("translated while the module compiles: %+v", eng.Stats())
		}
	}
	if rb.wait == nil {
		t.Fatalf("the second machine waits for no compile: %+v", eng.Stats())
	}
	if st := eng.Stats(); st.Modules != 1 || st.CacheHits != 1 {
		t.Fatalf("%d modules, %d cache hits for one program on two machines: %+v", st.Modules, st.CacheHits, st)
	}
	close(open)
	for _, r := range []*runner{ra, rb} { // wait for each compile to end (its result stays for Run)
		c := <-r.wait
		r.wait <- c
	}
	for i := 0; i < 5; i++ {
		if run("first machine, compiled", a) == 0 || run("second machine, compiled", b) == 0 {
			t.Fatalf("a compiled module did not run: step %d, %+v", i, eng.Stats())
		}
	}
	c := start()
	if run("third machine", c) == 0 || k.rs[2].wait != nil {
		t.Fatalf("the third machine did not load the compiled module at once: %+v", eng.Stats())
	}
	if st := eng.Stats(); st.Modules != 1 || st.CacheHits != 2 || st.Fallbacks != 0 {
		t.Errorf("%d modules, %d cache hits for one program on three machines: %+v", st.Modules, st.CacheHits, st)
	}
}
