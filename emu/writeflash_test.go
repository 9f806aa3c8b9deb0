package emu_test

import (
	"math/rand/v2"
	"testing"

	"github.com/avrlab/avrlab/emu"
	"github.com/avrlab/avrlab/emu/translate"
	"github.com/avrlab/avrlab/isa"
)

// flashTable is a program that executes a table WriteFlash rewrites: an LDS whose operand word may
// be rewritten, a CPSE that always skips the table's first instruction (one word or two), the
// table (nops as loaded) and a BREAK after it. Execution only runs forward, so every run ends.
type flashTable struct {
	img          []byte
	lo, hi       int // the byte addresses a write may touch: the LDS operand .. the table's end
	table, words int // the table's first word and its size in words
}

func newFlashTable(t testing.TB, d *isa.Device) flashTable {
	p := newProg(t).setSP(d, d.RAMEND())
	p.I(isa.LDI, 20, 0).I(isa.LDI, 21, 7)
	lds := p.PC()
	p.I(isa.LDS, 22, 0x0100).I(isa.CPSE, 16, 16)
	table := p.PC()
	const words = 24
	for range words {
		p.I(isa.NOP)
	}
	p.I(isa.BREAK)
	return flashTable{img: p.Bytes(), lo: 2 * (lds + 1), hi: 2 * (table + words), table: table, words: words}
}

// writeAt returns a write for the table: the LDS's operand (a data address), the CPSE (a skip
// again, with table words after it), or table words from any byte of the table.
func (ft flashTable) writeAt(t testing.TB, d *isa.Device, r *rand.Rand) (at int, b []byte) {
	switch r.IntN(4) {
	case 0:
		a := 0x0100 + r.IntN(0x1000)
		return ft.lo, []byte{byte(a), byte(a >> 8)}
	case 1:
		b := newProg(t).I(isa.CPSE, 16, 16+r.IntN(2)).Bytes() // r16 = r16, r17 = 0 most of the time
		return ft.lo + 2, append(b, tableWords(t, d, r, r.IntN(4))...)
	}
	at = 2*ft.table + r.IntN(ft.hi-2*ft.table)
	b = tableWords(t, d, r, 1+r.IntN(6))
	return at, b[:min(len(b), ft.hi-at, 1+r.IntN(len(b)))]
}

// tableWords returns n instruction words for the table: one- and two-word instructions that read
// and write registers and SRAM, skips, short forward jumps, and now and then a word of any value
// (an illegal one faults, as it would decoded at load), SPM excepted.
func tableWords(t testing.TB, d *isa.Device, r *rand.Rand, n int) []byte {
	p := newProg(t)
	for p.PC() < n {
		switch r.IntN(10) {
		case 0:
			p.I(isa.INC, 20)
		case 1:
			p.I(isa.ADD, 20, 21)
		case 2:
			p.I(isa.LDI, 21, r.IntN(256))
		case 3:
			p.I(isa.STS, 0x0200+r.IntN(16), 20) // the address word is a MULS: a wrong skip into it shows
		case 4:
			p.I(isa.LDS, 21, 0x0200+r.IntN(16))
		case 5:
			p.I(isa.SBRS, 20, r.IntN(8))
		case 6:
			p.I(isa.CPSE, 20, 21)
		case 7:
			p.I(isa.RJMP, r.IntN(2))
		case 8:
			p.I(isa.EOR, 21, 20)
		default:
			w := uint16(r.Uint32())
			if f := isa.FormFor(d.Core, w); f != nil && (f.Op == isa.SPM || f.Op == isa.SPMZInc) {
				w = 0 // a NOP: SPM would make the program memory of the machines differ
			}
			p.W(w)
		}
	}
	return p.Bytes()
}

// TestWriteFlashExecuted: a program that executes the words WriteFlash rewrote, interpreted and
// translated, with and without the access record, behaves after each write as a machine whose
// flash was reloaded with those bytes and decoded whole (ResetFlash, the old behaviour of
// WriteFlash): state, faults, access record and instruction sizes. The writes cover the operand of
// a two-word instruction before the table, the table's first word (which a skip before it skips),
// odd addresses, and writes left unexecuted before the next one.
func TestWriteFlashExecuted(t *testing.T) {
	d := dev(t, "atmega128")
	ft := newFlashTable(t, d)
	eng := translate.NewEager()
	r := rand.New(rand.NewPCG(9, 9))
	for _, acc := range []bool{false, true} {
		cfg := emu.Config{Access: acc}
		tcfg := cfg
		tcfg.Engine = eng
		ref := emu.New(d, ft.img, cfg)
		ms := []*emu.Machine{emu.New(d, ft.img, cfg), emu.New(d, ft.img, tcfg)}
		cur := append([]byte(nil), ft.img...)
		for step := range 1000 {
			at, b := ft.writeAt(t, d, r)
			copy(cur[at:], b)
			ref.ResetFlash(cur)
			for _, m := range ms {
				if err := m.WriteFlash(uint32(at), b); err != nil {
					t.Fatal(err)
				}
			}
			if r.IntN(4) == 0 {
				continue // the next write lands on words not executed since this one
			}
			want := runFlashTable(ref)
			for i, m := range ms {
				if diff := runFlashTable(m).diff(want); diff != "" {
					t.Fatalf("access %v, machine %d, step %d (write of % x at %#x): %s", acc, i, step, b, at, diff)
				}
				for w := range ft.table + ft.words + 1 {
					if got, want := m.InstructionWords(uint32(w)), ref.InstructionWords(uint32(w)); got != want {
						t.Fatalf("access %v, machine %d, step %d: word %#x is %d words, want %d", acc, i, step, w, got, want)
					}
				}
			}
		}
		if st := eng.Stats(); st.Rebuilds == 0 || st.Cycles == 0 {
			t.Errorf("access %v: the translated machine did not run translated code over the rewritten table: %+v", acc, st)
		}
	}
}

// runFlashTable runs m's program from reset and returns its state.
func runFlashTable(m *emu.Machine) fullState {
	m.Reset()
	return fullStateOf(m, m.Run(10_000))
}

// TestWriteFlashTranslatesExecuted: once the words WriteFlash rewrote have executed, translated code
// covers them, as it covers a program loaded with them: the second run of the table runs as many
// cycles translated as the same run of a machine built with those bytes.
func TestWriteFlashTranslatesExecuted(t *testing.T) {
	d := dev(t, "atmega128")
	ft := newFlashTable(t, d)
	p := newProg(t)
	for range ft.words {
		p.I(isa.INC, 20)
	}
	incs := p.Bytes()
	loaded := append([]byte(nil), ft.img...)
	copy(loaded[2*ft.table:], incs)
	translated := func(m *emu.Machine, eng *translate.Engine) uint64 {
		runFlashTable(m)
		c0 := eng.Stats().Cycles
		st := runFlashTable(m)
		if int(st.regs[20]) != ft.words-1 { // the CPSE skips the first
			t.Fatalf("r20 = %d after the table, want %d", st.regs[20], ft.words-1)
		}
		return eng.Stats().Cycles - c0
	}
	engW := translate.NewEager()
	m := emu.New(d, ft.img, emu.Config{Engine: engW})
	runFlashTable(m) // translated over the nops
	if err := m.WriteFlash(uint32(2*ft.table), incs); err != nil {
		t.Fatal(err)
	}
	engL := translate.NewEager()
	got, want := translated(m, engW), translated(emu.New(d, loaded, emu.Config{Engine: engL}), engL)
	if got != want {
		t.Errorf("second run after WriteFlash: %d cycles of translated code, %d on a machine loaded with the table", got, want)
	}
}
