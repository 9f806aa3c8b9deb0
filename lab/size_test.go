package lab_test

import (
	"slices"
	"testing"

	"github.com/avrlab/avrlab/asm"
	"github.com/avrlab/avrlab/lab"
)

// TestHugeSymbolSize: an image whose symbols claim sizes far past the device's memory (an image the
// assembler and the loader would refuse, made by hand) is measured as if each size stopped at the end
// of the flash: the walks over a function's bytes are bounded by the memory, not by its .size, and
// the figures are those of the image without the symbols.
func TestHugeSymbolSize(t *testing.T) {
	src := readFile(t, "testdata/conv/cham64_dst_src_rk.S")
	im, err := asm.Assemble("c.S", []byte(src), asm.Config{})
	if err != nil {
		t.Fatal(err)
	}
	opts := lab.Options{Task: "cham64-128", Call: lab.DetectCall([]byte(src)), Vectors: 2}
	want, err := lab.Bench(im, opts)
	if err != nil || !want.Pass {
		t.Fatalf("bench: %v %s", err, dump(want))
	}
	huge := *im
	huge.Symbols = slices.Clone(im.Symbols)
	end := int64(len(im.Flash)+1) &^ 1
	for i, sec := range []asm.Section{asm.SectionText, asm.SectionProgmem, asm.SectionText} {
		huge.Symbols = append(huge.Symbols, asm.Symbol{Name: "ghost" + string(rune('a'+i)), Value: end + 2*int64(i),
			Size: 1 << 62, Section: sec, Func: sec == asm.SectionText})
	}
	got, err := lab.Bench(&huge, opts)
	if err != nil || !got.Pass {
		t.Fatalf("bench with huge sizes: %v %s", err, dump(got))
	}
	if got.Flash != want.Flash || got.RAM != want.RAM || got.CyclesMax != want.CyclesMax {
		t.Errorf("with huge sizes: flash %d RAM %d cycles %d; want %d, %d, %d", got.Flash, got.RAM, got.CyclesMax, want.Flash, want.RAM, want.CyclesMax)
	}
	n := 0
	for _, f := range got.Functions {
		if f.Name == "ghosta" || f.Name == "ghostc" {
			n++
			if f.Entered {
				t.Errorf("%s entered", f.Name)
			}
		}
	}
	if n != 2 {
		t.Errorf("functions %+v: want ghosta and ghostc listed", got.Functions)
	}
}
