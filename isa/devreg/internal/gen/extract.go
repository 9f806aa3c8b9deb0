// This file reads the names of one AVR device out of avr-libc's device headers, using avr-gcc's
// preprocessor as the parser. For a device, Extract makes two avr-gcc calls:
//
//  1. avr-gcc -mmcu=DEV -x assembler-with-cpp -E -dD /dev/null -include avr/io.h lists every macro the
//     headers define, with the file that defines it. The candidates are the object-like macros of the
//     device's own headers: the files of the avr/ directory except sfr_defs.h and version.h (io.h,
//     ioXXX.h, common.h, portpins.h, xmega.h, fuse.h, lock.h).
//  2. One generated source file includes <avr/io.h> and expands every candidate twice, once as the
//     headers define it (the value an assembler source sees) and once with _SFR_IO8 … _SFR_MEM32
//     redefined to markers (which names are registers, of which width and address space). avr-gcc -E
//     does all the expansion; Eval only evaluates the integer expressions left, of literals and
//     operators, and fails on anything malformed.
//
// An empty expansion is a flag (for #ifdef), rN a CPU register alias (XL → r26), __vector_N an interrupt
// vector's name (TIMER0_OVF_vect, SIG_OVERFLOW0: _VECTOR(N)). A candidate whose expansion is none of
// these and no integer expression (fuse values with C casts, strings) is not usable in assembler and
// is left out, as is a name the headers poison.
// The test of package devreg checks every value of the tables against avr-gcc -E.

package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

// Kind says how avr-libc defines a name; the values are package devreg's Kind.
type Kind uint8

// The kinds.
const (
	Const  Kind = iota // an integer constant: a bit number, bit mask, size or address
	Flag               // defined with an empty body, for #ifdef (__AVR_HAVE_PRPD_SPI)
	CPUReg             // an alias of a CPU register: XL is r26, Value 26
	IO8                // _SFR_IO8(io): an 8-bit register in I/O space, value io + __SFR_OFFSET
	IO16               // _SFR_IO16(io): a 16-bit register pair in I/O space
	MEM8               // _SFR_MEM8(addr): an 8-bit register at a data-space address
	MEM16              // _SFR_MEM16(addr)
	MEM32              // _SFR_MEM32(addr)
	Vector             // _VECTOR(n): an interrupt vector's handler symbol __vector_n (TIMER0_OVF_vect)
)

// Entry is one name the headers define.
type Entry struct {
	Name string
	Kind Kind
	// Value is what the name evaluates to in an assembler source with the default __SFR_OFFSET: the
	// data-space address for a register, the number for a constant, n for a CPU register rn, 0 for a
	// flag.
	Value int64
}

// Macro returns the avr-libc macro defining a register of kind k ("_SFR_IO8"), "" for another kind.
func Macro(k Kind) string {
	switch k {
	case IO8:
		return "_SFR_IO8"
	case IO16:
		return "_SFR_IO16"
	case MEM8:
		return "_SFR_MEM8"
	case MEM16:
		return "_SFR_MEM16"
	case MEM32:
		return "_SFR_MEM32"
	}
	return ""
}

// Device is the extraction of one device.
type Device struct {
	Name string // avr-gcc -mmcu name
	Part string // the part as avr-libc spells it, from __AVR_ATmega128__: "ATmega128"
	// Source names the headers read, e.g. "avr-libc 2.0.0" (the installed one) or the label given for
	// an upstream tree.
	Source string
	// SFROffset is __SFR_OFFSET as the headers set it by default (0x20 classic, 0 on AVRxm/AVRxt).
	SFROffset int64
	Entries   []Entry // in the order the headers first define them
}

// Fallback says how to preprocess, with an upstream avr-libc include tree, a device that the installed
// avr-gcc or avr-libc does not know.
type Fallback struct {
	MMCU    string   // the architecture to compile for, e.g. "avrxmega3"
	Defines []string // what -mmcu=DEV would predefine, e.g. "__AVR_ATmega4809__"
}

// Config says where the headers come from.
type Config struct {
	GCC string // the avr-gcc binary; "" means avr-gcc on PATH
	// Upstream is an avr-libc include directory (the include/ of an avr-libc source tree) used for the
	// devices of Fallbacks, which the installed avr-libc lacks; "" leaves them unsupported.
	Upstream      string
	UpstreamLabel string // how Device.Source names Upstream, e.g. "avr-libc git b6c2bb81"
	Fallbacks     map[string]Fallback
}

// DefaultFallbacks are the supported devices that Debian's avr-libc 2.0.0 and avr-gcc 5.4 lack: the
// ATmega4809 (AVRxt, avr-gcc's avrxmega3 architecture, avr-libc ≥ 2.1's iom4809.h).
func DefaultFallbacks() map[string]Fallback {
	return map[string]Fallback{
		"atmega4809": {MMCU: "avrxmega3", Defines: []string{"__AVR_ATmega4809__", "__AVR_DEVICE_NAME__=atmega4809"}},
	}
}

// ErrNoHeaders is returned (wrapped) by [Extract] for a device that needs Config.Upstream when none is
// given.
var ErrNoHeaders = errors.New("device not in the installed avr-libc and no upstream avr-libc include directory given")

func (c *Config) gcc() string {
	if c.GCC == "" {
		return "avr-gcc"
	}
	return c.GCC
}

// Args returns the avr-gcc arguments that select the device's headers (-mmcu=DEV, or the fallback's
// architecture, defines and -I Upstream), and the Source label of an upstream tree ("" otherwise).
func (c *Config) Args(device string) ([]string, string, error) {
	fb, ok := c.Fallbacks[device]
	if !ok {
		return []string{"-mmcu=" + device}, "", nil
	}
	if c.Upstream == "" {
		return nil, "", fmt.Errorf("%s: %w", device, ErrNoHeaders)
	}
	a := []string{"-mmcu=" + fb.MMCU, "-I", c.Upstream}
	for _, d := range fb.Defines {
		a = append(a, "-D"+d)
	}
	label := c.UpstreamLabel
	if label == "" {
		label = "upstream avr-libc"
	}
	return a, label, nil
}

// Run runs avr-gcc with args and stdin as its standard input, and returns its standard output; any
// message on standard error is an error.
func (c *Config) Run(args []string, stdin string) ([]byte, error) {
	cmd := exec.Command(c.gcc(), args...)
	cmd.Stdin = strings.NewReader(stdin)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("%s %s: %v: %s", c.gcc(), strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	if s := strings.TrimSpace(stderr.String()); s != "" {
		// avr/io.h warns "device type not defined" when it does not know the part: never a valid table.
		return nil, fmt.Errorf("%s %s: %s", c.gcc(), strings.Join(args, " "), s)
	}
	return out, nil
}

// runProbe preprocesses the probe of names. The headers define some names only to poison them
// (#pragma GCC poison MCUSR: a deprecated name that must not be used), which -dD does not show: the
// preprocessor's errors name them, and they are dropped from names before a second run.
func (c *Config) runProbe(args []string, names *[]string) ([]byte, error) {
	out, err := c.Run(args, probe(*names))
	if err == nil {
		return out, nil
	}
	poisoned := map[string]bool{}
	for _, m := range poisonError.FindAllStringSubmatch(err.Error(), -1) {
		poisoned[m[1]] = true
	}
	if len(poisoned) == 0 {
		return nil, err
	}
	kept := (*names)[:0]
	for _, n := range *names {
		if !poisoned[n] {
			kept = append(kept, n)
		}
	}
	*names = kept
	return c.Run(args, probe(*names))
}

var (
	cpuReg      = regexp.MustCompile(`^r([0-9]|[12][0-9]|3[01])$`)
	vectorSym   = regexp.MustCompile(`^__vector_([0-9]+)$`)
	partDefine  = regexp.MustCompile(`^#define __AVR_(AT[A-Za-z0-9]+)__ 1$`)
	poisonError = regexp.MustCompile(`error: attempt to use poisoned "([A-Za-z0-9_]+)"`)
	lineMarker  = regexp.MustCompile(`^# [0-9]+ "([^"]*)"`)
	defineLine  = regexp.MustCompile(`^#define ([A-Za-z_][A-Za-z0-9_]*)(\(?)`)
	undefLine   = regexp.MustCompile(`^#undef ([A-Za-z_][A-Za-z0-9_]*)`)
)

// deviceFile reports whether a header file is one of the device's own: avr/*.h except the generic
// sfr_defs.h and version.h.
func deviceFile(path string) bool {
	if filepath.Base(filepath.Dir(path)) != "avr" {
		return false
	}
	switch filepath.Base(path) {
	case "sfr_defs.h", "version.h":
		return false
	}
	return true
}

// candidates lists the object-like macros the device's headers leave defined, in first-definition
// order, from avr-gcc -E -dD output.
func candidates(dD []byte) (names []string, part string) {
	var order []string
	defined := map[string]bool{}
	seen := map[string]bool{}
	file := ""
	sc := bufio.NewScanner(bytes.NewReader(dD))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if m := lineMarker.FindStringSubmatch(line); m != nil {
			file = m[1]
			continue
		}
		if m := undefLine.FindStringSubmatch(line); m != nil {
			delete(defined, m[1])
			continue
		}
		if m := partDefine.FindStringSubmatch(line); m != nil && !deviceFile(file) {
			part = m[1]
		}
		m := defineLine.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		name := m[1]
		if m[2] == "(" || !deviceFile(file) {
			delete(defined, name) // function-like, or (re)defined outside the device headers
			continue
		}
		defined[name] = true
		if !seen[name] {
			seen[name] = true
			order = append(order, name)
		}
	}
	for _, n := range order {
		if defined[n] {
			names = append(names, n)
		}
	}
	return names, part
}

const (
	valueTag = "DEVREG_VALUE"
	kindTag  = "DEVREG_KIND"
)

// probe is the source expanding every name twice; see the package doc.
func probe(names []string) string {
	var b strings.Builder
	b.WriteString("#include <avr/io.h>\n")
	for i, n := range names {
		fmt.Fprintf(&b, "%s %d %s\n", valueTag, i, n)
	}
	for k := IO8; k <= MEM32; k++ {
		fmt.Fprintf(&b, "#undef %s\n#define %s(a) DEVREG_%d (a)\n", Macro(k), Macro(k), k)
	}
	for i, n := range names {
		fmt.Fprintf(&b, "%s %d %s\n", kindTag, i, n)
	}
	return b.String()
}

// registerForm is the marker expansion of a register: DEVREG_k (arg), possibly in parentheses, with
// arg balanced (so ((DEVREG_1 (0x3F)) - 0x20), an address computed from a register, is not one).
var registerForm = regexp.MustCompile(`^\(*\s*DEVREG_([3-7]) \(((?:[^()]|\([^()]*\))*)\)\s*\)*$`)

// Extract reads the device's names through avr-gcc.
func Extract(cfg Config, device string) (*Device, error) {
	sel, label, err := cfg.Args(device)
	if err != nil {
		return nil, err
	}
	base := append(sel, "-x", "assembler-with-cpp", "-E")
	dD, err := cfg.Run(append(append([]string{}, base...), "-dD", "-include", "avr/io.h", "-"), "")
	if err != nil {
		return nil, err
	}
	names, part := candidates(dD)
	if len(names) == 0 {
		return nil, fmt.Errorf("%s: avr/io.h defines no device macros", device)
	}
	if !strings.EqualFold(part, device) {
		return nil, fmt.Errorf("%s: the compiler predefines __AVR_%s__", device, part)
	}
	names = append(names, "__SFR_OFFSET", "__AVR_LIBC_VERSION_STRING__")
	out, err := cfg.runProbe(append(append([]string{}, base...), "-P", "-"), &names)
	if err != nil {
		return nil, err
	}
	values := make([]string, len(names))
	kinds := make([]string, len(names))
	got := 0
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		f := strings.SplitN(strings.TrimSpace(sc.Text()), " ", 3)
		if len(f) < 2 || (f[0] != valueTag && f[0] != kindTag) {
			continue
		}
		var i int
		if _, err := fmt.Sscan(f[1], &i); err != nil || i < 0 || i >= len(names) {
			return nil, fmt.Errorf("%s: bad probe line %q", device, sc.Text())
		}
		text := ""
		if len(f) == 3 {
			text = f[2]
		}
		if f[0] == valueTag {
			values[i] = text
		} else {
			kinds[i] = text
		}
		got++
	}
	if got != 2*len(names) {
		return nil, fmt.Errorf("%s: %d of %d probe lines in the preprocessor output", device, got, 2*len(names))
	}
	dev := &Device{Name: device, Part: part, Source: label}
	last := len(names) - 2
	off, ok, err := Eval(values[last])
	if err != nil || !ok {
		return nil, fmt.Errorf("%s: __SFR_OFFSET is %q", device, values[last])
	}
	dev.SFROffset = off
	if dev.Source == "" {
		v := strings.Trim(values[last+1], `"`)
		if v == "" || v == "__AVR_LIBC_VERSION_STRING__" {
			return nil, fmt.Errorf("%s: no avr-libc version", device)
		}
		dev.Source = "avr-libc " + v
	}
	for i, n := range names[:last] {
		if values[i] == "" {
			dev.Entries = append(dev.Entries, Entry{Name: n, Kind: Flag})
			continue
		}
		if m := cpuReg.FindStringSubmatch(values[i]); m != nil {
			r, _ := strconv.Atoi(m[1])
			dev.Entries = append(dev.Entries, Entry{Name: n, Kind: CPUReg, Value: int64(r)})
			continue
		}
		if m := vectorSym.FindStringSubmatch(values[i]); m != nil {
			// TIMER0_OVF_vect: _VECTOR(14), the symbol __vector_14 an assembler handler defines.
			v, err := strconv.Atoi(m[1])
			if err != nil {
				return nil, fmt.Errorf("%s: %s expands to %q", device, n, values[i])
			}
			dev.Entries = append(dev.Entries, Entry{Name: n, Kind: Vector, Value: int64(v)})
			continue
		}
		v, ok, err := Eval(values[i])
		if err != nil {
			return nil, fmt.Errorf("%s: %s expands to %q: %v", device, n, values[i], err)
		}
		if !ok {
			continue
		}
		e := Entry{Name: n, Kind: Const, Value: v}
		if m := registerForm.FindStringSubmatch(kinds[i]); m != nil {
			e.Kind = Kind(m[1][0] - '0')
			arg, ok, err := Eval(m[2])
			if err != nil || !ok {
				return nil, fmt.Errorf("%s: %s: register argument %q", device, n, m[2])
			}
			want := arg
			if e.Kind == IO8 || e.Kind == IO16 {
				want += off
			}
			if want != v {
				return nil, fmt.Errorf("%s: %s: %s(%#x) evaluates to %#x", device, n, Macro(e.Kind), arg, v)
			}
		}
		dev.Entries = append(dev.Entries, e)
	}
	return dev, nil
}

// UpstreamFromEnv returns the upstream include directory named by AVRLIBC_UPSTREAM, if it holds
// avr/io.h, and its label from AVRLIBC_UPSTREAM_LABEL.
func UpstreamFromEnv() (dir, label string) {
	dir = os.Getenv("AVRLIBC_UPSTREAM")
	if dir == "" {
		return "", ""
	}
	if _, err := os.Stat(filepath.Join(dir, "avr", "io.h")); err != nil {
		return "", ""
	}
	return dir, os.Getenv("AVRLIBC_UPSTREAM_LABEL")
}
