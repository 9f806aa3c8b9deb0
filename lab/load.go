package lab

import (
	"io/fs"

	"github.com/avrlab/avrlab/asm"
)

// maxProgramBytes bounds the file BenchFile reads: an ELF with debug information is larger than a
// source may be (sources are held to asm's per-file limit when they are assembled).
const maxProgramBytes = 64 << 20

// readProgram reads a program file (source, ELF or HEX) with asm's checks: a regular file, bounded.
func readProgram(fsys fs.FS, name string) ([]byte, error) {
	return asm.ReadSource(fsys, name, maxProgramBytes)
}
