package emu_test

import (
	"fmt"
	"testing"

	"github.com/avrlab/avrlab/emu"
	"github.com/avrlab/avrlab/isa"
)

// prog builds a program from isa forms, with labels for branch and call targets. It stands in for the
// assembler (package asm) so that emu's tests depend on isa alone.
type prog struct {
	t      testing.TB
	words  []uint16
	labels map[string]int
	fixups []fixup
}

type fixup struct {
	at   int
	form *isa.Form
	args []any
}

func newProg(t testing.TB) *prog { return &prog{t: t, labels: map[string]int{}} }

// L defines a label at the current word address.
func (p *prog) L(name string) *prog {
	if _, dup := p.labels[name]; dup {
		p.t.Fatalf("label %s defined twice", name)
	}
	p.labels[name] = len(p.words)
	return p
}

// PC returns the current word address.
func (p *prog) PC() int { return len(p.words) }

// I appends instruction op; args are int operand values or label names (for relative and absolute
// targets).
func (p *prog) I(op isa.Op, args ...any) *prog {
	p.t.Helper()
	f := isa.FormOf(op)
	if f == nil {
		p.t.Fatalf("no form for op %d", op)
	}
	at := len(p.words)
	ws, ok := p.encode(at, f, args, false)
	if !ok {
		p.fixups = append(p.fixups, fixup{at, f, args})
	}
	p.words = append(p.words, ws...)
	return p
}

// W appends raw words.
func (p *prog) W(ws ...uint16) *prog {
	p.words = append(p.words, ws...)
	return p
}

func (p *prog) encode(at int, f *isa.Form, args []any, final bool) ([]uint16, bool) {
	p.t.Helper()
	vals := make([]int64, len(args))
	resolved := true
	for i, a := range args {
		switch v := a.(type) {
		case int:
			vals[i] = int64(v)
		case string:
			target, ok := p.labels[v]
			if !ok {
				if final {
					p.t.Fatalf("undefined label %s", v)
				}
				resolved = false
				continue
			}
			k := f.Operands[i].Kind
			if k.IsRelative() {
				vals[i] = int64(target - at - f.Words)
			} else {
				vals[i] = int64(target)
			}
		default:
			p.t.Fatalf("bad operand %v", a)
		}
	}
	if !resolved {
		return make([]uint16, f.Words), false
	}
	ws, err := f.Encode(vals)
	if err != nil {
		p.t.Fatalf("%s %v: %v", f.Mnemonic, args, err)
	}
	return ws, true
}

// Bytes resolves forward references and returns the little-endian flash image.
func (p *prog) Bytes() []byte {
	p.t.Helper()
	for _, fx := range p.fixups {
		ws, _ := p.encode(fx.at, fx.form, fx.args, true)
		copy(p.words[fx.at:], ws)
	}
	p.fixups = nil
	b := make([]byte, 0, 2*len(p.words))
	for _, w := range p.words {
		b = append(b, byte(w), byte(w>>8))
	}
	return b
}

// dev returns the named device or fails.
func dev(t testing.TB, name string) *isa.Device {
	t.Helper()
	d := isa.LookupDevice(name)
	if d == nil {
		t.Fatalf("no device %s", name)
	}
	return d
}

// machine builds a machine for the program on the named device.
func (p *prog) machine(devName string, cfg emu.Config) *emu.Machine {
	p.t.Helper()
	return emu.New(dev(p.t, devName), p.Bytes(), cfg)
}

// runToBreak runs until BREAK and fails on any other stop.
func runToBreak(t testing.TB, m *emu.Machine) {
	t.Helper()
	if s := m.Run(m.Cycles() + 1_000_000); s.Reason != emu.StopBreak {
		t.Fatalf("stopped with %v at pc %#x, want break", s, m.PC())
	}
}

// setSP emits "ldi r16/out SPL/SPH" for the device's RAMEND using IN/OUT (I/O addresses from the
// device's data addresses).
func (p *prog) setSP(d *isa.Device, sp uint16) *prog {
	io := func(a uint16) int { return int(a - d.IOBase) }
	p.I(isa.LDI, 16, int(sp>>8)).I(isa.OUT, io(d.SPL+1), 16)
	p.I(isa.LDI, 16, int(sp&0xFF)).I(isa.OUT, io(d.SPL), 16)
	return p
}

func hex16(v uint16) string { return fmt.Sprintf("%#04x", v) }
