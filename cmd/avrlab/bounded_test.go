package main

import (
	"bytes"
	"compress/zlib"
	"debug/elf"
	"encoding/binary"
	"encoding/json"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestGradeNonUTF8Names grades a source file and an include whose names are not UTF-8 (Linux file
// names are bytes): both pass, and the text table shows the name escaped.
func TestGradeNonUTF8Names(t *testing.T) {
	dir := t.TempDir()
	speck := readFile(t, "../../examples/speck64.S")
	mkfile(t, dir, "ch\xff\x1b.S", speck)
	mkfile(t, dir, "f\xfe/main.S", []byte("#include \"i\xfd.inc\"\n"))
	mkfile(t, dir, "f\xfe/i\xfd.inc", speck)
	run := runBinary(t, dir, 60*time.Second, "grade", "-task", "speck64-128", "-vectors", "5", ".")
	if run.code != 0 {
		t.Fatalf("exit %d: %s", run.code, run.stderr)
	}
	checkTextSafe(t, run.stdout, 2)
	// The table's rows, after the run's "# task … seed" line and the column header.
	var rows []string
	for _, l := range strings.Split(strings.TrimSpace(run.stdout), "\n") {
		if !strings.HasPrefix(l, "#") {
			rows = append(rows, l)
		}
	}
	for i, name := range []string{`ch\xff\x1b.S`, `f\xfe`} {
		if f := strings.Fields(rows[i]); len(f) < 3 || f[1] != name || f[2] != "yes" {
			t.Errorf("row %d: %q, want %s passing", i+1, rows[i], name)
		}
	}
	// A problem naming such a file shows the name's bytes escaped too (the child's row crosses JSON).
	mkfile(t, dir, "bad\xfd.S", []byte("\tbad r99\n"))
	run = runBinary(t, dir, 60*time.Second, "grade", "-task", "speck64-128", "-vectors", "5", ".")
	if want := `bad\xfd.S:1:2: `; !strings.Contains(run.stdout, want) {
		t.Errorf("the problem does not name the file as %s:\n%s", want, run.stdout)
	}
}

// TestTerminalOutputEscaped: asm, bench and run print what a source holds (a .error message, the
// source line under an error, a file name) with terminal controls escaped as grade's table escapes
// them, newlines and tabs kept; JSON output stays valid JSON holding the same strings.
func TestTerminalOutputEscaped(t *testing.T) {
	dir := t.TempDir()
	hostile := "\x1b]0;pwned\x07\x1b[2J\u009b31m\u202e"
	mkfile(t, dir, "err.S", []byte("\tnop\n\t.error \""+hostile+"\"\n"))
	mkfile(t, dir, "name\x1b[2J.S", readFile(t, "../../examples/speck64.S"))
	mkfile(t, dir, "bad.S", []byte("; avrlab task: speck64-128\nfoo"+hostile+":\n"))
	for _, c := range []struct {
		args []string
		want string // escaped, in stdout or stderr
	}{
		{[]string{"asm", "-o", filepath.Join(dir, "x.hex"), filepath.Join(dir, "err.S")}, `\x1b]0;pwned\x07\x1b[2J\x9b31m\u202e`},
		{[]string{"bench", "-vectors", "2", filepath.Join(dir, "name\x1b[2J.S")}, `name\x1b[2J.S`},
		{[]string{"run", filepath.Join(dir, "bad.S")}, "\tfoo" + `\x1b]0;pwned\x07\x1b[2J\x9b31m\u202e:` + "\n"},
		{[]string{"bench", filepath.Join(dir, "err.S")}, `\x1b]0;pwned\x07`},
	} {
		var stdout, stderr bytes.Buffer
		run(c.args, nil, &stdout, &stderr)
		all := stdout.String() + stderr.String()
		if strings.ContainsAny(all, "\x1b\x07\u009b\u202e") || !strings.Contains(all, c.want) {
			t.Errorf("avrlab %s: output holds a raw control or lacks %q:\n%q", strings.Join(c.args, " "), c.want, all)
		}
	}
	// JSON: the C1, DEL and bidirectional runes encoding/json leaves raw become \u escapes.
	var out bytes.Buffer
	tw := &termWriter{w: &out}
	v := map[string]string{"name": "a\u009b[2J\x7f\u202eb\x1b"}
	if err := writeJSON(tw, v); err != nil {
		t.Fatal(err)
	}
	var back map[string]string
	if err := json.Unmarshal(out.Bytes(), &back); err != nil || back["name"] != v["name"] || strings.ContainsAny(out.String(), "\x1b\x7f\u009b\u202e") {
		t.Errorf("writeJSON: %q (%v) decodes to %q", out.String(), err, back["name"])
	}
	// A UTF-8 sequence cut between two writes is printed whole.
	out.Reset()
	tw.Write([]byte("é\xe2\x80"))
	tw.Write([]byte("\xae|\xc3"))
	tw.Flush()
	if got := out.String(); got != `é\u202e|\xc3` {
		t.Errorf("split writes: %q", got)
	}
}

// TestCompressedELF: run and bench of an ELF whose symbol table is compressed to claim 64 MiB (the
// file is 72 KiB) print one line and fail, allocating little, instead of dying out of memory.
func TestCompressedELF(t *testing.T) {
	data := readFile(t, "../../lab/testdata/speck64c.elf")
	f, err := elf.NewFile(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	idx := slices.IndexFunc(f.Sections, func(s *elf.Section) bool { return s.Type == elf.SHT_SYMTAB })
	var z bytes.Buffer
	for _, v := range []uint32{uint32(elf.COMPRESS_ZLIB), 64 << 20, 4} { // Elf32_Chdr
		binary.Write(&z, binary.LittleEndian, v)
	}
	zw := zlib.NewWriter(&z)
	zw.Write(make([]byte, 64<<20))
	zw.Close()
	bomb := append(bytes.Clone(data), z.Bytes()...)
	sh := bomb[binary.LittleEndian.Uint32(bomb[0x20:])+uint32(idx)*40:]
	binary.LittleEndian.PutUint32(sh[8:], binary.LittleEndian.Uint32(sh[8:])|uint32(elf.SHF_COMPRESSED))
	binary.LittleEndian.PutUint32(sh[16:], uint32(len(data)))
	binary.LittleEndian.PutUint32(sh[20:], uint32(z.Len()))
	path := filepath.Join(t.TempDir(), "bomb.elf")
	mkfile(t, filepath.Dir(path), "bomb.elf", bomb)
	for _, args := range [][]string{{"run", path}, {"bench", "-task", "speck64-128", path}} {
		var stdout, stderr bytes.Buffer
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		code := run(args, nil, &stdout, &stderr)
		runtime.ReadMemStats(&after)
		msg := strings.TrimSuffix(stderr.String(), "\n")
		if code != 1 || strings.Contains(msg, "\n") || !strings.Contains(msg, "is compressed (SHF_COMPRESSED)") {
			t.Errorf("avrlab %s: exit %d, stderr %q; want one line about the compressed section", args[0], code, stderr.String())
		}
		if n := after.TotalAlloc - before.TotalAlloc; n > 32<<20 {
			t.Errorf("avrlab %s: %d MiB allocated for a %d KiB file", args[0], n>>20, len(bomb)>>10)
		}
	}
}
