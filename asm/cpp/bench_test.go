package cpp_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/avrlab/avrlab/asm/cpp"
	"github.com/avrlab/avrlab/asm/internal/srcfile"
)

// BenchmarkPreprocess runs over testdata/gcc/program/main.S repeated 1000
// times (about 30,000 lines, most with macro calls).
func BenchmarkPreprocess(b *testing.B) {
	src, err := os.ReadFile(filepath.Join("testdata", "gcc", "program", "main.S"))
	if err != nil {
		b.Fatal(err)
	}
	s := string(src)
	body := s[strings.Index(s, "    .section"):]
	big := []byte(s + strings.Repeat(body, 999))
	b.SetBytes(int64(len(big)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := cpp.Preprocess("main.S", big, cpp.Config{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkAvrIO preprocesses a file that includes avr-libc's <avr/io.h>
// for the ATmega128.
func BenchmarkAvrIO(b *testing.B) {
	if _, err := os.Stat(filepath.Join(avrLibcInclude, "avr", "io.h")); err != nil {
		b.Skip("avr-libc headers not found: apt-get install avr-libc")
	}
	src := []byte("#include <avr/io.h>\nout _SFR_IO_ADDR(PORTB), r16\n")
	cfg := cpp.Config{FS: srcfile.FromFS(os.DirFS(avrLibcInclude)), IncludeDirs: []string{"."},
		Defines: map[string]string{"__AVR_ATmega128__": "1", "__AVR_ARCH__": "5"}}
	for b.Loop() {
		if _, err := cpp.Preprocess("main.S", src, cfg); err != nil {
			b.Fatal(err)
		}
	}
}
