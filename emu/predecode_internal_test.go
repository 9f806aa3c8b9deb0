package emu

import (
	"math/rand/v2"
	"testing"

	"github.com/avrlab/avrlab/isa"
)

// wholeDecode is the lowered program of m's program memory decoded word by word, every word of
// flash on its own, with the skip sizes set from the op after each skip: what predecode must
// produce (opAt reads it, past the decoded words too).
func wholeDecode(m *Machine) []Op {
	ref := make([]Op, m.words)
	for w := range ref {
		ref[w] = m.decodeAt(uint32(w))
	}
	for w := range ref {
		switch ref[w].Kind {
		case isa.CPSE, isa.SBRC, isa.SBRS, isa.SBIC, isa.SBIS:
			ref[w].Skip = 1
			if w+1 < len(ref) {
				ref[w].Skip = ref[w+1].Words
			}
		}
	}
	return ref
}

// sameAsWholeDecode fails t when m's decoded program (through opAt) is not wholeDecode's,
// when it does not end one word past the program, or (Access) a decoded word is not
// armed.
func sameAsWholeDecode(t *testing.T, name string, m *Machine) {
	t.Helper()
	ref := wholeDecode(m)
	want := m.words
	if m.erased.Kind == opIllegal {
		want = min(m.erasedFrom()+1, m.words)
	}
	if n := uint32(len(m.code)); n != want || len(m.ops) != len(m.code) || len(m.prog.Code) != len(m.code) {
		t.Fatalf("%s: %d ops decoded (%d traps, %d in Program.Code), want %d", name, n, len(m.ops), len(m.prog.Code), want)
	}
	for w := range ref {
		if o := m.opAt(uint32(w)); o != ref[w] {
			t.Fatalf("%s: word %#x: op %+v, decoded on its own %+v", name, w, o, ref[w])
		}
		if m.cfg.Access && w < len(m.ops) && m.ops[w] != (Op{Kind: opCover}) {
			t.Fatalf("%s: word %#x not armed: %+v", name, w, m.ops[w])
		}
	}
}

// TestPredecodeErasedTail: predecode fills the erased tail of flash from one decoded op; the program
// it gives is still the word-by-word decoding of all of program memory, on devices whose flash size
// is a power of two or not, for programs of odd length (the last word half programmed), ending in a
// skip (its skip size comes from the erased word after it) or in the first word of LDS (its address
// is the erased word), with Present holes, with nothing loaded, and for program memory with bytes
// programmed far past the loaded program (a snapshot restored after WriteFlash there, as SPM does: SBRC, CALL
// and the last byte of flash).
func TestPredecodeErasedTail(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	random := func(n int) []byte {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(rng.Uint32())
		}
		return b
	}
	skipLast := append(random(40), 0x00, 0xfc) // ... SBRC r0,0
	ldsLast := append(random(40), 0x00, 0x91)  // ... LDS r16 (its address word erased)
	present := make([]bool, 301)
	for i := range present {
		present[i] = i%5 != 2
	}
	for _, name := range []string{"atmega128", "atmega2560", "atxmega128a1", "attiny85"} {
		d := isa.LookupDevice(name)
		if d == nil {
			t.Fatalf("no device %s", name)
		}
		for _, access := range []bool{false, true} {
			cfg := Config{Access: access}
			for _, c := range []struct {
				name  string
				flash []byte
				cfg   Config
			}{
				{"odd length", random(301), cfg},
				{"skip last", skipLast, cfg},
				{"LDS last", ldsLast, cfg},
				{"present", random(301), Config{Access: access, Present: present}},
				{"empty", nil, cfg},
			} {
				sameAsWholeDecode(t, name+" "+c.name, New(d, c.flash, c.cfg))
			}
			// Program memory past the program written, snapshotted and restored on a fresh machine.
			prog := random(64)
			m := New(d, prog, cfg)
			far := uint32(d.Flash) / 2
			for _, w := range []struct {
				addr uint32
				b    []byte
			}{{far, []byte{0x00, 0xfc}}, {far + 2, []byte{0x0e, 0x94}}, {uint32(d.Flash) - 1, []byte{0x94}}} {
				if err := m.WriteFlash(w.addr, w.b); err != nil {
					t.Fatal(err)
				}
			}
			s := m.Snapshot()
			r := New(d, prog, cfg)
			if err := r.Restore(s); err != nil {
				t.Fatal(err)
			}
			sameAsWholeDecode(t, name+" restored", r)
			if fw := far / 2; r.code[fw].Kind != isa.SBRC || r.code[fw].Skip != 2 || r.code[fw+1].Words != 2 {
				t.Fatalf("%s restored: words %#x.. are %+v %+v, want SBRC skipping CALL (two words)", name, fw, r.code[fw], r.code[fw+1])
			}
		}
	}
}

// BenchmarkPredecode measures predecode alone (no allocation) on a machine holding a small program,
// with the access record on as the harness has it: the part of New that fills the erased tail.
func BenchmarkPredecode(b *testing.B) {
	prog := make([]byte, 2048)
	for i := range prog {
		prog[i] = byte(i * 7)
	}
	for _, name := range []string{"atmega128", "atmega2560", "atxmega128a1"} {
		b.Run(name, func(b *testing.B) {
			m := New(isa.LookupDevice(name), prog, Config{Access: true})
			for b.Loop() {
				m.predecode()
			}
		})
	}
}
