package asm_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/avrlab/avrlab/asm"
)

// genProgram returns a program of n lines in the style of hand-written crypto code: ALU work on
// registers, loads and stores, local branches, a macro and a data table.
func genProgram(n int) []byte {
	var b strings.Builder
	b.WriteString(".macro rotl8 r\n\tlsl \\r\n\tadc \\r, r1\n.endm\n\t.text\n")
	lines := 5
	for i := 0; lines < n-1; i++ {
		switch i % 8 {
		case 0:
			fmt.Fprintf(&b, "loop%d:\n", i)
		case 1:
			fmt.Fprintf(&b, "\tldi r%d, lo8(%d)\n", 16+i%16, i*7)
		case 2:
			fmt.Fprintf(&b, "\tadd r%d, r%d\n", i%32, (i+5)%32)
		case 3:
			fmt.Fprintf(&b, "\tld r%d, Z+\n", i%32)
		case 4:
			fmt.Fprintf(&b, "\tstd Y+%d, r%d\n", i%64, i%32)
		case 5:
			fmt.Fprintf(&b, "\trotl8 r%d\n", i%32)
		case 6:
			fmt.Fprintf(&b, "\tbrne loop%d\n", i-6)
		case 7:
			fmt.Fprintf(&b, "\t.byte %d, %d, %d, %d\n", i&0xff, (i*3)&0xff, (i*5)&0xff, (i*7)&0xff)
		}
		lines++
	}
	b.WriteString("\trjmp .\n")
	return []byte(b.String())
}

// BenchmarkAssemble5000 assembles a generated 5,000-line program and reports source lines per second.
func BenchmarkAssemble5000(b *testing.B) {
	src := genProgram(5000)
	if n := strings.Count(string(src), "\n"); n != 5000 {
		b.Fatalf("generated %d lines, want 5000", n)
	}
	if _, err := asm.Assemble("bench.S", src, asm.Config{}); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := asm.Assemble("bench.S", src, asm.Config{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(5000*b.N)/b.Elapsed().Seconds(), "lines/s")
}

// BenchmarkAssembleExample assembles the playground's default example (examples/cham64-v2.S, 177
// lines, most of them comments) for the ATmega128, as the page's every keystroke does.
func BenchmarkAssembleExample(b *testing.B) { benchAssembleExample(b, "cham64-v2.S", "atmega128") }

// BenchmarkAssembleNTT assembles examples/ntt256-xmega.S (420 lines: macros expanded into 1,024
// butterflies' worth of unrolled stages, two 256-entry .word tables) for the ATxmega128A1, the
// assembly a bench of the NTT example starts with.
func BenchmarkAssembleNTT(b *testing.B) { benchAssembleExample(b, "ntt256-xmega.S", "atxmega128a1") }

// benchAssembleExample assembles examples/name for device, b.Loop times, reporting allocations.
func benchAssembleExample(b *testing.B, name, device string) {
	src, err := os.ReadFile("../examples/" + name)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := asm.Assemble(name, src, asm.Config{Device: device}); err != nil {
			b.Fatal(err)
		}
	}
}
