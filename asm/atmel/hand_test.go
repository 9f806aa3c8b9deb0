package atmel_test

import (
	"bytes"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/avrlab/avrlab/asm/ihex"
	"github.com/avrlab/avrlab/internal/oracle"
)

// The hand-written programs of testdata/hand use each directive and function of AVRASM2. avra's
// answers are committed beside each: NAME.hex (code segment) and NAME.eep (EEPROM segment, when the
// program has one).
var handDir = filepath.Join("testdata", "hand")

// handProgram is one hand-written program and the files it includes.
type handProgram struct {
	name  string // file name in testdata/hand
	text  string
	files map[string]string // included files, by the name the program uses
}

// handPrograms reads testdata/hand: every .asm file is a program; .inc files are offered to every
// program (as files beside it).
func handPrograms() ([]handProgram, error) {
	ents, err := os.ReadDir(handDir)
	if err != nil {
		return nil, err
	}
	incs := map[string]string{}
	var names []string
	for _, e := range ents {
		switch filepath.Ext(e.Name()) {
		case ".inc":
			b, err := os.ReadFile(filepath.Join(handDir, e.Name()))
			if err != nil {
				return nil, err
			}
			incs[e.Name()] = string(b)
		case ".asm":
			names = append(names, e.Name())
		}
	}
	sort.Strings(names)
	var out []handProgram
	for _, n := range names {
		b, err := os.ReadFile(filepath.Join(handDir, n))
		if err != nil {
			return nil, err
		}
		out = append(out, handProgram{name: n, text: string(b), files: incs})
	}
	return out, nil
}

// handSources are the hand-written programs as avra sources.
func handSources() []oracle.Source {
	progs, err := handPrograms()
	if err != nil {
		return nil
	}
	var out []oracle.Source
	for _, p := range progs {
		out = append(out, oracle.Source{Name: p.name, Text: p.text, Files: p.files})
	}
	return out
}

func handGoldenPaths(name string) (hex, eep string) {
	base := filepath.Join(handDir, strings.TrimSuffix(name, ".asm"))
	return base + ".hex", base + ".eep"
}

// writeHandGolden writes avra's results for the hand-written programs (handSources order).
func writeHandGolden(res []oracle.AvraResult) error {
	progs, err := handPrograms()
	if err != nil {
		return err
	}
	for i, p := range progs {
		r := res[i]
		if r.Err != "" {
			return &handError{p.name, r.Err}
		}
		hexPath, eepPath := handGoldenPaths(p.name)
		if err := writeHex(hexPath, r.Flash, r.Present); err != nil {
			return err
		}
		if r.EEPROM == nil {
			os.Remove(eepPath)
			continue
		}
		if err := writeHex(eepPath, r.EEPROM, r.EEPresent); err != nil {
			return err
		}
	}
	return nil
}

type handError struct{ name, msg string }

func (e *handError) Error() string { return "avra on " + e.name + ": " + e.msg }

func writeHex(path string, data []byte, present []bool) error {
	var b bytes.Buffer
	if err := ihex.Write(&b, data, present); err != nil {
		return err
	}
	return os.WriteFile(path, b.Bytes(), 0o644)
}

// readHex reads a golden HEX file; a missing file is an empty image.
func readHex(t *testing.T, path string) ([]byte, []bool) {
	t.Helper()
	f, err := os.Open(path)
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	data, present, err := ihex.Read(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return data, present
}

// TestHandAvra assembles the hand-written programs with avra again: its bytes must still be the
// committed ones.
func TestHandAvra(t *testing.T) {
	oracle.NeedAvra(t)
	progs, err := handPrograms()
	if err != nil {
		t.Fatal(err)
	}
	if len(progs) == 0 {
		t.Fatal("no hand-written programs in " + handDir)
	}
	res, err := oracle.Avra(handSources())
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range progs {
		r := res[i]
		if r.Err != "" {
			t.Errorf("%s: avra: %s", p.name, r.Err)
			continue
		}
		hexPath, eepPath := handGoldenPaths(p.name)
		flash, present := readHex(t, hexPath)
		if !bytes.Equal(r.Flash, flash) || !equalBools(r.Present, present) {
			t.Errorf("%s: avra's code differs from %s", p.name, hexPath)
		}
		eep, eepPresent := readHex(t, eepPath)
		if !bytes.Equal(r.EEPROM, eep) || !equalBools(r.EEPresent, eepPresent) {
			t.Errorf("%s: avra's EEPROM differs from %s", p.name, eepPath)
		}
	}
}

func equalBools(a, b []bool) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
