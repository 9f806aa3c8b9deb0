package asm_test

import (
	"errors"
	"fmt"
	"io/fs"
	"runtime"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/avrlab/avrlab/asm"
)

// assembleErr assembles src as t.S and returns all diagnostics, one per line ("" for none).
func assembleErr(t *testing.T, src string, cfg asm.Config) string {
	t.Helper()
	_, err := asm.Assemble("t.S", []byte(src), cfg)
	return errText(err)
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	var list asm.ErrorList
	if !errors.As(err, &list) {
		return "not an ErrorList: " + err.Error()
	}
	var b []string
	for _, e := range list {
		b = append(b, e.Error())
	}
	return strings.Join(b, "\n")
}

// hugeFS reports name as a file of size bytes whose reads never end, and counts the bytes read from it.
type hugeFS struct {
	name string
	size int64 // what Stat says
	read *int64
}

func (h hugeFS) Open(name string) (fs.File, error) {
	if name != h.name {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	return &hugeFile{h}, nil
}

func (h hugeFS) Stat(name string) (fs.FileInfo, error) {
	if name != h.name {
		return nil, &fs.PathError{Op: "stat", Path: name, Err: fs.ErrNotExist}
	}
	return hugeInfo{h}, nil
}

type hugeFile struct{ h hugeFS }

func (f *hugeFile) Stat() (fs.FileInfo, error) { return hugeInfo(*f), nil }
func (f *hugeFile) Close() error               { return nil }
func (f *hugeFile) Read(b []byte) (int, error) {
	for i := range b {
		b[i] = '\n'
	}
	*f.h.read += int64(len(b))
	return len(b), nil
}

type hugeInfo struct{ h hugeFS }

func (i hugeInfo) Name() string       { return i.h.name }
func (i hugeInfo) Size() int64        { return i.h.size }
func (i hugeInfo) Mode() fs.FileMode  { return 0o644 }
func (i hugeInfo) ModTime() time.Time { return time.Time{} }
func (i hugeInfo) IsDir() bool        { return false }
func (i hugeInfo) Sys() any           { return nil }

// TestReadLimits checks that each source file is a regular file within MaxFileBytes and all of them
// within MaxTotalBytes, refused before being read whole, for AssembleFile, .include and #include.
func TestReadLimits(t *testing.T) {
	var read int64
	huge := hugeFS{name: "big.inc", size: 1258291200, read: &read}
	for _, c := range []struct {
		name string
		src  string
		fsys fs.FS
		cfg  asm.Config
		want string
	}{
		{"huge .include", `.include "big.inc"`, huge, asm.Config{},
			`t.S:1:10: "big.inc" is 1258291200 bytes; the limit is 1048576 bytes per file`},
		{"huge #include", `#include "big.inc"`, huge, asm.Config{},
			`t.S:1:2: #include "big.inc": is 1258291200 bytes; the limit is 1048576 bytes per file`},
		{"growing file", `.include "big.inc"`, hugeFS{name: "big.inc", size: 10, read: &read}, asm.Config{},
			`t.S:1:10: "big.inc" has more than 1048576 bytes; the limit is 1048576 bytes per file`},
		{"one byte over", `.include "a.inc"`, fstest.MapFS{"a.inc": {Data: make([]byte, 1<<20+1)}}, asm.Config{},
			`t.S:1:10: "a.inc" is 1048577 bytes; the limit is 1048576 bytes per file`},
		{"at the limit", `.include "a.inc"`, fstest.MapFS{"a.inc": {Data: []byte(strings.Repeat(";\n", 1<<19))}}, asm.Config{}, ""},
		{"MaxFileBytes", `.include "a.inc"`, fstest.MapFS{"a.inc": {Data: []byte("nop\n")}}, asm.Config{MaxFileBytes: 3},
			`t.S: "t.S" is 16 bytes; the limit is 3 bytes per file`},
		{"named pipe .include", `.include "fifo.inc"`, fstest.MapFS{"fifo.inc": {Mode: fs.ModeNamedPipe}}, asm.Config{},
			`t.S:1:10: "fifo.inc" is not a regular file (named pipe)`},
		{"named pipe #include", `#include "fifo.h"`, fstest.MapFS{"fifo.h": {Mode: fs.ModeNamedPipe}}, asm.Config{},
			`t.S:1:2: #include "fifo.h": is not a regular file (named pipe)`},
		{"device", `.include "dev"`, fstest.MapFS{"dev": {Mode: fs.ModeDevice | fs.ModeCharDevice}}, asm.Config{},
			`t.S:1:10: "dev" is not a regular file (character device)`},
		{"socket", `.include "sock"`, fstest.MapFS{"sock": {Mode: fs.ModeSocket}}, asm.Config{},
			`t.S:1:10: "sock" is not a regular file (socket)`},
		{"folder", `.include "d"`, fstest.MapFS{"d/x": {}}, asm.Config{},
			`t.S:1:10: "d" is not a regular file (folder)`},
		{"total", ".include \"a.inc\"\n.include \"b.inc\"\n#include \"c.inc\"\n.include \"a.inc\"\n",
			fstest.MapFS{"a.inc": {Data: []byte(strings.Repeat(";", 30) + "\n")}, "b.inc": {Data: []byte(strings.Repeat(";", 30) + "\n")},
				"c.inc": {Data: []byte(strings.Repeat(";", 30) + "\n")}},
			asm.Config{MaxTotalBytes: 150},
			// main 68 bytes + c.inc 31 (the preprocessor reads it first) + a.inc 31 = 130; b.inc makes 161.
			`t.S:2:10: "b.inc" would bring the source read to 161 bytes; the limit is 150 bytes in all` + "\n" +
				`t.S:4:10: "a.inc" would bring the source read to 161 bytes; the limit is 150 bytes in all`},
	} {
		read = 0
		cfg := c.cfg
		cfg.FS = asm.FromFS(c.fsys)
		if got := assembleErr(t, c.src, cfg); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, got, c.want)
		}
		if read > 1<<20+1<<16 {
			t.Errorf("%s: read %d bytes of a file over the limit", c.name, read)
		}
	}
}

// TestReadSource checks the exported reader used for main files.
func TestReadSource(t *testing.T) {
	var read int64
	fsys := fstest.MapFS{
		"ok.S":   {Data: []byte("nop\n")},
		"fifo.S": {Mode: fs.ModeNamedPipe},
	}
	if b, err := asm.ReadSource(fsys, "ok.S", 0); err != nil || string(b) != "nop\n" {
		t.Errorf("ReadSource(ok.S) = %q, %v", b, err)
	}
	if _, err := asm.ReadSource(fsys, "ok.S", 3); err == nil || err.Error() != `"ok.S" is 4 bytes; the limit is 3 bytes per file` {
		t.Errorf("ReadSource(ok.S, 3): %v", err)
	}
	if _, err := asm.ReadSource(fsys, "fifo.S", 0); err == nil || err.Error() != `"fifo.S" is not a regular file (named pipe)` {
		t.Errorf("ReadSource(fifo.S): %v", err)
	}
	if _, err := asm.ReadSource(fsys, "none.S", 0); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("ReadSource(none.S): %v, want fs.ErrNotExist", err)
	}
	huge := hugeFS{name: "big.S", size: 1258291200, read: &read}
	if _, err := asm.ReadSource(huge, "big.S", 0); err == nil || err.Error() != `"big.S" is 1258291200 bytes; the limit is 1048576 bytes per file` || read != 0 {
		t.Errorf("ReadSource(big.S): %v (%d bytes read)", err, read)
	}
	for _, c := range []struct {
		fsys       fs.FS
		name, want string
	}{
		{huge, "big.S", `big.S: "big.S" is 1258291200 bytes; the limit is 1048576 bytes per file`},
		{fsys, "fifo.S", `fifo.S: "fifo.S" is not a regular file (named pipe)`},
		{fsys, "none.S", `none.S: file "none.S" not found`},
	} {
		im, err := asm.AssembleFile(c.name, asm.Config{FS: asm.FromFS(c.fsys)})
		if got := errText(err); im != nil || got != c.want {
			t.Errorf("AssembleFile(%s): image %v, error %s; want %s", c.name, im != nil, got, c.want)
		}
	}
}

// TestHostileInputs checks that inputs built to crash (deep recursion), hang (work that grows without
// bound) or exhaust memory end with one positioned error.
func TestHostileInputs(t *testing.T) {
	big := asm.Config{MaxFileBytes: 16 << 20, MaxTotalBytes: 16 << 20}
	sum := ".set x, " + strings.Repeat("1+", 5000) + "1\n"
	var chain, rev strings.Builder
	chain.WriteString(".set a0, b\n")
	for i := 1; i <= 40000; i++ {
		fmt.Fprintf(&chain, ".set a%d, a%d+1\n", i, i-1)
		fmt.Fprintf(&rev, ".set c%d, c%d+1\n", 40001-i, 40000-i)
	}
	var sections strings.Builder
	for i := 0; i < 3000; i++ {
		fmt.Fprintf(&sections, ".section .text.s%d\n.balign 1048576\nnop\n", i)
	}
	for _, c := range []struct {
		name string
		src  string
		cfg  asm.Config
		want string
	}{
		// 1. Nesting in expressions: parentheses, unary operators and functions, 256 levels at most.
		{"parentheses", "ldi r16, " + strings.Repeat("(", 100000) + "1" + strings.Repeat(")", 100000), big,
			"t.S:1:266: expression nested deeper than 256 levels"},
		{"256 parentheses", "ldi r16, " + strings.Repeat("(", 256) + "1" + strings.Repeat(")", 256), asm.Config{}, ""},
		{"unary minus", "ldi r16, " + strings.Repeat("- ", 100000) + "1", big,
			"t.S:1:522: expression nested deeper than 256 levels"},
		{"complement", "ldi r16, " + strings.Repeat("~", 100000) + "x\nx = 1", big,
			"t.S:1:266: expression nested deeper than 256 levels"},
		{"not and plus", ".byte " + strings.Repeat("!+", 100000) + "1", big,
			"t.S:1:263: expression nested deeper than 256 levels"},
		{"functions", "ldi r16, " + strings.Repeat("lo8(", 300) + "1" + strings.Repeat(")", 300), asm.Config{},
			"t.S:1:1034: expression nested deeper than 256 levels"},
		{"long sum", ".byte " + strings.Repeat("x+", 50000) + "1\nx = 0", big, ""},
		// Symbols defined from symbols: a chain of 40,000, resolved without recursion (and without
		// re-walking the chain for each new link while its base is undefined).
		{"chain", chain.String() + "b = 7\n.long a40000\n.if a40000 - 40007\n.error \"wrong\"\n.endif\n", asm.Config{}, ""},
		{"chain undefined", chain.String() + ".long a40000\n", asm.Config{}, `t.S:1:10: undefined symbol "b"`},
		{"reverse chain", rev.String() + "c0 = 1\n.long c40000\n", asm.Config{}, ""},
		{"loop", ".set p, q+1\n.set q, p+1\n.byte p", asm.Config{}, `t.S:2:9: symbol "p" is defined in terms of itself`},
		// .if nesting.
		{".if nesting", strings.Repeat(".if 1\n", 257) + strings.Repeat(".endif\n", 257), asm.Config{},
			"t.S:257:1: .if nested deeper than 256 levels"},
		{"256 .if", strings.Repeat(".ifdef x\n", 256) + strings.Repeat(".endif\n", 256), asm.Config{}, ""},
		// 2. The effort budget.
		{".rept of a long sum", ".rept 1000000\n" + sum + ".endr\n", asm.Config{},
			"t.S:2:1: assembly effort limit reached (.rept at 1:1 expands to more than 16000000 steps of work)"},
		{"macro", ".macro m\n.rept 1000000\n" + sum + ".endr\n.endm\n\tnop\n\tm\n", asm.Config{},
			`t.S:3:1: assembly effort limit reached (macro "m" called at 7:2 expands to more than 16000000 steps of work)`},
		{".irp", ".irp v, " + strings.Repeat("1,", 1000) + "1\n.rept 1000\n" + sum + ".endr\n.endr\n", asm.Config{},
			"t.S:3:1: assembly effort limit reached (.irp at 1:1 expands to more than 16000000 steps of work)"},
		{"long names", ".rept 1000000\n" + strings.Repeat("x", 500000) + " = 1\n.endr\n", big,
			"t.S:2:1: assembly effort limit reached (.rept at 1:1 expands to more than 16000000 steps of work)"},
		{"long .ifc", ".rept 1000000\n.ifc " + strings.Repeat("x", 500000) + ",y\n.endif\n.endr\n", big,
			"t.S:2:1: assembly effort limit reached (.rept at 1:1 expands to more than 16000000 steps of work)"},
		{".exitm", ".macro m\n.exitm\n" + strings.Repeat("nop\n", 20000) + ".endm\n.rept 1000000\nm\n.endr\n", asm.Config{},
			"t.S:20005:1: assembly effort limit reached (.rept at 20004:1 expands to more than 16000000 steps of work)"},
		// Sizes: checked without overflow against the flash (SRAM for .data and .bss).
		{".fill overflow", ".fill 0x2000000000000000, 8, 0x11", asm.Config{},
			"t.S:1:1: .fill of 2305843009213693952 × 8 bytes does not fit in the 131072 bytes of flash of atmega128"},
		{".fill after data", "nop\n.fill 65536, 2", asm.Config{},
			"t.S:2:1: .fill of 65536 × 2 bytes does not fit in the 131072 bytes of flash of atmega128 (section .text holds 2 bytes already)"},
		{".fill in .data", ".data\n.fill 4097", asm.Config{},
			"t.S:2:1: .fill of 4097 × 1 bytes does not fit in the 4096 bytes of SRAM of atmega128"},
		{".space overflow", ".byte 1\n.space 0x7fffffffffffffff", asm.Config{},
			"t.S:2:1: section .text grows to 9223372036854775808 bytes, beyond the 131072 bytes of flash of atmega128"},
		{".skip", ".skip 131073", asm.Config{}, "t.S:1:1: section .text grows to 131073 bytes, beyond the 131072 bytes of flash of atmega128"},
		{".zero", ".section .bss\n.zero 0x7fffffffffffffff\n.zero 0x7fffffffffffffff", asm.Config{},
			"t.S:2:1: section .bss grows to 9223372036854775807 bytes, beyond the 4096 bytes of SRAM of atmega128"},
		{".org overflow", "nop\n.org 0x7fffffffffffffff", asm.Config{},
			"t.S:2:1: section .text grows to 9223372036854775807 bytes, beyond the 131072 bytes of flash of atmega128"},
		{".lcomm", ".lcomm buf, 0x7fffffffffffffff", asm.Config{},
			"t.S:1:1: section .bss(.lcomm) grows to 9223372036854775807 bytes, beyond the 4096 bytes of SRAM of atmega128"},
		{"aligned sections", sections.String(), asm.Config{},
			"t.S:6:1: program needs 3145728000 bytes of flash, more than the 131072 of atmega128"},
		// .size: at most the flash (SRAM for .data and .bss), at the size's position.
		{".size past the flash", ".type f, @function\nf: ret\n.size f, 0x7fffffff", asm.Config{},
			"t.S:3:10: .size of f is 2147483647, more than the 131072 bytes of flash of atmega128"},
		{".size of the flash", ".type f, @function\nf: ret\n.size f, 131072", asm.Config{}, ""},
		{".size past the SRAM", ".data\nbuf: .byte 1\n.size buf, 4097", asm.Config{},
			"t.S:3:12: .size of buf is 4097, more than the 4096 bytes of SRAM of atmega128"},
		// Work that used to grow faster than the input.
		{".irpc of many arguments", ".irpc c, " + strings.Repeat("a ", 100000) + "\n.endr\n", asm.Config{}, ""},
		{"unknown long name", strings.Repeat("x", 1000000), asm.Config{},
			`t.S:1:1: unknown instruction "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx..." (a label needs a colon: ` + strings.Repeat("x", 1000000) + ":)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := assembleErr(t, c.src, c.cfg); got != c.want {
				if len(got) > 500 {
					got = got[:500] + "..."
				}
				t.Errorf("\n got %s\nwant %.500s", got, c.want)
			}
		})
	}
}

// TestManyParameters: a macro with 30,000 parameters, each used, is linear work.
func TestManyParameters(t *testing.T) {
	var b strings.Builder
	b.WriteString(".macro m")
	for i := 0; i < 30000; i++ {
		fmt.Fprintf(&b, " p%d=%d", i, i%200)
	}
	b.WriteString("\n.byte ")
	for i := 0; i < 30000; i++ {
		fmt.Fprintf(&b, "\\p%d,", i)
	}
	b.WriteString("0\n.endm\nm p29999=7\n")
	im, err := asm.Assemble("t.S", []byte(b.String()), asm.Config{})
	if err != nil {
		t.Fatal(err)
	}
	if len(im.Flash) != 30002 || im.Flash[1] != 1 || im.Flash[29999] != 7 {
		t.Errorf("flash: %d bytes, [1]=%d [29999]=%d", len(im.Flash), im.Flash[1], im.Flash[29999])
	}
}

// TestDeepNestingStopsAtTheLimit: a statement nesting parentheses or unary operators past the
// expression limit is refused at the 257th level, before the rest of the line is tokenized, in the
// preprocessor (GNU sources) and in each dialect's lexer, so that half a million levels cost what 257
// do: the work is bounded by allocation (the source is 1 MB; tokenizing it all took over 500 MB),
// not timed.
func TestDeepNestingStopsAtTheLimit(t *testing.T) {
	r := strings.Repeat
	deep := r("(", 500000) + "1" + r(")", 500000)
	big := asm.Config{MaxFileBytes: 16 << 20, MaxTotalBytes: 16 << 20}
	// Macros that double an argument of 200 parentheses twelve times: 819,200 in the statement the
	// assembler's own lexer reads (no source line holds more than 400).
	doubling := ".macro d0 a\n\tldi r16, \\a\n.endm\n"
	for i := 1; i <= 12; i++ {
		doubling += fmt.Sprintf(".macro d%d a\n\td%d \\a\\a\n.endm\n", i, i-1)
	}
	doubling += "\td12 " + r("(", 200) + "\n"
	for _, c := range []struct {
		name, file, src, want string
	}{
		{"GNU instruction", "t.S", "\tldi r16, " + deep + "\n", "t.S:1:267: expression nested deeper than 256 levels"},
		{"GNU #if", "t.S", "#if " + deep + "\n#endif\n", "t.S:1:261: expression nested deeper than 256 levels"},
		{"GNU function calls", "t.S", "\tldi r16, " + r("lo8(", 300000) + "1" + r(")", 300000) + "\n", "t.S:1:1035: expression nested deeper than 256 levels"},
		{"GNU macro body", "t.S", ".macro m\n\tldi r16, \\@+" + deep + "\n.endm\n\tm\n", "t.S:2:270: expression nested deeper than 256 levels"},
		{"GNU macro expansion", "t.S", doubling, "t.S:2:13: expression nested deeper than 256 levels (in macro \"d0\" called at 5:2)"},
		{"GNU after a comment", "t.S", "\tnop ; " + r("(", 300) + "\n", ""},
		{"GNU in a false #if", "t.S", "#if 0\n\tldi r16, " + deep + "\n#endif\n", ""},
		{"AVRASM2", "t.asm", "\tldi r16, " + deep + "\n", "t.asm:1:267: expression nested deeper than 256 levels"},
		{"GNU #if of unary operators", "t.S", "#if " + r("!", 1000000) + "1\n#endif\n", "t.S:1:261: expression nested deeper than 256 levels"},
		{"GNU unary minus", "t.S", ".byte " + r("- ", 500000) + "1\n", "t.S:1:519: expression nested deeper than 256 levels"},
		{"GNU minus signs", "t.S", ".byte " + r("-", 1000000) + "1\n", "t.S:1:263: expression nested deeper than 256 levels"},
		{"GNU 256 minus signs", "t.S", ".byte " + r("-", 256) + "1\n", ""},
		{"GNU binary and unary", "t.S", ".byte 1" + r("--", 128) + "1\n", ""},
		{"AVRASM2 complement", "t.asm", ".db " + r("~", 1000000) + "1\n", "t.asm:1:261: expression nested deeper than 256 levels"},
		{"AVRASM2 256 complements", "t.asm", ".db " + r("~", 256) + "1\n", ""},
	} {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		_, err := asm.Assemble(c.file, []byte(c.src), big)
		runtime.ReadMemStats(&after)
		if got := errText(err); got != c.want {
			t.Errorf("%s: got %.300s\nwant %s", c.name, got, c.want)
		}
		if n := after.TotalAlloc - before.TotalAlloc; n > 32<<20 {
			t.Errorf("%s: %d MiB allocated for a %d KB source, want under 32", c.name, n>>20, len(c.src)>>10)
		}
	}
}
