package asm_test

import (
	"encoding/binary"
	"fmt"
	"strings"
	"testing"

	"github.com/avrlab/avrlab/asm"
	"github.com/avrlab/avrlab/internal/oracle"
	"github.com/avrlab/avrlab/isa/devreg"
)

// ioNamesSource is a program that uses every name <avr/io.h> defines for a device: one .long per
// register (its data address) and constant, a "mov NAME, r0" per CPU register alias (XL), and an
// #ifndef per flag; a vector name (TIMER0_OVF_vect, the symbol __vector_14) is a .long of the
// symbol, which the program sets to the vector's number. want holds the 4 bytes of each .long and 2
// of each mov, in order.
func ioNamesSource(s *devreg.Set) (src string, want []byte) {
	var b strings.Builder
	b.WriteString("#include <avr/io.h>\n")
	set := map[int64]bool{}
	for _, d := range s.Defs() {
		if d.Kind == devreg.Vector && !set[d.Value] {
			set[d.Value] = true
			fmt.Fprintf(&b, "\t.set __vector_%d, %d\n", d.Value, d.Value)
		}
	}
	for _, d := range s.Defs() {
		switch {
		case d.Kind == devreg.Flag:
			fmt.Fprintf(&b, "#ifndef %s\n.error \"%s is not defined\"\n#endif\n", d.Name, d.Name)
		case d.Kind == devreg.CPUReg:
			fmt.Fprintf(&b, "\tmov %s, r0\n", d.Name)
			w := uint16(0x2c00 | (d.Value&0x1f)<<4) // mov Rd, r0: 0010 11rd dddd rrrr
			want = binary.LittleEndian.AppendUint16(want, w)
		case d.Value >= -1<<31 && d.Value < 1<<32:
			fmt.Fprintf(&b, "\t.long %s\n", d.Name)
			want = binary.LittleEndian.AppendUint32(want, uint32(d.Value))
		}
	}
	return b.String(), want
}

// TestIOHeaderNames assembles, for every device with a register table, a program using every name
// of its <avr/io.h> and checks each value against the table (isa/devreg, itself checked name by name
// against avr-gcc -E by its tests): register addresses, bits, masks, memory constants, XL..ZH, flags.
// The header must include cleanly: no warnings.
func TestIOHeaderNames(t *testing.T) {
	for _, dev := range devreg.Devices() {
		s := devreg.Lookup(dev)
		src, want := ioNamesSource(s)
		im, err := asm.Assemble("io.S", []byte(src), asm.Config{Device: dev})
		if err != nil {
			t.Errorf("%s: %v", dev, err)
			continue
		}
		if len(im.Warnings) > 0 {
			t.Errorf("%s: <avr/io.h> warns: %v", dev, im.Warnings)
		}
		if len(im.Flash) < len(want) {
			t.Errorf("%s: %d bytes, want %d", dev, len(im.Flash), len(want))
			continue
		}
		if got := im.Flash[:len(want)]; string(got) != string(want) {
			for i := range want {
				if got[i] != want[i] {
					t.Errorf("%s: first difference at byte %d of %d", dev, i, len(want))
					break
				}
			}
		}
	}
}

// gnuNoDevice lists the devices Debian's avr-gcc 5.4 cannot compile for, with the reason; their
// tables come from avr-libc's headers all the same (see isa/devreg).
var gnuNoDevice = map[string]string{
	"atmega4809": "avr-gcc 5.4 has no device-specs/specs-atmega4809",
}

// TestIOHeaderNamesGNU assembles the same programs with avr-gcc (its own <avr/io.h>) and compares the
// bytes: our header gives every name avr-gcc's gives.
func TestIOHeaderNamesGNU(t *testing.T) {
	oracle.NeedGNU(t)
	for _, dev := range devreg.Devices() {
		if why := gnuNoDevice[dev]; why != "" {
			t.Logf("%s: not compared (%s)", dev, why)
			continue
		}
		src, want := ioNamesSource(devreg.Lookup(dev))
		res, err := oracle.GNUAssemble(dev, []oracle.Source{{Name: "io.S", Text: src}})
		if err != nil {
			t.Fatal(err)
		}
		if res[0].Err != "" {
			t.Errorf("%s: avr-gcc: %s", dev, res[0].Err)
			continue
		}
		if got := res[0].Flash; len(got) < len(want) || string(got[:len(want)]) != string(want) {
			t.Errorf("%s: avr-gcc's bytes differ from the table's", dev)
		}
	}
}

// TestVectorNames checks that a handler named with avr-libc's vector name is the symbol avr-gcc's
// vector table calls: TIMER0_OVF_vect is __vector_16 on the ATmega328P (avr-nm of avr-gcc's link of
// the same source names it so), INT0_vect __vector_1.
func TestVectorNames(t *testing.T) {
	src := "#include <avr/io.h>\n\tjmp TIMER0_OVF_vect\n\t.global TIMER0_OVF_vect\nTIMER0_OVF_vect:\n\treti\n" +
		"\t.global INT0_vect\nINT0_vect:\n\treti\n"
	im, err := asm.Assemble("v.S", []byte(src), asm.Config{Device: "atmega328p"})
	if err != nil {
		t.Fatal(err)
	}
	for name, addr := range map[string]int64{"__vector_16": 4, "__vector_1": 6} {
		if s, ok := im.Symbol(name); !ok || s.Value != addr {
			t.Errorf("%s: %+v (defined %v), want at byte %d", name, s, ok, addr)
		}
	}
	if _, ok := im.Symbol("TIMER0_OVF_vect"); ok {
		t.Error("TIMER0_OVF_vect is a symbol of its own: the name was not expanded")
	}
}
