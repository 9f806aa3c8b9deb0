package main

import (
	"bytes"
	"math/big"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/avrlab/avrlab/emu"
	"github.com/avrlab/avrlab/lab"
)

// TestCommitted runs the generator into a temporary directory and compares its output with the
// committed examples byte for byte: they cannot drift from the generator.
func TestCommitted(t *testing.T) {
	dir := t.TempDir()
	if err := write(dir); err != nil {
		t.Fatal(err)
	}
	for name := range files() {
		got, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		want, err := os.ReadFile(filepath.Join("..", "..", name))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("examples/%s differs from the generator's output: run go generate ./examples", name)
		}
	}
}

// TestHeaderNumbers benches the generated sources (random vectors against math/big in the harness)
// and checks that the cycles, flash and stack the generator counts statically, which the headers
// state, are what the emulator measures, for every input (constant time).
func TestHeaderNumbers(t *testing.T) {
	for _, c := range []struct {
		name string
		r    routine
		src  string
	}{{"mpmul160.S", mpmul160(), source160()}, {"mpmul256.S", mpmul256(), source256()}} {
		rep, _, err := lab.BenchSource(c.name, []byte(c.src), os.DirFS(".."), lab.Options{})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if !rep.Pass {
			t.Errorf("%s: does not pass: %s", c.name, rep.Error)
		}
		if rep.CyclesMin != rep.CyclesMax || rep.CyclesMin != uint64(c.r.cycles) {
			t.Errorf("%s: measured %d..%d cycles, the generator counts %d", c.name, rep.CyclesMin, rep.CyclesMax, c.r.cycles)
		}
		if rep.Flash != c.r.flash || rep.Stack != c.r.stack {
			t.Errorf("%s: measured %d B flash, %d B stack; the generator counts %d, %d", c.name, rep.Flash, rep.Stack, c.r.flash, c.r.stack)
		}
	}
}

// TestSignCases runs both routines on operands whose halves (and, for mpmul256, whose quarters)
// are equal or differ by one in either direction, with all-0x00 and all-0xFF bytes around them:
// the borrow masks, the absolute values and the sign of the middle products take every
// combination, including a zero difference, which random vectors almost never give. Each
// product is checked against math/big.
func TestSignCases(t *testing.T) {
	for _, c := range []struct {
		name, task string
		src        string
		n          int // operand bytes
	}{{"mpmul160.S", "mpmul-160", source160(), 20}, {"mpmul256.S", "mpmul-256", source256(), 32}} {
		_, im, err := lab.BenchSource(c.name, []byte(c.src), os.DirFS(".."), lab.Options{})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		rng := rand.New(rand.NewPCG(1, 2))
		operand := func(kind int) []byte {
			x := make([]byte, c.n)
			for i := range x {
				x[i] = byte(rng.Uint32())
			}
			switch kind % 4 {
			case 1:
				for i := range x {
					x[i] = 0xff
				}
			case 2:
				clear(x)
			}
			h := c.n / 2
			switch kind / 4 {
			case 1: // equal halves
				copy(x[h:], x[:h])
			case 2: // low half one below the high half
				copy(x[h:], x[:h])
				x[h]++
			case 3: // low half one above
				copy(x[h:], x[:h])
				x[0]++
			case 4: // equal quarters in both halves
				q := h / 2
				copy(x[q:h], x[:q])
				copy(x[h+q:], x[h:h+q])
			}
			return x
		}
		for ka := 0; ka < 20; ka++ {
			for kb := 0; kb < 20; kb++ {
				a, b := operand(ka), operand(kb)
				m, cs, err := lab.PrepareCall(im, lab.Options{Task: c.task}, 0, emu.Config{})
				if err != nil || m == nil {
					t.Fatalf("%s: %v", c.name, err)
				}
				var rAddr uint16
				for _, u := range cs.Buffers {
					switch u.Role {
					case "a":
						m.LoadData(u.Addr, a)
					case "b":
						m.LoadData(u.Addr, b)
					case "r":
						rAddr = u.Addr
					}
				}
				if s := m.Run(1 << 20); s.Reason != emu.StopReturn {
					t.Fatalf("%s: stopped with %v", c.name, s)
				}
				got := make([]byte, 2*c.n)
				for i := range got {
					got[i] = m.ReadData(rAddr + uint16(i))
				}
				want := new(big.Int).Mul(le(a), le(b))
				if le(got).Cmp(want) != 0 {
					t.Fatalf("%s: a=%x b=%x: got %x, want %x", c.name, a, b, got, want.FillBytes(make([]byte, 2*c.n)))
				}
			}
		}
	}
}

// le reads a little-endian byte string as an integer.
func le(x []byte) *big.Int {
	y := make([]byte, len(x))
	for i := range x {
		y[len(x)-1-i] = x[i]
	}
	return new(big.Int).SetBytes(y)
}
