package asm_test

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/avrlab/avrlab/asm"
	"github.com/avrlab/avrlab/internal/oracle"
)

// The programs of testdata/link are folders of source files, linked in the order of their names as
// avr-gcc -nostartfiles -nostdlib 1-a.S 2-b.S ... links them. avr-gcc's images and HEX files are
// committed beside each folder (NAME.golden, NAME.hex; go test ./asm -run TestLinkOracle -update).
const linkDir = "testdata/link"

// linkCase is one multi-file program.
type linkCase struct {
	name  string   // the folder
	files []string // the .S files in link order
	text  map[string]string
}

func loadLinkCases(t *testing.T) []linkCase {
	t.Helper()
	ents, err := os.ReadDir(linkDir)
	if err != nil {
		t.Fatal(err)
	}
	var cases []linkCase
	for _, e := range ents {
		if !e.IsDir() {
			continue
		}
		c := linkCase{name: e.Name(), text: map[string]string{}}
		dir := filepath.Join(linkDir, e.Name())
		files, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			b, err := os.ReadFile(filepath.Join(dir, f.Name()))
			if err != nil {
				t.Fatal(err)
			}
			c.text[f.Name()] = string(b)
			if path.Ext(f.Name()) == ".S" {
				c.files = append(c.files, f.Name())
			}
		}
		sort.Strings(c.files)
		if len(c.files) < 2 {
			t.Fatalf("%s: a link test needs at least two source files", dir)
		}
		cases = append(cases, c)
	}
	if len(cases) == 0 {
		t.Fatalf("no programs in %s", linkDir)
	}
	return cases
}

func (c linkCase) goldenCase() gnuCase {
	return gnuCase{name: strings.Join(c.files, " "), mcu: "atmega128"}
}

func assembleLink(t *testing.T, c linkCase) *asm.Image {
	t.Helper()
	im, err := asm.AssembleFiles(c.files, asm.Config{FS: asm.FromFS(os.DirFS(filepath.Join(linkDir, c.name)))})
	if err != nil {
		t.Errorf("%s: %v", c.name, err)
		if list, ok := err.(asm.ErrorList); ok {
			for _, e := range list {
				t.Log(e)
			}
		}
		return nil
	}
	return im
}

// TestLinkGolden links every program of testdata/link and compares flash and HEX file byte for byte
// with avr-gcc's link, as committed (no toolchain needed).
func TestLinkGolden(t *testing.T) {
	for _, c := range loadLinkCases(t) {
		t.Run(c.name, func(t *testing.T) {
			text, err := os.ReadFile(filepath.Join(linkDir, c.name+".golden"))
			if err != nil {
				t.Fatalf("%v (run go test ./asm -run TestLinkOracle -update with avr-gcc installed)", err)
			}
			g, err := parseGolden(string(text))
			if err != nil || g.err != "" {
				t.Fatalf("%s.golden: %v %s", c.name, err, g.err)
			}
			im := assembleLink(t, c)
			if im == nil {
				return
			}
			for _, d := range compareGNU(im, g) {
				t.Error(d)
			}
			hex, err := os.ReadFile(filepath.Join(linkDir, c.name+".hex"))
			if err != nil {
				t.Fatal(err)
			}
			compareHex(t, c.name, im, string(hex))
		})
	}
}

// TestLinkOracle links every program of testdata/link with avr-gcc in one batch and checks the
// committed answers (with -update it rewrites them).
func TestLinkOracle(t *testing.T) {
	oracle.NeedGNU(t)
	cases := loadLinkCases(t)
	srcs := make([]oracle.Source, len(cases))
	for i, c := range cases {
		files := map[string]string{}
		for n, text := range c.text {
			if n != c.files[0] {
				files[n] = text
			}
		}
		srcs[i] = oracle.Source{Name: c.files[0], Text: c.text[c.files[0]], Files: files, Link: c.files[1:]}
	}
	res, err := oracle.GNUAssemble("atmega128", srcs)
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range cases {
		g := golden{flash: res[i].Flash, present: res[i].Present, err: res[i].Err}
		want := formatGolden(c.goldenCase(), g)
		gp, hp := filepath.Join(linkDir, c.name+".golden"), filepath.Join(linkDir, c.name+".hex")
		if *update {
			if err := os.WriteFile(gp, []byte(want), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(hp, []byte(res[i].Hex), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if have, err := os.ReadFile(gp); err != nil || string(have) != want {
			t.Errorf("%s: golden file differs from avr-gcc's output (run with -update and review the diff)", gp)
		}
		if have, err := os.ReadFile(hp); err != nil || string(have) != res[i].Hex {
			t.Errorf("%s differs from avr-objcopy's output (run with -update and review the diff)", hp)
		}
		if g.err != "" {
			t.Errorf("avr-gcc failed on %s: %s", c.name, g.err)
			continue
		}
		if im := assembleLink(t, c); im != nil {
			for _, d := range compareGNU(im, g) {
				t.Errorf("%s: %s", c.name, d)
			}
			compareHex(t, c.name, im, res[i].Hex)
		}
	}
}

// linkErrors are programs of several files that avr-gcc refuses to link, with the diagnostics
// avrlab gives (each names both positions where there are two). TestLinkErrorsGNU checks that
// avr-gcc refuses them too.
var linkErrors = []struct {
	name  string
	files [][2]string // name, text, in link order
	want  []string
}{
	{"duplicate global", [][2]string{
		{"a.S", ".global f\nf: ret\n"},
		{"b.S", "nop\n.global f\nf: nop\n"},
	}, []string{`b.S:3:1: symbol "f" already defined at a.S:2:1 (both are .global)`}},
	{"undefined", [][2]string{
		{"a.S", ".global main\nmain: rcall g\n\tldi r30, lo8(tbl)\n"},
		{"b.S", "g: ret\n"},
	}, []string{
		`a.S:2:13: undefined symbol "g" (b.S:1:1 defines it without .global)`,
		`a.S:3:15: undefined symbol "tbl"`,
	}},
	{"extern never defined", [][2]string{
		{"a.S", ".extern far\n\tcall far\n"},
		{"b.S", "\tnop\n"},
	}, []string{`a.S:2:7: undefined symbol "far"`}},
}

func linkFS(files [][2]string) (fstest.MapFS, []string) {
	fsys := fstest.MapFS{}
	var names []string
	for _, f := range files {
		fsys[f[0]] = &fstest.MapFile{Data: []byte(f[1])}
		names = append(names, f[0])
	}
	return fsys, names
}

// TestLinkErrors checks the messages of the linker's errors: both positions of a symbol defined
// twice, the use of an undefined one (and where another file defines it without .global).
func TestLinkErrors(t *testing.T) {
	for _, c := range linkErrors {
		fsys, names := linkFS(c.files)
		_, err := asm.AssembleFiles(names, asm.Config{FS: asm.FromFS(fsys)})
		var got []string
		if list, ok := err.(asm.ErrorList); ok {
			for _, e := range list {
				got = append(got, e.Error())
			}
		} else if err != nil {
			got = []string{err.Error()}
		}
		if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
			t.Errorf("%s:\n got %s\nwant %s", c.name, strings.Join(got, "\n     "), strings.Join(c.want, "\n     "))
		}
	}
}

// TestLinkErrorsGNU checks that avr-gcc refuses to link each program of linkErrors.
func TestLinkErrorsGNU(t *testing.T) {
	oracle.NeedGNU(t)
	srcs := make([]oracle.Source, len(linkErrors))
	for i, c := range linkErrors {
		files := map[string]string{}
		var rest []string
		for _, f := range c.files[1:] {
			files[f[0]] = f[1]
			rest = append(rest, f[0])
		}
		srcs[i] = oracle.Source{Name: c.files[0][0], Text: c.files[0][1], Files: files, Link: rest}
	}
	res, err := oracle.GNUAssemble("atmega128", srcs)
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range linkErrors {
		if res[i].Err == "" {
			t.Errorf("%s: avr-gcc links it, avrlab refuses", c.name)
		}
	}
}

// TestLinkSymbols checks the image's symbols of a multi-file program: a global and a local of
// another file with the same name as a local of the first both appear, the global first.
func TestLinkSymbols(t *testing.T) {
	fsys, names := linkFS([][2]string{
		{"a.S", ".global f\nf: nop\nloop: rjmp loop\n.data\n.global v\nv: .byte 1\n"},
		{"b.S", "nop\nloop: rcall f\n\tlds r16, v\n"},
	})
	im, err := asm.AssembleFiles(names, asm.Config{FS: asm.FromFS(fsys)})
	if err != nil {
		t.Fatal(err)
	}
	var loops []int64
	for _, s := range im.Symbols {
		if s.Name == "loop" {
			loops = append(loops, s.Value)
		}
	}
	// a.S: f at 0, loop at 2; b.S follows a.S's .text (4 bytes): nop at 4, loop at 6.
	if len(loops) != 2 || loops[0] != 2 || loops[1] != 6 {
		t.Errorf("loop symbols at %v, want [2 6]", loops)
	}
	if v, ok := im.Symbol("v"); !ok || v.Value != 0x100 || v.Section != asm.SectionData {
		t.Errorf("v = %+v, want data at 0x100", v)
	}
	// rcall f from 6: offset (0 - 8) / 2 = -4 = 0xffc: d ffc → fc df; lds r16, 0x100 → 00 91 00 01.
	want := []byte{0x00, 0x00, 0xff, 0xcf, 0x00, 0x00, 0xfc, 0xdf, 0x00, 0x91, 0x00, 0x01}
	if got := im.Flash[:len(want)]; string(got) != string(want) {
		t.Errorf("flash % x, want % x", got, want)
	}
}

// TestWeakCommonSymbols checks the image's symbols of the weak-common program (its bytes are checked
// against avr-gcc by TestLinkGolden): one symbol per name, the definition that is kept, a common block
// with its merged size in .bss, and no symbol for a weak name no file defines.
func TestWeakCommonSymbols(t *testing.T) {
	var c linkCase
	for _, lc := range loadLinkCases(t) {
		if lc.name == "weak-common" {
			c = lc
		}
	}
	im := assembleLink(t, c)
	if im == nil {
		return
	}
	got := map[string][]asm.Symbol{}
	for _, s := range im.Symbols {
		got[s.Name] = append(got[s.Name], s)
	}
	// Addresses from avr-nm -n -S of avr-gcc's link (the .golden's avr-gcc command).
	for _, w := range []struct {
		name  string
		sec   asm.Section
		value int64
		size  int64
		file  string
	}{
		{"handler", asm.SectionText, 0x38, 0, "2-lib.S"},
		{"other", asm.SectionText, 0x34, 0, "1-main.S"},
		{"buf", asm.SectionBSS, 0x101, 0, "2-lib.S"},
		{"buf2", asm.SectionBSS, 0x100, 0, "1-main.S"},
		{"cbuf", asm.SectionBSS, 0x118, 8, "1-main.S"},
		{"x1", asm.SectionBSS, 0x120, 17, "1-main.S"},
		{"ac", asm.SectionBSS, 0x110, 3, "2-lib.S"},
	} {
		ss := got[w.name]
		if len(ss) != 1 {
			t.Errorf("%s: %d symbols, want 1: %+v", w.name, len(ss), ss)
			continue
		}
		s := ss[0]
		if s.Section != w.sec || s.Value != w.value || s.Size != w.size || s.Pos.Filename != w.file || !s.Global {
			t.Errorf("%s = %+v, want section %v value 0x%x size %d in %s, global", w.name, s, w.sec, w.value, w.size, w.file)
		}
	}
	if ss := got["missing"]; len(ss) != 0 {
		t.Errorf("missing (weak, defined nowhere) is in the symbols: %+v", ss)
	}
}

// TestCommonRepeatWarns: a second .comm of a name in one file keeps the first size and says so, as
// avr-as does ("size of "x" is already 4; not changing to 8").
func TestCommonRepeatWarns(t *testing.T) {
	im, err := asm.Assemble("t.S", []byte(".comm x, 4\n.comm x, 8\n.comm x, 4\n\tlds r16, x\n"), asm.Config{})
	if err != nil {
		t.Fatal(err)
	}
	want := `t.S:2:7: warning: size of "x" is already 4 (.comm at t.S:1:7); not changing to 8`
	if len(im.Warnings) != 1 || im.Warnings[0].Error() != want {
		t.Errorf("warnings %v, want [%s]", im.Warnings, want)
	}
	if im.BSSSize != 4 {
		t.Errorf(".bss is %d bytes, want 4", im.BSSSize)
	}
}

// TestOmitIncluded: a file another of the files includes is linked a second time unless
// Config.OmitIncluded leaves it to its includer; an include in a comment does not count.
func TestOmitIncluded(t *testing.T) {
	fsys, names := linkFS([][2]string{
		{"main.S", "; .include \"c.S\" is only a comment\n\t.include \"b.S\"\n\t.global main\nmain: rcall f\n\trcall g\n"},
		{"b.S", "\t.global f\nf: ret\n"},
		{"c.S", "\t.global g\ng: ret\n"},
	})
	if _, err := asm.AssembleFiles(names, asm.Config{FS: asm.FromFS(fsys)}); err == nil || !strings.Contains(err.Error(), `symbol "f" already defined`) {
		t.Errorf("without OmitIncluded: %v, want f defined twice", err)
	}
	im, err := asm.AssembleFiles(names, asm.Config{FS: asm.FromFS(fsys), OmitIncluded: true})
	if err != nil {
		t.Fatal(err)
	}
	// main.S with b.S inside it (ret, rcall f = -2, rcall g = +0), then c.S (ret).
	if got := fmt.Sprintf("% x", im.Flash); got != "08 95 fe df 00 d0 08 95" {
		t.Errorf("flash %s, want 08 95 fe df 00 d0 08 95", got)
	}
}
