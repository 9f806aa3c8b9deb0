// Command incgen writes package devreg's atmeltables.go: every name Atmel's own AVRASM2 device
// definition files (m128def.inc, m328Pdef.inc, tn85def.inc …) define, with its value, read from the
// copies Debian's avra package installs (/usr/share/avra). Run it from isa/devreg with go generate:
//
//	go run ./internal/incgen -dir /usr/share/avra atmega128=m128def.inc atmega328p=m328Pdef.inc …
//
// Each argument names a device (as avr-gcc's -mmcu does) and its file. The files are read as
// AVRASM2 reads them, for what they define: ".equ NAME = VALUE" (a number, or a name the file
// defined earlier: .equ SMALLBOOTSTART = FIRSTBOOTSTART), ".def NAME = rN" and ".device PART";
// comments, #pragma lines and the include guard define nothing. Any other line is an error, so a
// file of a new form stops the generator instead of losing names.
//
// The tables use the encoding of internal/gen (one front-coded line per name, in the file's order):
// a .equ is a constant ('='), a .def a CPU register alias ('@').
//
// The package is self-contained (no avrlab import), as everything under isa/ is.
package main

import (
	"bufio"
	"bytes"
	"errors"
	"flag"
	"fmt"
	"go/format"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

func main() {
	dir := flag.String("dir", "/usr/share/avra", "the folder of Atmel's device definition files")
	out := flag.String("o", "atmeltables.go", "output file")
	label := flag.String("label", "avra 1.4.2", "how the tables name where the files come from")
	flag.Parse()
	if err := run(*dir, *out, *label, flag.Args()); err != nil {
		fmt.Fprintln(os.Stderr, "incgen:", err)
		os.Exit(1)
	}
}

func run(dir, out, label string, args []string) error {
	if len(args) == 0 {
		return errors.New("no device=file arguments")
	}
	var files []*File
	for _, a := range args {
		dev, name, ok := strings.Cut(a, "=")
		if !ok || dev == "" || name == "" {
			return fmt.Errorf("%q: want device=file", a)
		}
		text, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			return err
		}
		f, err := Parse(name, text)
		if err != nil {
			return err
		}
		f.Device, f.Source = dev, fmt.Sprintf("Atmel's %s %s (%s)", name, f.Version, label)
		files = append(files, f)
	}
	src, err := Generate(files)
	if err != nil {
		return err
	}
	if prev, _ := os.ReadFile(out); bytes.Equal(prev, src) {
		return nil
	}
	return os.WriteFile(out, src, 0o644)
}

// Entry is one name a file defines.
type Entry struct {
	Name  string
	Def   bool  // .def (Value is n for rN); otherwise .equ
	Value int64 // the value, an alias resolved
}

// File is what one device definition file defines.
type File struct {
	Device, Name, Part string // "atmega328p", "m328Pdef.inc", "ATmega328P" (from .device)
	Version, Source    string // "2.35" (the file's Version line), and how the table names it
	Entries            []Entry
}

var (
	equLine     = regexp.MustCompile(`^(?i:\.equ)\s+([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(\S+)$`)
	defLine     = regexp.MustCompile(`^(?i:\.def)\s+([A-Za-z_][A-Za-z0-9_]*)\s*=\s*[rR]([0-9]|[12][0-9]|3[01])$`)
	deviceLine  = regexp.MustCompile(`^(?i:\.device)\s+([A-Za-z0-9]+)$`)
	versionLine = regexp.MustCompile(`^;\*\s*Version\s*:\s*(\S+)`)
	nameRe      = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)
)

// Parse reads a device definition file; see the command's doc for what it takes.
func Parse(name string, text []byte) (*File, error) {
	f := &File{Name: name}
	index := map[string]int{} // upper-case name → Entries index (AVRASM2 ignores case)
	sc := bufio.NewScanner(bytes.NewReader(text))
	for line := 1; sc.Scan(); line++ {
		raw := sc.Text()
		if m := versionLine.FindStringSubmatch(raw); m != nil && f.Version == "" {
			f.Version = m[1]
		}
		s := raw
		if i := strings.IndexByte(s, ';'); i >= 0 {
			s = s[:i]
		}
		s = strings.TrimSpace(s)
		fail := func(msg string) error { return fmt.Errorf("%s:%d: %s: %q", name, line, msg, raw) }
		var e Entry
		switch {
		case s == "", strings.HasPrefix(s, "#pragma"), strings.HasPrefix(s, "#ifndef "),
			strings.HasPrefix(s, "#define "), strings.HasPrefix(s, "#endif"):
			continue
		case deviceLine.MatchString(s):
			if f.Part != "" {
				return nil, fail("a second .device")
			}
			f.Part = deviceLine.FindStringSubmatch(s)[1]
			continue
		case defLine.MatchString(s):
			m := defLine.FindStringSubmatch(s)
			n, _ := strconv.Atoi(m[2])
			e = Entry{Name: m[1], Def: true, Value: int64(n)}
		case equLine.MatchString(s):
			m := equLine.FindStringSubmatch(s)
			v, err := value(m[2], f.Entries, index)
			if err != nil {
				return nil, fail(err.Error())
			}
			e = Entry{Name: m[1], Value: v}
		default:
			return nil, fail("not a line of a device definition file")
		}
		key := strings.ToUpper(e.Name)
		if _, dup := index[key]; dup {
			return nil, fail(e.Name + " defined twice")
		}
		index[key] = len(f.Entries)
		f.Entries = append(f.Entries, e)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if f.Part == "" {
		return nil, fmt.Errorf("%s: no .device line", name)
	}
	if f.Version == "" {
		f.Version = "(no version)"
	}
	return f, nil
}

// value reads a .equ value: a number in AVRASM2's notations (0x1f, $1f, 31, 0b11111) or a name
// defined earlier.
func value(s string, entries []Entry, index map[string]int) (int64, error) {
	if nameRe.MatchString(s) {
		i, ok := index[strings.ToUpper(s)]
		if !ok || entries[i].Def {
			return 0, fmt.Errorf("%s is not a constant defined earlier", s)
		}
		return entries[i].Value, nil
	}
	t := strings.ToLower(s)
	base := 10
	switch {
	case strings.HasPrefix(t, "0x"):
		t, base = t[2:], 16
	case strings.HasPrefix(t, "$"):
		t, base = t[1:], 16
	case strings.HasPrefix(t, "0b"):
		t, base = t[2:], 2
	}
	v, err := strconv.ParseInt(t, base, 64)
	if err != nil {
		return 0, fmt.Errorf("value %q is no number", s)
	}
	return v, nil
}

// encode writes the entries in internal/gen's encoding: '0'+shared prefix, the rest of the name,
// '=' (constant) or '@' (CPU register), the value in lower-case hexadecimal.
func encode(f *File) string {
	const maxPrefix = 'z' - '0'
	var b strings.Builder
	prev := ""
	for _, e := range f.Entries {
		p := 0
		for p < len(prev) && p < len(e.Name) && p < maxPrefix && prev[p] == e.Name[p] {
			p++
		}
		b.WriteByte(byte('0' + p))
		b.WriteString(e.Name[p:])
		if e.Def {
			b.WriteByte('@')
		} else {
			b.WriteByte('=')
		}
		if e.Value < 0 {
			b.WriteString("-" + strconv.FormatUint(uint64(-e.Value), 16))
		} else {
			b.WriteString(strconv.FormatUint(uint64(e.Value), 16))
		}
		b.WriteByte('\n')
		prev = e.Name
	}
	return b.String()
}

func constName(device string) string { return "atmel" + strings.ToUpper(device[:1]) + device[1:] }

// Generate returns the gofmt'ed source of atmeltables.go.
func Generate(files []*File) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString("// Code generated by go run ./internal/incgen; DO NOT EDIT.\n\n")
	b.WriteString("// This file holds every name Atmel's AVRASM2 device definition files define, read from the\n")
	b.WriteString("// copies Debian's avra package installs by internal/incgen, in internal/gen's encoding.\n\n")
	b.WriteString("package devreg\n\n")
	b.WriteString("// atmelTable returns the raw table of Atmel's definition file of a device, or ok false.\n")
	b.WriteString("func atmelTable(device string) (t atmelRaw, ok bool) {\n\tswitch device {\n")
	for _, f := range files {
		fmt.Fprintf(&b, "\tcase %q:\n\t\treturn atmelRaw{file: %q, part: %q, source: %q, data: %s}, true\n",
			f.Device, f.Name, f.Part, f.Source, constName(f.Device))
	}
	b.WriteString("\t}\n\treturn atmelRaw{}, false\n}\n")
	for _, f := range files {
		text := encode(f)
		if strings.Contains(text, "`") {
			return nil, fmt.Errorf("%s: a backquote in the table", f.Name)
		}
		fmt.Fprintf(&b, "\n// %s: %d names, %d bytes.\nconst %s = `\n%s`\n", f.Source, len(f.Entries), len(text),
			constName(f.Device), text)
	}
	return format.Source(b.Bytes())
}
