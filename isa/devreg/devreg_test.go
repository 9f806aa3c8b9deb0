package devreg

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/avrlab/avrlab/internal/oracle"
	"github.com/avrlab/avrlab/isa"
)

// gccArgs returns the avr-gcc arguments that select a device's headers, as internal/gen's
// DefaultFallbacks does: -mmcu=DEV, or for the ATmega4809, which Debian's avr-gcc 5.4 and avr-libc 2.0.0
// lack, its architecture and the avr-libc tree of $AVRLIBC_UPSTREAM. Without that tree the subtest is
// skipped.
func gccArgs(t *testing.T, device string) []string {
	t.Helper()
	if device != "atmega4809" {
		return []string{"-mmcu=" + device}
	}
	dir := os.Getenv("AVRLIBC_UPSTREAM")
	if _, err := os.Stat(filepath.Join(dir, "avr", "iom4809.h")); dir == "" || err != nil {
		t.Skip("Debian's avr-libc 2.0.0 has no header for the ATmega4809; set AVRLIBC_UPSTREAM to the include/ of avr-libc ≥ 2.1 to check it")
	}
	return []string{"-mmcu=avrxmega3", "-I", dir, "-D__AVR_ATmega4809__", "-D__AVR_DEVICE_NAME__=atmega4809"}
}

// runGCC runs avr-gcc with stdin and returns its output; a message on standard error is an error.
func runGCC(args []string, stdin string) ([]byte, error) {
	cmd := exec.Command("avr-gcc", args...)
	cmd.Stdin = strings.NewReader(stdin)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err == nil && stderr.Len() > 0 {
		err = errors.New("messages on standard error")
	}
	if err != nil {
		return nil, fmt.Errorf("avr-gcc %s: %v: %s", strings.Join(args, " "), err, stderr.String())
	}
	return out, nil
}

func TestDevices(t *testing.T) {
	if got, want := Devices(), isa.DeviceNames(); !reflect.DeepEqual(got, want) {
		t.Fatalf("Devices() = %v, isa.DeviceNames() = %v", got, want)
	}
	for _, d := range Devices() {
		s := Lookup(strings.ToUpper(d))
		if s == nil || s.Device != d || len(s.Defs()) == 0 {
			t.Fatalf("Lookup(%q) = %+v", strings.ToUpper(d), s)
		}
	}
	if Lookup("atmega1") != nil || Lookup("") != nil || IncFile("atmega1") != "" || AtmelInc("x") != "" || IncDevice("m1def.inc") != "" {
		t.Fatal("an unknown device has a table")
	}
}

// TestAgainstIsa checks the tables against the facts isa.Device keeps, which come from the datasheets
// and ../shared/docs/avr-timing.md: two sources that must agree, the ATmega4809 included (whose headers
// this machine lacks).
func TestAgainstIsa(t *testing.T) {
	for _, name := range isa.DeviceNames() {
		t.Run(name, func(t *testing.T) {
			d, s := isa.LookupDevice(name), Lookup(name)
			want := map[string]int64{
				"SREG": int64(d.SREG), "SPL": int64(d.SPL), "SPH": int64(d.SPL) + 1, "RAMEND": int64(d.RAMEND()),
				"FLASHEND": int64(d.Flash - 1),
			}
			// E2END is a data-space address where EEPROM is mapped (ATmega4809: EEPROM_START 0x1400).
			e2start, _ := s.Value("EEPROM_START")
			want["E2END"] = e2start + int64(d.EEPROM-1)
			if d.RAMPZ != 0 {
				want["RAMPZ"] = int64(d.RAMPZ)
			}
			if d.EIND != 0 {
				want["EIND"] = int64(d.EIND)
			}
			if d.MappedFlash != 0 {
				want["MAPPED_PROGMEM_START"] = int64(d.MappedFlash)
			}
			for reg, addr := range d.Registers {
				want[reg] = int64(addr)
			}
			for n, v := range want {
				if got, ok := s.Value(n); !ok || got != v {
					t.Errorf("%s = %#x (defined %v), isa says %#x", n, got, ok, v)
				}
			}
			start, ok := s.Value("RAMSTART")
			if !ok {
				start, ok = s.Value("INTERNAL_SRAM_START")
			}
			if !ok || start != int64(d.SRAMStart) {
				t.Errorf("RAMSTART = %#x, isa says %#x", start, d.SRAMStart)
			}
			if s.SFROffset != int(d.IOBase) {
				t.Errorf("SFROffset = %#x, isa IOBase %#x", s.SFROffset, d.IOBase)
			}
			sreg, _ := s.Def("SREG")
			if io, ok := s.IOAddr(sreg); !ok || io != 0x3F {
				t.Errorf("IOAddr(SREG) = %#x, %v; want 0x3f", io, ok)
			}
		})
	}
}

// checkSource returns an assembler-with-cpp source that includes <avr/io.h> and, for every name of s,
// fails with "#error devreg NAME" unless the preprocessor's value of NAME is the table's: constants and
// flags as they are, CPU register aliases through r0…r31 redefined as 1000+n, registers through the
// _SFR_ macros redefined to tag their kind (kind<<32 + argument), so that each check tests the kind and
// the argument, not only the address.
func checkSource(s *Set) (src string, lineName map[int]string) {
	var b strings.Builder
	lineName = map[int]string{}
	line := 1
	emit := func(name, format string, args ...any) {
		text := fmt.Sprintf(format, args...)
		if name != "" { // an #if line and its #error: an error on either is name's
			lineName[line], lineName[line+1] = name, name
			text += fmt.Sprintf("#error devreg %s\n#endif\n", name)
		}
		b.WriteString(text)
		line += strings.Count(text, "\n")
	}
	emit("", "#include <avr/io.h>\n")
	for _, d := range s.defs {
		switch d.Kind {
		case Const:
			emit(d.Name, "#if !defined(%s) || (%s) != (%d)\n", d.Name, d.Name, d.Value)
		case Flag:
			emit(d.Name, "#if !defined(%s) || (%s 7 + 1) != 8\n", d.Name, d.Name)
		}
	}
	for r := 0; r < 32; r++ {
		emit("", "#define r%d %d\n", r, 1000+r)
	}
	emit("", "#undef _VECTOR\n#define _VECTOR(n) (2000 + (n))\n")
	for k := IO8; k <= MEM32; k++ {
		emit("", "#undef %s\n#define %s(a) ((a) + %#x)\n", k, k, uint64(k)<<32)
	}
	for _, d := range s.defs {
		switch {
		case d.Kind == CPUReg:
			emit(d.Name, "#if !defined(%s) || (%s) != %d\n", d.Name, d.Name, 1000+d.Value)
		case d.Kind == Vector:
			emit(d.Name, "#if !defined(%s) || (%s) != %d\n", d.Name, d.Name, 2000+d.Value)
		case d.Kind.IsRegister():
			arg := d.Value
			if d.Kind == IO8 || d.Kind == IO16 {
				arg -= int64(s.SFROffset)
			}
			emit(d.Name, "#if !defined(%s) || (%s) != %#x\n", d.Name, d.Name, uint64(d.Kind)<<32+uint64(arg))
		}
	}
	emit("", "devreg_checked\n")
	return b.String(), lineName
}

var checkError = regexp.MustCompile(`<stdin>:([0-9]+):[0-9]+: error: ([^\n]*)`)

// runCheck preprocesses checkSource(s) with args and returns the names whose check failed, sorted. An
// error it cannot put on a name fails the test.
func runCheck(t *testing.T, args []string, s *Set) []string {
	t.Helper()
	args = append(append([]string{}, args...), "-x", "assembler-with-cpp", "-E", "-P", "-")
	src, lineName := checkSource(s)
	out, err := runGCC(args, src)
	if err != nil {
		bad := map[string]bool{}
		for _, m := range checkError.FindAllStringSubmatch(err.Error(), -1) {
			n, _ := strconv.Atoi(m[1])
			name, ok := lineName[n]
			if !ok {
				t.Fatalf("line %d: %s", n, m[2])
			}
			bad[name] = true
		}
		if len(bad) == 0 {
			t.Fatal(err)
		}
		var names []string
		for n := range bad {
			names = append(names, n)
		}
		sort.Strings(names)
		return names
	}
	if !bytes.Contains(out, []byte("devreg_checked")) {
		t.Fatalf("no output from the check:\n%s", out)
	}
	return nil
}

// checkAll fails the test for every name runCheck reports.
func checkAll(t *testing.T, args []string, s *Set) {
	t.Helper()
	bad := runCheck(t, args, s)
	if len(bad) == 0 {
		return
	}
	var list []string
	for _, n := range bad {
		d, _ := s.Def(n)
		list = append(list, fmt.Sprintf("%s (%v %#x)", n, d.Kind, d.Value))
	}
	if len(list) > 20 {
		list = append(list[:20], fmt.Sprintf("and %d more", len(list)-20))
	}
	t.Fatalf("%d of %d names differ from avr-gcc -E: %s", len(bad), len(s.defs), strings.Join(list, ", "))
}

// TestCheckCatches shows the check fails where it must: a table with a wrong register kind, a wrong
// address, a wrong constant, a constant passed off as a flag and a wrong alias reports exactly those.
func TestCheckCatches(t *testing.T) {
	oracle.NeedGNU(t)
	s := Lookup("atmega128")
	bad := &Set{Device: s.Device, SFROffset: s.SFROffset, defs: s.Defs(), index: s.index}
	mutate := map[string]func(*Def){
		"PORTB":  func(d *Def) { d.Kind = MEM8 },  // same address, other macro
		"TCNT1":  func(d *Def) { d.Value++ },      // address
		"UBRR0H": func(d *Def) { d.Kind = MEM16 }, // width
		"PB3":    func(d *Def) { d.Value = 4 },    // bit number
		"RAMEND": func(d *Def) { d.Kind = Flag },  // not empty
		"XL":     func(d *Def) { d.Value = 27 },   // alias
	}
	for n, f := range mutate {
		i, ok := bad.index[n]
		if !ok {
			t.Fatalf("%s not in the table", n)
		}
		f(&bad.defs[i])
	}
	got := runCheck(t, gccArgs(t, "atmega128"), bad)
	var want []string
	for _, d := range bad.defs {
		if mutate[d.Name] != nil {
			want = append(want, d.Name)
		}
	}
	sort.Strings(want)
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("the check reported %v, want %v", got, want)
	}
}

// TestOracle checks every name of every table (registers with kind and address, bits, constants,
// flags, aliases) against avr-gcc -E on the real avr-libc headers: one avr-gcc call per device.
func TestOracle(t *testing.T) {
	oracle.NeedGNU(t)
	for _, name := range Devices() {
		t.Run(name, func(t *testing.T) {
			checkAll(t, gccArgs(t, name), Lookup(name))
		})
	}
}

// TestDefinesHeader checks Set.Defines as a built-in <avr/io.h> would use it: the same check, with
// avr/io.h replaced by avr-libc's sfr_defs.h plus Defines, gives avr-libc's values for every name.
func TestDefinesHeader(t *testing.T) {
	oracle.NeedGNU(t)
	for _, name := range Devices() {
		t.Run(name, func(t *testing.T) {
			args := gccArgs(t, name)
			s := Lookup(name)
			dir := t.TempDir()
			if err := os.Mkdir(filepath.Join(dir, "avr"), 0o755); err != nil {
				t.Fatal(err)
			}
			io := "#include <avr/sfr_defs.h>\n" + s.Defines()
			if err := os.WriteFile(filepath.Join(dir, "avr", "io.h"), []byte(io), 0o644); err != nil {
				t.Fatal(err)
			}
			checkAll(t, append([]string{"-I", dir}, args...), s)
		})
	}
}

// TestTablesUpToDate runs the generator on the headers of this machine and compares its output with
// the committed tables.go, so a stale table fails. A device whose headers are missing (the ATmega4809
// without $AVRLIBC_UPSTREAM) keeps its committed table, and the rest is compared.
func TestTablesUpToDate(t *testing.T) {
	oracle.NeedGNU(t)
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	out := filepath.Join(t.TempDir(), "tables.go")
	args := append([]string{"run", "./internal/gen", "-o", out, "-keep", "tables.go"}, isa.DeviceNames()...)
	if msg, err := exec.Command("go", args...).CombinedOutput(); err != nil {
		t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, msg)
	} else if len(msg) > 0 {
		t.Logf("%s", msg)
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("tables.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Error("tables.go differs from what the generator writes now: run go generate ./isa/devreg")
	}
}

// TestCommittedTables checks the committed file without a toolchain: the generated-file line, every
// table decodes, names are unique and every register has its width.
func TestCommittedTables(t *testing.T) {
	src, err := os.ReadFile("tables.go")
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`(?m)^// Code generated .* DO NOT EDIT\.$`).Match(src) {
		t.Error("tables.go lacks the Code generated … DO NOT EDIT. line")
	}
	for _, name := range Devices() {
		raw, _ := table(name)
		defs, err := decode(raw.data)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		seen := map[string]bool{}
		for _, d := range defs {
			if seen[d.Name] {
				t.Errorf("%s: %s twice", name, d.Name)
			}
			seen[d.Name] = true
			if d.Kind.IsRegister() != (d.Size() > 0) || d.Kind > Vector {
				t.Errorf("%s: %+v", name, d)
			}
		}
	}
}

// TestDecode covers the corners of the encoding: a shared prefix of 16 written '@' (a kind character),
// the prefix cap of 74, negative and large values, flags.
func TestDecode(t *testing.T) {
	long := strings.Repeat("A", 80)
	text := "\n0PORTA_DIR$600\n9SET$601\n0ABCDEFGHIJKLMNOPQ#4c\n@_&f0\n0P.\n0" + long + "%10000000000\nz" + long[74:] + "B@1a\n0x=-5\n0y=7fffffffffffffff\n"
	want := []Def{
		{"PORTA_DIR", MEM8, 0x600}, {"PORTA_DIRSET", MEM8, 0x601}, {"ABCDEFGHIJKLMNOPQ", IO16, 0x4c},
		{"ABCDEFGHIJKLMNOP_", MEM32, 0xf0}, {"P", Flag, 0}, {long, MEM16, 1 << 40}, {long + "B", CPUReg, 26},
		{"x", Const, -5}, {"y", Const, 1<<63 - 1},
	}
	got, err := decode(text)
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("decode = %+v, %v\nwant %+v", got, err, want)
	}
	for _, bad := range []string{
		"0A=1", "\n\n", "5A=1\n", "0A\n", "0=1\n", "0A=zz\n", "0A.1\n", "0A=-\n", "0A=8000000000000000\n", "|A=1\n", "{A=1\n",
	} {
		if _, err := decode(bad); err == nil {
			t.Errorf("decode(%q) = nil error", bad)
		}
	}
}

// atmelFiles are the Atmel device definition files Debian's avra ships, for the devices that have one.
var atmelFiles = map[string]string{
	"atmega128": "m128def.inc", "atmega328p": "m328Pdef.inc", "atmega2560": "m2560def.inc",
	"attiny85": "tn85def.inc", "attiny45": "tn45def.inc",
}

// TestAtmelIncNames checks that no name AtmelInc defines is an instruction mnemonic, which AVRASM2
// (case-insensitive) would refuse, and that none repeats.
func TestAtmelIncNames(t *testing.T) {
	def := regexp.MustCompile(`(?m)^\.(?:equ|def)\t(\w+)\t=`)
	for _, device := range Devices() {
		seen := map[string]bool{}
		for _, m := range def.FindAllStringSubmatch(AtmelInc(device), -1) {
			if isa.Lookup(m[1]) != nil {
				t.Errorf("%s: %s is an instruction", device, m[1])
			}
			if u := strings.ToUpper(m[1]); seen[u] {
				t.Errorf("%s: %s twice", device, m[1])
			} else {
				seen[u] = true
			}
		}
		if len(seen) < 200 {
			t.Errorf("%s: only %d names", device, len(seen))
		}
	}
}

// TestAtmelIncAvra assembles, with avra, a program that includes each generated file and stores every
// .equ name as two words, and compares the words with the values.
func TestAtmelIncAvra(t *testing.T) {
	oracle.NeedAvra(t) // under CI a missing avra fails the test
	for _, device := range Devices() {
		t.Run(device, func(t *testing.T) {
			dir := t.TempDir()
			inc := AtmelInc(device)
			file := IncFile(device)
			text := inc
			if !avraKnows(t, Lookup(device).Part) {
				// avra 1.4.2 knows no XMEGA and no AVRxt part: the rest of the file is still checked.
				text = strings.Replace(text, "\n.device ", "\n; .device ", 1)
			}
			if err := os.WriteFile(filepath.Join(dir, file), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, f := range equLine.FindAllStringSubmatch(inc, -1) {
				names = append(names, f[1])
			}
			var src strings.Builder
			fmt.Fprintf(&src, ".include \"%s\"\n.cseg\n", file)
			for _, n := range names {
				fmt.Fprintf(&src, ".dw (%s) & 0xffff, ((%s) >> 16) & 0xffff\n", n, n)
			}
			src.WriteString("mov XL, ZH\n") // the .def aliases: MOV 0010 11rd dddd rrrr, d 26, r 31
			if err := os.WriteFile(filepath.Join(dir, "t.asm"), []byte(src.String()), 0o644); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command("avra", "t.asm")
			cmd.Dir = dir
			out, err := cmd.CombinedOutput()
			warnings := regexp.MustCompile(`(?m)^.*Warning.*$`).FindAllString(string(out), -1)
			for _, w := range warnings {
				if !strings.Contains(w, "No .DEVICE definition found") {
					err = errors.New(w)
				}
			}
			if err != nil || bytes.Contains(out, []byte(": Error")) {
				t.Fatalf("avra: %v\n%s", err, lastLines(out, 20))
			}
			words := readHex(t, filepath.Join(dir, "t.hex"))
			want := equValues(inc)
			if len(words) != 2*len(names)+1 {
				t.Fatalf("%d words for %d names", len(words), len(names))
			}
			for i, n := range names {
				got := int64(words[2*i]) | int64(words[2*i+1])<<16
				if w := want[strings.ToUpper(n)] & 0xffffffff; got != w {
					t.Errorf("%s: avra reads %#x, the file says %#x", n, got, w)
				}
			}
			if words[len(words)-1] != 0x2faf {
				t.Errorf("mov XL, ZH = %#04x, want 0x2faf (mov r26, r31)", words[len(words)-1])
			}
		})
	}
}

// avraKnows reports whether avra --devices lists the part.
func avraKnows(t *testing.T, part string) bool {
	out, err := exec.Command("avra", "--devices").CombinedOutput()
	if err != nil {
		t.Fatalf("avra --devices: %v", err)
	}
	return regexp.MustCompile(`(?m)^\s*` + regexp.QuoteMeta(part) + `\s*\|`).Match(out)
}

func lastLines(b []byte, n int) string {
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

// readHex reads the little-endian words of an Intel HEX file's data records, in address order from 0.
func readHex(t *testing.T, path string) []uint16 {
	t.Helper()
	text, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var mem []byte
	base := 0
	for _, line := range strings.Fields(string(text)) {
		if len(line) < 11 || line[0] != ':' {
			t.Fatalf("bad HEX line %q", line)
		}
		var rec []byte
		for i := 1; i+1 < len(line); i += 2 {
			v, err := strconv.ParseUint(line[i:i+2], 16, 8)
			if err != nil {
				t.Fatalf("bad HEX line %q", line)
			}
			rec = append(rec, byte(v))
		}
		n, addr, typ := int(rec[0]), int(rec[1])<<8|int(rec[2]), rec[3]
		switch typ {
		case 0:
			end := base + addr + n
			for len(mem) < end {
				mem = append(mem, 0xff)
			}
			copy(mem[base+addr:], rec[4:4+n])
		case 2:
			base = (int(rec[4])<<8 | int(rec[5])) << 4
		case 4:
			base = (int(rec[4])<<8 | int(rec[5])) << 16
		}
	}
	words := make([]uint16, len(mem)/2)
	for i := range words {
		words[i] = uint16(mem[2*i]) | uint16(mem[2*i+1])<<8
	}
	return words
}

// TestLookup pins a few values from the datasheets (ATmega128 DS 2467, register summary; ATmega328P
// DS40002061, register summary; ATxmega128A1 DS 8067 PORTA at 0x0600; ATmega4809 DS40002173 PORTA at
// 0x0400), independent of avr-libc.
func TestLookup(t *testing.T) {
	for _, c := range []struct {
		device, name string
		kind         Kind
		value        int64
		io           int // -1: none
	}{
		{"atmega128", "PORTB", IO8, 0x38, 0x18},
		{"atmega128", "UBRR0H", MEM8, 0x90, -1},
		{"atmega128", "TCNT1", IO16, 0x4C, 0x2C},
		{"atmega128", "PB3", Const, 3, -1},
		{"atmega128", "XL", CPUReg, 26, -1},
		{"atmega328p", "PORTB", IO8, 0x25, 0x05},
		{"atmega328p", "UDR0", MEM8, 0xC6, -1},
		{"atmega328p", "PINB0", Const, 0, -1},
		{"atmega328p", "SPM_PAGESIZE", Const, 128, -1},
		{"attiny85", "USIDR", IO8, 0x2F, 0x0F},
		{"atxmega128a1", "PORTA_DIR", MEM8, 0x0600, -1},
		{"atxmega128a1", "VPORT0_OUT", MEM8, 0x0011, 0x11},
		{"atxmega128a1", "PORT_INT0LVL_gm", Const, 0x03, -1},
		{"atmega4809", "PORTA_DIR", MEM8, 0x0400, -1},
		{"atmega4809", "USART0_TXDATAL", MEM8, 0x0802, -1},
		{"atmega4809", "PIN3_bp", Const, 3, -1},
	} {
		s := Lookup(c.device)
		d, ok := s.Def(c.name)
		if !ok || d.Kind != c.kind || d.Value != c.value {
			t.Errorf("%s %s = %+v (%v), want %v %#x", c.device, c.name, d, ok, c.kind, c.value)
			continue
		}
		io, ok := s.IOAddr(d)
		if !ok {
			io = -1
		}
		if io != c.io {
			t.Errorf("%s IOAddr(%s) = %#x, want %#x", c.device, c.name, io, c.io)
		}
	}
	regs := Lookup("atmega128").Registers()
	for i := 1; i < len(regs); i++ {
		if regs[i-1].Value > regs[i].Value || !regs[i].Kind.IsRegister() {
			t.Fatalf("Registers not sorted by address: %v, %v", regs[i-1], regs[i])
		}
	}
}

// BenchmarkLookup decodes the largest table (the ATxmega128A1's).
func BenchmarkLookup(b *testing.B) {
	for b.Loop() {
		if Lookup("atxmega128a1") == nil {
			b.Fatal("no table")
		}
	}
}

// TestExtendedPointerBits checks isa.Device.RAMPZBits and EINDBits: a part with RAMPZ (EIND)
// implements at least the bits that address its whole flash by byte (by word), avr-libc's bit names
// (RAMPZ0, EIND0) are implemented bits, and a part without the register has no bits.
func TestExtendedPointerBits(t *testing.T) {
	need := func(size int) uint8 { // the bits above bit 15 of an address below size
		var m uint8
		for b := 16; b < 24 && 1<<b < size; b++ {
			m |= 1 << (b - 16)
		}
		return m
	}
	for _, name := range isa.DeviceNames() {
		d, s := isa.LookupDevice(name), Lookup(name)
		for _, r := range []struct {
			reg        string
			addr       uint16
			bits, need uint8
		}{{"RAMPZ", d.RAMPZ, d.RAMPZBits, need(d.Flash)}, {"EIND", d.EIND, d.EINDBits, need(d.Flash / 2)}} {
			if r.addr == 0 {
				if r.bits != 0 {
					t.Errorf("%s: no %s but bits %#x", name, r.reg, r.bits)
				}
				continue
			}
			if r.bits&r.need != r.need {
				t.Errorf("%s: %s bits %#x do not address the flash (%d B): need %#x", name, r.reg, r.bits, d.Flash, r.need)
			}
			for b := 0; b < 8; b++ {
				if v, ok := s.Value(fmt.Sprintf("%s%d", r.reg, b)); ok && (v != int64(b) || r.bits&(1<<b) == 0) {
					t.Errorf("%s: avr-libc names %s%d (= %d) but bits are %#x", name, r.reg, b, v, r.bits)
				}
			}
		}
	}
}
