package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestAsmSeveralFiles assembles a program of two files with gcc-style -DNAME=VALUE and -IDIR and
// checks the HEX file: a.S calls g in b.S (rcall: 0xd000 + offset), b.S loads a value from a
// header found through -I.
func TestAsmSeveralFiles(t *testing.T) {
	dir := t.TempDir()
	a := writeFile(t, dir, "a.S", ".global main\nmain:\trcall g\n\tldi r16, N\n")
	b := writeFile(t, dir, "b.S", "#include \"v.h\"\n.global g\ng:\tldi r17, V\n\tret\n")
	if err := os.Mkdir(filepath.Join(dir, "inc"), 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(dir, "inc"), "v.h", "#define V 0x42\n")
	out := filepath.Join(dir, "p.hex")
	code, stdout, stderr := runCLI(t, "asm", "-DN=7", "-I"+filepath.Join(dir, "inc"), "-o", out, a, b)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stdout, "8 bytes of flash") {
		t.Errorf("stdout %q, want 8 bytes of flash", stdout)
	}
	hex, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	// rcall g (+1 word: 01 d0), ldi r16, 7 (07 e0); g: ldi r17, 0x42 (12 e4), ret (08 95).
	if want := ":0800000001D007E012E40895AD\r\n:00000001FF\r\n"; string(hex) != want {
		t.Errorf("hex %q, want %q", hex, want)
	}
}

// TestAsmLinkErrorsNameFiles checks that an undefined symbol of a multi-file program is reported at
// its use, with the file's path as the user gave it and the caret line.
func TestAsmLinkErrorsNameFiles(t *testing.T) {
	dir := t.TempDir()
	a := writeFile(t, dir, "a.S", "\trcall g\n")
	b := writeFile(t, dir, "b.S", "g:\tret\n")
	code, _, stderr := runCLI(t, "asm", "-o", filepath.Join(dir, "x.hex"), a, b)
	if code != 1 {
		t.Fatalf("exit %d, want 1", code)
	}
	want := filepath.Join(dir, "a.S") + `:1:8: undefined symbol "g" (b.S:1:1 defines it without .global)`
	if !strings.Contains(stderr, want) {
		t.Errorf("stderr %q, want %q", stderr, want)
	}
}

// TestBenchFolder benches the folder of asm/testdata/link/cham64 as one program.
func TestBenchFolder(t *testing.T) {
	code, stdout, stderr := runCLI(t, "bench", "-vectors", "2", filepath.Join("..", "..", "asm", "testdata", "link", "cham64"))
	if code != 0 {
		t.Fatalf("exit %d: %s%s", code, stdout, stderr)
	}
	if !strings.Contains(stdout, "CHAM-64/128") || !strings.Contains(stdout, "PASS") || !strings.Contains(stdout, "4448 cycles") {
		t.Errorf("report does not pass in 4448 cycles (cham64-v1.S + 640, see lab.TestBenchProgramFolder):\n%s", stdout)
	}
}

// TestGccArgs checks the rewriting of -DNAME=VALUE and -IDIR.
func TestGccArgs(t *testing.T) {
	got := strings.Join(gccArgs([]string{"-DA=1", "-D", "B", "-Iinc", "-device", "x", "--", "-DC"}), " ")
	if want := "-D A=1 -D B -I inc -device x -- -DC"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
