package devreg

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/avrlab/avrlab/internal/oracle"
)

// atmelFileText reads Atmel's file as Debian's avra package installs it; the test fails when CI is
// set and the file is missing, and is skipped otherwise.
func atmelFileText(t *testing.T, file string) []byte {
	t.Helper()
	oracle.NeedAvra(t)
	return oracle.RequireFile(t, filepath.Join("/usr/share/avra", file), "install with: apt-get install avra")
}

// fileDef is one name of an Atmel file as this test reads it, independently of internal/incgen.
type fileDef struct {
	name  string
	def   bool
	value int64
}

var fileEqu = regexp.MustCompile(`(?im)^[ \t]*\.(equ|def)[ \t]+(\w+)[ \t]*=[ \t]*([^;\s]+)`)

var equLine = regexp.MustCompile(`(?im)^\.equ\s+(\w+)\s*=\s*(0x[0-9a-f]+|\$[0-9a-f]+|-?[0-9]+)\s*(;.*)?$`)

// equValues returns the numeric .equ values of a file by upper-case name.
func equValues(text string) map[string]int64 {
	m := map[string]int64{}
	for _, f := range equLine.FindAllStringSubmatch(text, -1) {
		v := f[2]
		if strings.HasPrefix(v, "$") {
			v = "0x" + v[1:]
		}
		n, err := strconv.ParseInt(v, 0, 64)
		if err == nil {
			m[strings.ToUpper(f[1])] = n
		}
	}
	return m
}

// readAtmelFile lists the .equ and .def lines of an Atmel file with their values, an alias resolved.
func readAtmelFile(t *testing.T, text []byte) []fileDef {
	t.Helper()
	var out []fileDef
	byName := map[string]int64{}
	for _, m := range fileEqu.FindAllStringSubmatch(string(text), -1) {
		d := fileDef{name: m[2], def: strings.EqualFold(m[1], "def")}
		v := m[3]
		switch {
		case d.def:
			n, err := strconv.Atoi(strings.TrimPrefix(strings.ToLower(v), "r"))
			if err != nil {
				t.Fatalf(".def %s = %s", d.name, v)
			}
			d.value = int64(n)
		case strings.HasPrefix(v, "$"):
			d.value, _ = strconv.ParseInt(v[1:], 16, 64)
		default:
			n, err := strconv.ParseInt(v, 0, 64)
			if err != nil {
				alias, ok := byName[strings.ToUpper(v)]
				if !ok {
					t.Fatalf(".equ %s = %s: neither a number nor an earlier name", d.name, v)
				}
				n = alias
			}
			d.value = n
		}
		byName[strings.ToUpper(d.name)] = d.value
		out = append(out, d)
	}
	return out
}

// TestAtmelTables compares the table of every modelled device that Atmel's file exists for with that
// file, name for name and value for value: no name missing, none added, none with another value, the
// .def aliases the same registers; and AtmelInc's file defines exactly those names too.
func TestAtmelTables(t *testing.T) {
	want := map[string]string{
		"atmega128": "m128def.inc", "atmega2560": "m2560def.inc", "atmega328p": "m328Pdef.inc",
		"attiny45": "tn45def.inc", "attiny85": "tn85def.inc",
	}
	for _, device := range Devices() {
		file, ok := want[device]
		if !ok {
			if _, _, has := AtmelDefs(device); has {
				t.Errorf("%s: has an Atmel table the test does not check", device)
			}
			continue
		}
		t.Run(device, func(t *testing.T) {
			if got := IncFile(device); got != file {
				t.Errorf("IncFile = %q, Atmel's file is %q", got, file)
			}
			theirs := readAtmelFile(t, atmelFileText(t, file))
			defs, source, ok := AtmelDefs(device)
			if !ok {
				t.Fatalf("no Atmel table for %s", device)
			}
			if !strings.Contains(source, file) {
				t.Errorf("source %q does not name %s", source, file)
			}
			ours := map[string]Def{}
			for _, d := range defs {
				ours[strings.ToUpper(d.Name)] = d
			}
			missing, differ := 0, 0
			for _, f := range theirs {
				d, ok := ours[strings.ToUpper(f.name)]
				switch {
				case !ok:
					missing++
					t.Errorf("%s missing", f.name)
				case d.Name != f.name || d.Value != f.value || (d.Kind == CPUReg) != f.def:
					differ++
					t.Errorf("%s: ours %+v, Atmel's %+v", f.name, d, f)
				}
			}
			if len(defs) != len(theirs) {
				t.Errorf("%d names in the table, %d in %s", len(defs), len(theirs), file)
			}
			if missing != 0 || differ != 0 || len(theirs) < 400 {
				t.Errorf("%s: %d names, %d missing, %d differing", file, len(theirs), missing, differ)
			}
			// The generated file says the same.
			inc := readAtmelFile(t, []byte(AtmelInc(device)))
			if len(inc) != len(theirs) {
				t.Fatalf("AtmelInc defines %d names, %s %d", len(inc), file, len(theirs))
			}
			for i := range inc {
				if inc[i] != theirs[i] {
					t.Errorf("AtmelInc line %d: %+v, Atmel's %+v", i, inc[i], theirs[i])
				}
			}
			if !regexp.MustCompile(`(?m)^\.device ` + Lookup(device).Part + `$`).MatchString(AtmelInc(device)) {
				t.Errorf("AtmelInc has no .device %s line", Lookup(device).Part)
			}
		})
	}
}

// TestAtmelTablesUpToDate runs internal/incgen on avra's files and compares its output with the
// committed atmeltables.go.
func TestAtmelTablesUpToDate(t *testing.T) {
	atmelFileText(t, "m128def.inc")
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	src, err := os.ReadFile("generate.go")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^//go:generate go run ./internal/incgen (.*)$`).FindSubmatch(src)
	if m == nil {
		t.Fatal("generate.go has no incgen line")
	}
	out := filepath.Join(t.TempDir(), "atmeltables.go")
	args := append([]string{"run", "./internal/incgen", "-o", out}, strings.Fields(string(m[1]))...)
	if msg, err := exec.Command("go", args...).CombinedOutput(); err != nil {
		t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, msg)
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	committed, err := os.ReadFile("atmeltables.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, committed) {
		t.Error("atmeltables.go differs from what internal/incgen writes now: run go generate ./isa/devreg")
	}
}

// TestAtmelDerived checks the names AtmelInc derives for the parts without an Atmel file from avr-libc's
// values: vector word addresses from the vector numbers (the XMEGA's OSC_XOSCF_vect is vector 1 of
// two-word vectors), the vector table's size, IOEND and the boot section's boundaries in words.
func TestAtmelDerived(t *testing.T) {
	for _, c := range []struct {
		device string
		want   map[string]int64
		absent []string
	}{
		{"atxmega128a1", map[string]int64{"OSC_XOSCF_VECT": 2, "PORTC_INT0_VECT": 4, "INT_VECTORS_SIZE": 250,
			"IOEND": 0xfff, "NRWW_START_ADDR": 0x10000, "NRWW_STOP_ADDR": 0x10fff, "RWW_START_ADDR": 0,
			"RWW_STOP_ADDR": 0xffff, "RAMEND": 0x3fff, "EEADRBITS": 11}, nil},
		{"atmega4809", map[string]int64{"CRCSCAN_NMI_VECT": 2, "BOD_VLM_VECT": 4, "INT_VECTORS_SIZE": 80,
			"IOEND": 0x10ff, "RAMEND": 0x3fff}, []string{"RWW_START_ADDR"}},
	} {
		got := equValues(AtmelInc(c.device))
		for n, v := range c.want {
			if w, ok := got[n]; !ok || w != v {
				t.Errorf("%s: %s = %#x (defined %v), want %#x", c.device, n, w, ok, v)
			}
		}
		for _, n := range c.absent {
			if _, ok := got[n]; ok {
				t.Errorf("%s: %s defined", c.device, n)
			}
		}
		// every vector of avr-libc has its address
		s := Lookup(c.device)
		for _, d := range s.Defs() {
			if name, ok := strings.CutSuffix(d.Name, "_vect_num"); ok {
				if got[strings.ToUpper(name)+"_VECT"] != d.Value*2 {
					t.Errorf("%s: %s_vect = %#x, vector %d", c.device, name, got[strings.ToUpper(name)+"_VECT"], d.Value)
				}
			}
		}
	}
}
