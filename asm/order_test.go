package asm_test

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/avrlab/avrlab/asm"
)

// TestIncludedErrorsInSourceOrder checks that the errors of an included file come where the file is
// included, among the includer's own (not sorted by file name: "a.inc" sorts before "main.S"), and
// that an included file with more errors than the limit does not hide the includer's later ones.
func TestIncludedErrorsInSourceOrder(t *testing.T) {
	var bad strings.Builder
	for i := 1; i <= 12; i++ {
		fmt.Fprintf(&bad, "bad%d r1\n", i)
	}
	for _, inc := range []string{".include \"a.inc\"", "#include \"a.inc\""} {
		fsys := fstest.MapFS{
			"main.S": {Data: []byte("lid r1, 1\n" + inc + "\nlid r3, 3\n")},
			"a.inc":  {Data: []byte(bad.String())},
		}
		_, err := asm.AssembleFile("main.S", asm.Config{FS: asm.FromFS(fsys)})
		list, ok := err.(asm.ErrorList)
		if !ok {
			t.Fatalf("%s: error %v is not an ErrorList", inc, err)
		}
		var got []string
		for _, e := range list {
			got = append(got, fmt.Sprintf("%s:%d", e.Pos.Filename, e.Pos.Line))
		}
		want := []string{"main.S:1"}
		for i := 1; i <= 11; i++ { // ten errors, then the note on the 11th line
			want = append(want, fmt.Sprintf("a.inc:%d", i))
		}
		want = append(want, "main.S:3")
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("%s:\n got %s\nwant %s", inc, strings.Join(got, " "), strings.Join(want, " "))
		}
		if n := len(list); n == len(want) && !strings.Contains(list[11].Msg, `too many errors in "a.inc"`) {
			t.Errorf("%s: a.inc:11 says %q, want the note about too many errors", inc, list[11].Msg)
		}
	}
}

// TestCppWarning checks that #warning reaches the diagnostics as a warning, positioned, and that the
// image is complete.
func TestCppWarning(t *testing.T) {
	im, err := asm.Assemble("t.S", []byte("nop\n#warning check the key schedule\nnop\n"), asm.Config{})
	if err != nil {
		t.Fatal(err)
	}
	if len(im.Warnings) != 1 || im.Warnings[0].Error() != "t.S:2:2: warning: #warning check the key schedule" {
		t.Errorf("warnings %v, want t.S:2:2: warning: #warning check the key schedule (as avr-gcc words it)", im.Warnings)
	}
	if len(im.Flash) != 4 {
		t.Errorf("flash %d bytes, want 4", len(im.Flash))
	}
}
