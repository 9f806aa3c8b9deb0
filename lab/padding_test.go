package lab_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/avrlab/avrlab/lab"
)

// The layout's padding is flash the routine uses (issue 17): a table on a 256-byte boundary lets a
// routine test its end on ZL alone or fold a counter into ZL, so the bytes that hold it there cost
// flash whatever fills them (alignment padding, an .org gap, a function the call never enters).
// testdata/simon64-table-last.S (examples/simon64.S before its table moved to the front, kept as the
// fixture) is 108 B of code and a 176-byte round-key table right after it: 284 B.

const simonTable = "        .global simon64_128_rk\n"

// simonFixture is the SIMON-64/128 routine these tests lay out: its table last, after the code.
const simonFixture = "testdata/simon64-table-last.S"

// simonWith benches the fixture with before inserted just above the round-key table and
// after appended at the end.
func simonWith(t *testing.T, before, after string) *lab.Report {
	t.Helper()
	src := replaceOnce(t, readFile(t, simonFixture), simonTable, before+simonTable) + after
	rep := benchText(t, src, lab.Options{Task: "simon64-128", Vectors: 3})
	if !rep.Pass {
		t.Fatalf("the variant fails: %s", dump(rep))
	}
	return rep
}

// tableLine is the line of the fixture that the table's .global is on, once before is inserted.
func tableLine(t *testing.T) int {
	t.Helper()
	src := readFile(t, simonFixture)
	return strings.Count(src[:strings.Index(src, simonTable)], "\n") + 1
}

func hasNote(rep *lab.Report, want string) bool {
	for _, m := range rep.Measurement {
		if m == want {
			return true
		}
	}
	return false
}

// TestAlignmentPaddingCounts: .balign 256 before the table used to leave the flash at 284 B although
// the layout takes 148 B more; the padding counts, and the note names it with its directive.
func TestAlignmentPaddingCounts(t *testing.T) {
	plain := simonWith(t, "", "")
	if plain.Flash != 284 {
		t.Fatalf("simon64: flash %d, want 284", plain.Flash)
	}
	aligned := simonWith(t, "        .balign 256\n", "")
	if aligned.Flash != 284+148 || aligned.FlashDeclared != 284 || aligned.Rank >= plain.Rank {
		t.Errorf("aligned: flash %d (declared %d), RANK %.2f; want 432 (declared 284), below %.2f",
			aligned.Flash, aligned.FlashDeclared, aligned.Rank, plain.Rank)
	}
	want := "aligns 148 B before simon64_128_rk (main.S:" + itoa(tableLine(t)) + " .balign 256): counted"
	if !hasNote(aligned, want) {
		t.Errorf("want the note %q, got %q", want, aligned.Measurement)
	}
	// .p2align 8 and .align 8 (2^8 in avr-as) are the same padding.
	for _, d := range []string{".p2align 8", ".align 8"} {
		if rep := simonWith(t, "        "+d+"\n", ""); rep.Flash != 432 {
			t.Errorf("%s: flash %d, want 432", d, rep.Flash)
		}
	}
	// Padding after the last byte the call uses holds nothing in place: it costs nothing.
	if rep := simonWith(t, "", "        .balign 256\n"); rep.Flash != 284 {
		t.Errorf("padding at the end: flash %d, want 284", rep.Flash)
	}
}

// TestOrgGapCounts: placing the table with .org is the same layout as aligning it. A near .org counts
// whole; a far one counts but for whole 256-byte blocks (the table keeps its low address byte, what a
// pointer trick can depend on, if they are taken out).
func TestOrgGapCounts(t *testing.T) {
	near := simonWith(t, "        .org 0x100\n", "")
	if near.Flash != 432 {
		t.Errorf(".org 0x100: flash %d, want 432", near.Flash)
	}
	want := "leaves a gap of 148 B before simon64_128_rk (main.S:" + itoa(tableLine(t)) + " .org 0x100): counted"
	if !hasNote(near, want) {
		t.Errorf("want the note %q, got %q", want, near.Measurement)
	}
	far := simonWith(t, "        .org 0x1000\n", "")
	if far.Flash != 432 {
		t.Errorf(".org 0x1000: flash %d, want 432", far.Flash)
	}
	want = "leaves a gap of 3988 B before simon64_128_rk (main.S:" + itoa(tableLine(t)) +
		" .org 0x1000): 148 of these 3988 B counted (a stretch between bytes the call uses counts but for whole 256-byte blocks)"
	if !hasNote(far, want) {
		t.Errorf("want the note %q, got %q", want, far.Measurement)
	}
}

// neverEntered is a typed, sized function of n bytes (n even) the call never enters.
func neverEntered(name string, n int) string {
	return "\t.type " + name + ", @function\n" + name + ":\n" + strings.Repeat("\tnop\n", n/2-1) + "\tret\n\t.size " + name + ", .-" + name + "\n"
}

// TestNeverEnteredFillerCounts: a function the call never enters does not count, but one that lies
// before bytes the call uses holds them where they are: a 148-byte filler in place of the padding
// would put the table on its 256-byte boundary for free. It counts as the padding would, and padding
// next to never-entered functions counts the same way.
func TestNeverEnteredFillerCounts(t *testing.T) {
	filler := simonWith(t, neverEntered("filler", 148), "")
	if filler.Flash != 432 || filler.FlashDeclared != 432 {
		t.Errorf("filler: flash %d (declared %d), want 432 (432)", filler.Flash, filler.FlashDeclared)
	}
	if want := "filler (148 B) never entered but before bytes the call uses: counted"; !hasNote(filler, want) {
		t.Errorf("want the note %q, got %q", want, filler.Measurement)
	}
	// A never-entered function, then padding to the boundary: the same 148 B.
	mixed := simonWith(t, neverEntered("decrypt", 100)+"        .balign 256\n", "")
	if mixed.Flash != 432 {
		t.Errorf("never-entered function and padding: flash %d, want 432; %q", mixed.Flash, mixed.Measurement)
	}
	if want := "decrypt (100 B) never entered but before bytes the call uses, aligns 48 B before simon64_128_rk (main.S:" +
		itoa(tableLine(t)+strings.Count(neverEntered("decrypt", 100), "\n")) + " .balign 256): counted"; !hasNote(mixed, want) {
		t.Errorf("want the note %q, got %q", want, mixed.Measurement)
	}
	// 256 B more of never-entered code before the table: one whole block, not counted.
	big := simonWith(t, neverEntered("decrypt", 404), "")
	if big.Flash != 432 {
		t.Errorf("a 404-byte never-entered function: flash %d, want 432", big.Flash)
	}
	// After the last byte the call uses, a never-entered function costs nothing, as before.
	after := simonWith(t, "", "\t.text\n"+neverEntered("decrypt", 148))
	if after.Flash != 284 || !hasNote(after, "decrypt: 148 B, never entered: not counted") {
		t.Errorf("a never-entered function at the end: flash %d, want 284; %q", after.Flash, after.Measurement)
	}
}

// TestGradeCountsPadding: grade measures with the same code (the page's engine does too: see
// cmd/wasm/engine's TestExamples, which compares its report with lab's for every example).
func TestGradeCountsPadding(t *testing.T) {
	dir := t.TempDir()
	src := replaceOnce(t, readFile(t, simonFixture), simonTable, "        .balign 256\n"+simonTable)
	if err := os.WriteFile(filepath.Join(dir, "s.S"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	row := lab.GradeSubmission(lab.Submission{Label: "s.S", Dir: dir, Main: "s.S"}, lab.Options{Task: "simon64-128", Vectors: 3})
	if !row.Pass || row.Flash != 432 {
		t.Errorf("grade: pass %v, flash %d; want a pass at 432: %+v", row.Pass, row.Flash, row)
	}
}

// TestManyPadsOneNoteEach: a thousand small pads jumped over all count, the first 16 described one
// by one and the rest in one note (the report stays small); as many pads executed (zeros are NOPs)
// count as bytes executed, with the same bound on the notes.
func TestManyPadsOneNoteEach(t *testing.T) {
	src := readFile(t, simonFixture)
	entry := "simon64_128_encrypt:\n"
	skip := replaceOnce(t, src, entry, entry+strings.Repeat("\trjmp 1f\n\t.balign 4\n1:\n", 1000))
	rep := benchText(t, skip, lab.Options{Task: "simon64-128", Vectors: 3})
	// The entry is at 0: each rjmp is followed by 2 B of padding.
	if !rep.Pass || rep.Flash != 284+1000*2+1000*2 || rep.FlashDeclared != 284+1000*2 {
		t.Fatalf("flash %d (declared %d), want 4284 (2284): %s", rep.Flash, rep.FlashDeclared, dump(rep))
	}
	n := 0
	for _, m := range rep.Measurement {
		if strings.Contains(m, "before simon64_128_encrypt") {
			n++
		}
	}
	if n != 16 || !hasNote(rep, "984 more stretches between bytes the call uses: 1968 B counted") {
		t.Errorf("%d notes of single pads, want 16 and one for the rest: %q", n, rep.Measurement)
	}
	exec := replaceOnce(t, src, entry, entry+strings.Repeat("\tnop\n\t.balign 4\n", 1000))
	rep = benchText(t, exec, lab.Options{Task: "simon64-128", Vectors: 3})
	if !rep.Pass || rep.Flash != 4284 || len(rep.Measurement) != 17 ||
		!hasNote(rep, "executes or reads 2 B of flash the source does not emit (simon64_128_encrypt+2 .. +2): counted") ||
		!hasNote(rep, "984 more runs of flash the source does not emit, executed or read: 1968 B counted") {
		t.Errorf("executed pads: flash %d, %d notes: %q", rep.Flash, len(rep.Measurement), rep.Measurement)
	}
}

// TestAtmelOrgGapCounts: an AVRASM2 .org (a word address) before the table is a gap like GNU's.
func TestAtmelOrgGapCounts(t *testing.T) {
	src := readFile(t, "../examples/speck64-atmel.asm")
	bench := func(src string) *lab.Report {
		rep, _, err := lab.BenchFile(fstest.MapFS{"main.asm": {Data: []byte(src)}}, "main.asm", lab.Options{Vectors: 3})
		if err != nil || !rep.Pass {
			t.Fatalf("bench: %v %s", err, dump(rep))
		}
		return rep
	}
	if rep := bench(src); rep.Flash != 216 {
		t.Fatalf("speck64-atmel: flash %d, want 216", rep.Flash)
	}
	rep := bench(replaceOnce(t, src, "speck64_128_rk:\n", ".org 0x80\nspeck64_128_rk:\n"))
	if rep.Flash != 216+148 || !hasNote(rep, "leaves a gap of 148 B before speck64_128_rk (main.asm:108 .org 0x80): counted") {
		t.Errorf(".org 0x80: flash %d, want 364; %q", rep.Flash, rep.Measurement)
	}
}
