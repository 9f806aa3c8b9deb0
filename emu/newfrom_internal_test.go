package emu

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/avrlab/avrlab/isa"
)

// TestNewFromSameAsNew: a machine NewFrom builds over an old one (its decoded program taken over,
// only the words that differ decoded again) holds the same lowered program, armed traps and state as
// New's, for programs that differ from the old one in a byte, in a two-word instruction's second word
// (LDS, CALL: the op of the word before changes), in the word after a skip (its skip size changes),
// in length, in Present, and for a device or Access that does not match (decoded afresh); its state
// memory (old's, the old program's run left behind) is New's byte for byte; and the old machine is
// left without a program.
func TestNewFromSameAsNew(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	randomProgram := func(n int) []byte {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(rng.Uint32())
		}
		return b
	}
	m128, m328 := isa.LookupDevice("atmega128"), isa.LookupDevice("atmega328p")
	base := randomProgram(600)
	// Words 10..: SBRC r0,0 then LDS r16,0x0100 (two words), then CALL 0x0000 (two words).
	copy(base[20:], []byte{0x00, 0xfc, 0x00, 0x91, 0x00, 0x01, 0x0e, 0x94, 0x00, 0x00})
	mutate := func(p []byte, at ...int) []byte {
		q := slices.Clone(p)
		for _, a := range at {
			q[a] ^= 0x5a
		}
		return q
	}
	type step struct {
		name    string
		dev     *isa.Device
		flash   []byte
		cfg     Config
		present []bool
	}
	present := make([]bool, 600)
	for i := range present {
		present[i] = i%7 != 3
	}
	steps := []step{
		{name: "base", dev: m128, flash: base, cfg: Config{Access: true}},
		{name: "same", dev: m128, flash: base, cfg: Config{Access: true}},
		{name: "one byte", dev: m128, flash: mutate(base, 301), cfg: Config{Access: true}},
		{name: "LDS address", dev: m128, flash: mutate(base, 25), cfg: Config{Access: true}},
		{name: "CALL target", dev: m128, flash: mutate(base, 28), cfg: Config{Access: true}},
		{name: "after a skip", dev: m128, flash: mutate(base, 22, 23), cfg: Config{Access: true}},
		{name: "first and last bytes", dev: m128, flash: mutate(base, 0, 599), cfg: Config{Access: true}},
		{name: "shorter", dev: m128, flash: base[:311], cfg: Config{Access: true}},
		{name: "longer", dev: m128, flash: randomProgram(4000), cfg: Config{Access: true}},
		{name: "present", dev: m128, flash: base, cfg: Config{Access: true}, present: present},
		{name: "no access", dev: m128, flash: base, cfg: Config{}},
		{name: "no access, a byte", dev: m128, flash: mutate(base, 100), cfg: Config{TraceHash: true}},
		{name: "access again", dev: m128, flash: base, cfg: Config{Access: true}},
		{name: "another device", dev: m328, flash: base, cfg: Config{Access: true}},
		{name: "back", dev: m128, flash: mutate(base, 40, 41, 42), cfg: Config{Access: true}},
	}
	for i := 0; i < 40; i++ { // random edits of a few bytes
		p := slices.Clone(base)
		for k := rng.IntN(4); k >= 0; k-- {
			p[rng.IntN(len(p))] = byte(rng.Uint32())
		}
		steps = append(steps, step{name: "random edit", dev: m128, flash: p, cfg: Config{Access: true}})
	}
	var old *Machine
	for i, s := range steps {
		s.cfg.Present = s.present
		want := New(s.dev, s.flash, s.cfg)
		prev := old
		got := NewFrom(old, s.dev, s.flash, s.cfg)
		if !slices.Equal(got.code, want.code) || !slices.Equal(got.ops, want.ops) {
			t.Fatalf("step %d (%s): the lowered program differs from New's", i, s.name)
		}
		if got.loaded != want.loaded || !slices.Equal(got.flash, want.flash) || got.prog.Code == nil {
			t.Fatalf("step %d (%s): program memory differs from New's", i, s.name)
		}
		if !slices.Equal(got.mem, want.mem) || !slices.Equal(got.ioWrote, want.ioWrote) {
			t.Fatalf("step %d (%s): the state memory differs from New's", i, s.name)
		}
		if prev != nil && (prev.code != nil || prev.ops != nil) && prev.dev == s.dev && prev.cfg.Access == s.cfg.Access {
			t.Fatalf("step %d (%s): the old machine kept its program", i, s.name)
		}
		// Both run the same (random code faults somewhere; the state at the stop must agree).
		for _, m := range []*Machine{got, want} {
			m.Run(20_000)
		}
		if got.PC() != want.PC() || got.Cycles() != want.Cycles() || got.SREG() != want.SREG() || !slices.Equal(got.data, want.data) ||
			!slices.Equal(got.execSeen, want.execSeen) {
			t.Fatalf("step %d (%s): runs differ: pc %#x/%#x cycles %d/%d", i, s.name, got.PC(), want.PC(), got.Cycles(), want.Cycles())
		}
		old = got
	}
}
