package atmel_test

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/avrlab/avrlab/asm/ihex"
	"github.com/avrlab/avrlab/internal/instgen"
	"github.com/avrlab/avrlab/internal/oracle"
	"github.com/avrlab/avrlab/isa"
)

var update = flag.Bool("update", false, "regenerate the golden files of testdata with avra")

// genSeed fixes the generated sources; changing it (or the generator) needs go test -update.
const genSeed = 0xA7E1A5

// randomPerForm is how many random operand sets each form with operands gets after its corner cases.
const randomPerForm = 16

// genDevices are the parts of the generated programs, by avrlab name, with the name AVRASM2's
// .device takes: the ATmega128 has every form but EIJMP/EICALL, which the ATmega2560 adds (with
// JMP/CALL targets up to its 128 Ki words).
var genDevices = []struct{ name, part string }{
	{"atmega128", "ATmega128"},
	{"atmega2560", "ATmega2560"},
}

func TestMain(m *testing.M) {
	flag.Parse()
	if *update {
		if err := regenerate(); err != nil {
			fmt.Fprintln(os.Stderr, "regenerating golden files:", err)
			os.Exit(1)
		}
	}
	os.Exit(m.Run())
}

// genInst is one generated instruction: the form, its operand values and the text written for AVRASM2.
type genInst struct {
	form *isa.Form
	args []int64
	text string
}

// genNumber writes a constant the ways AVRASM2 sources do: decimal, $hex, 0xhex and 0b binary, hex
// digits in either case. Octal (a leading 0) is left out: avra reads 010 as ten, the guide as eight
// (see TestOctal).
func genNumber(r *rng, v int64) string {
	neg := ""
	if v < 0 {
		neg, v = "-", -v
	}
	var s string
	switch r.Next() % 5 {
	case 0, 1:
		s = fmt.Sprintf("%d", v)
	case 2:
		s = fmt.Sprintf("$%"+r.Pick("X", "x"), v)
	case 3:
		s = fmt.Sprintf(r.Pick("0x", "0X")+"%"+r.Pick("X", "x"), v)
	default:
		s = fmt.Sprintf(r.Pick("0b", "0B")+"%b", v)
	}
	return neg + s
}

// genCase writes a name in lower, upper or capitalised case: AVRASM2 ignores case in mnemonics,
// registers and pointer names.
func genCase(r *rng, s string) string {
	switch r.Next() % 3 {
	case 0:
		return strings.ToLower(s)
	case 1:
		return strings.ToUpper(s)
	}
	return strings.ToUpper(s[:1]) + strings.ToLower(s[1:])
}

// genOperand writes operand i of form f as a person would for AVRASM2; this printer is independent of
// isa.FormatOperand and of the disassembler. Register pairs (r25:r24) are written for MOVW, ADIW and
// SBIW now and then; branch targets are PC-relative (PC is the address of the instruction itself, so
// PC+1 is the next one).
func genOperand(r *rng, f *isa.Form, i int, v int64) string {
	k := f.Operands[i].Kind
	switch k {
	case isa.Reg, isa.RegHigh, isa.RegMul:
		return genCase(r, "r") + fmt.Sprint(v)
	case isa.RegEven, isa.RegWord:
		reg := genCase(r, "r")
		if r.Next()%3 == 0 {
			return fmt.Sprintf("%s%d:%s%d", reg, v+1, reg, v)
		}
		return reg + fmt.Sprint(v)
	case isa.PtrX, isa.PtrY, isa.PtrZ:
		return genCase(r, ptrName(k))
	case isa.PtrXInc, isa.PtrYInc, isa.PtrZInc:
		return genCase(r, ptrName(k-1)) + "+"
	case isa.PtrXDec, isa.PtrYDec, isa.PtrZDec:
		return "-" + genCase(r, ptrName(k-2))
	case isa.PtrYDisp:
		return genCase(r, "y") + "+" + genNumber(r, v)
	case isa.PtrZDisp:
		return genCase(r, "z") + "+" + genNumber(r, v)
	case isa.Rel7, isa.Rel12:
		pc := genCase(r, "pc")
		switch d := v + 1; {
		case d == 0:
			return pc
		case d < 0:
			return fmt.Sprintf("%s-%s", pc, genNumber(r, -d))
		default:
			return fmt.Sprintf("%s+%s", pc, genNumber(r, d))
		}
	case isa.Bit, isa.SregBit:
		return fmt.Sprint(v)
	}
	return genNumber(r, v) // AVRASM2 takes JMP and CALL targets as word addresses
}

func ptrName(k isa.Kind) string {
	switch k {
	case isa.PtrX:
		return "x"
	case isa.PtrY:
		return "y"
	}
	return "z"
}

// generate builds the differential test program for dev: every form the device has (aliases too),
// first with each combination of its operands' smallest and largest values, then with random ones.
func generate(dev *isa.Device, seed uint64) []genInst {
	r := &rng{S: seed}
	var out []genInst
	add := func(f *isa.Form, args []int64) {
		if instgen.UndefinedCombo(f, args) {
			return
		}
		var b strings.Builder
		b.WriteString(genCase(r, f.Mnemonic))
		for i := range f.Operands {
			if i == 0 {
				b.WriteByte('\t')
			} else {
				b.WriteString(r.Pick(", ", ","))
			}
			b.WriteString(genOperand(r, f, i, args[i]))
		}
		out = append(out, genInst{form: f, args: append([]int64(nil), args...), text: b.String()})
	}
	for _, f := range isa.Forms {
		if !dev.Has(f) {
			continue
		}
		n := len(f.Operands)
		if n == 0 {
			add(f, nil)
			add(f, nil)
			continue
		}
		for mask := 0; mask < 1<<n; mask++ {
			args := make([]int64, n)
			for i := range f.Operands {
				args[i] = instgen.Corner(dev, f, i, mask>>i&1 != 0)
			}
			add(f, args)
		}
		// Branches to the instruction itself, to the next one and to its neighbour.
		for i, op := range f.Operands {
			if op.Kind.IsRelative() {
				for _, v := range []int64{0, -1, 1} {
					args := make([]int64, n)
					for j := range f.Operands {
						args[j] = instgen.Corner(dev, f, j, false)
					}
					args[i] = v
					add(f, args)
				}
			}
		}
		for range randomPerForm {
			args := make([]int64, n)
			for {
				for i, op := range f.Operands {
					args[i] = instgen.Draw(r, dev, op.Kind)
				}
				if !instgen.UndefinedCombo(f, args) {
					break
				}
			}
			add(f, args)
		}
	}
	return out
}

// genSource is the text of a generated program for AVRASM2.
func genSource(part string, insts []genInst) string {
	var b strings.Builder
	fmt.Fprintf(&b, "; avrlab differential test program for the %s (AVRASM2 dialect), generated by asm/atmel/gen_test.go\n", part)
	b.WriteString("; regenerate with: go test ./asm/atmel -update (needs avra); do not edit\n")
	fmt.Fprintf(&b, ".device %s\n", part)
	for _, in := range insts {
		b.WriteString("\t" + in.text + "\n")
	}
	return b.String()
}

func genPaths(dev string) (src, hex string) {
	return filepath.Join("testdata", "gen-"+dev+".asm"), filepath.Join("testdata", "gen-"+dev+".hex")
}

// genProgram is one generated program: its device, instructions and source text.
type genProgram struct {
	dev   *isa.Device
	part  string
	insts []genInst
	src   string
}

func genPrograms() []genProgram {
	var out []genProgram
	for i, d := range genDevices {
		dev := isa.LookupDevice(d.name)
		insts := generate(dev, genSeed+uint64(i))
		out = append(out, genProgram{dev: dev, part: d.part, insts: insts, src: genSource(d.part, insts)})
	}
	return out
}

// regenerate writes every generated program and assembles them with avra, in one batch, into the
// golden HEX files.
func regenerate() error {
	if !oracle.HaveAvra() {
		return fmt.Errorf("-update needs avra")
	}
	progs := genPrograms()
	var sources []oracle.Source
	for _, p := range progs {
		sources = append(sources, oracle.Source{Name: "gen.asm", Text: p.src})
	}
	sources = append(sources, handSources()...)
	res, err := oracle.Avra(sources)
	if err != nil {
		return err
	}
	for i, p := range progs {
		r := res[i]
		if r.Err != "" {
			return fmt.Errorf("avra on the %s program: %s", p.dev.Name, r.Err)
		}
		if w := avraWarnings(r.Log); w != "" {
			return fmt.Errorf("avra warned on the %s program: %s", p.dev.Name, w)
		}
		var hex bytes.Buffer
		if err := ihex.Write(&hex, r.Flash, r.Present); err != nil {
			return err
		}
		srcPath, hexPath := genPaths(p.dev.Name)
		if err := os.WriteFile(srcPath, []byte(p.src), 0o644); err != nil {
			return err
		}
		if err := os.WriteFile(hexPath, hex.Bytes(), 0o644); err != nil {
			return err
		}
	}
	if err := writeHandGolden(res[len(progs):]); err != nil {
		return err
	}
	return writeAvraDiffers()
}

// avraWarnings returns avra's warning lines, leaving out its notes about the #pragma lines of its own
// device files.
func avraWarnings(log string) string {
	var out []string
	for _, l := range strings.Split(log, "\n") {
		if strings.Contains(l, "Warning") && !strings.Contains(l, "PRAGMA") {
			out = append(out, strings.TrimSpace(l))
		}
	}
	return strings.Join(out, "\n")
}

// golden returns the generated programs with avra's bytes for each, after checking that the
// committed sources are what the generator makes.
func golden(t *testing.T) ([]genProgram, [][]byte) {
	t.Helper()
	progs := genPrograms()
	var flashes [][]byte
	for _, p := range progs {
		srcPath, hexPath := genPaths(p.dev.Name)
		src, err := os.ReadFile(srcPath)
		if err != nil {
			t.Fatal(err)
		}
		if string(src) != p.src {
			t.Fatalf("%s differs from the generator's output: run go test ./asm/atmel -update", srcPath)
		}
		f, err := os.Open(hexPath)
		if err != nil {
			t.Fatal(err)
		}
		flash, present, err := ihex.Read(f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		for i, ok := range present {
			if !ok {
				t.Fatalf("%s has a gap at %#x", hexPath, i)
			}
		}
		flashes = append(flashes, flash)
	}
	return progs, flashes
}

func words(flash []byte, addr uint32, n int) []uint16 {
	var w []uint16
	for i := range n {
		a := int(addr) + 2*i
		if a+1 >= len(flash) {
			return w
		}
		w = append(w, uint16(flash[a])|uint16(flash[a+1])<<8)
	}
	return w
}

func sameWords(a, b []uint16) bool {
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

// TestGenCoverage checks that each generated program uses every form its device has, with every
// operand at both ends of its range, and every spelling of numbers and register pairs.
func TestGenCoverage(t *testing.T) {
	for _, p := range genPrograms() {
		if len(p.insts) < 2000 {
			t.Errorf("%s: %d instructions generated, want at least 2000", p.dev.Name, len(p.insts))
		}
		type key struct {
			f    *isa.Form
			i    int
			high bool
		}
		seen := map[*isa.Form]bool{}
		ends := map[key]bool{}
		for _, in := range p.insts {
			seen[in.form] = true
			for i := range in.form.Operands {
				lo, hi := instgen.Corner(p.dev, in.form, i, false), instgen.Corner(p.dev, in.form, i, true)
				ends[key{in.form, i, false}] = ends[key{in.form, i, false}] || in.args[i] == lo
				ends[key{in.form, i, true}] = ends[key{in.form, i, true}] || in.args[i] == hi
			}
		}
		for _, f := range isa.Forms {
			if !p.dev.Has(f) {
				continue
			}
			if !seen[f] {
				t.Errorf("%s: form %s %s not generated", p.dev.Name, f.Mnemonic, f.Pattern)
			}
			for i := range f.Operands {
				if !ends[key{f, i, false}] || !ends[key{f, i, true}] {
					t.Errorf("%s: %s %s: operand %d not generated at both ends of its range", p.dev.Name, f.Mnemonic, f.Pattern, i+1)
				}
			}
		}
		for _, s := range []string{"$", "0x", "0X", "0b", "0B", "PC+", "pc-", "R31:R30", "Y+", "-Z", "LDI", "Ldi", "ldi"} {
			if !strings.Contains(p.src, s) {
				t.Errorf("%s: the program never writes %q", p.dev.Name, s)
			}
		}
		if !regexp.MustCompile(`(?m)^\t(movw|adiw|sbiw)\tr\d+:r\d+`).MatchString(p.src) {
			t.Errorf("%s: the program never writes a lower-case register pair", p.dev.Name)
		}
	}
}

// TestGenEncode checks the isa table against avra: Form.Encode of every generated operand set gives
// the bytes avra made of the same line.
func TestGenEncode(t *testing.T) {
	progs, flashes := golden(t)
	for pi, p := range progs {
		flash := flashes[pi]
		addr := uint32(0)
		bad := 0
		for _, in := range p.insts {
			want := words(flash, addr, in.form.Words)
			got, err := in.form.Encode(in.args)
			if err != nil || !sameWords(got, want) {
				if bad++; bad <= 20 {
					t.Errorf("%s %#05x %-24s avra %04x, isa Encode %04x %v", p.dev.Name, addr, in.text, want, got, err)
				}
			}
			addr += 2 * uint32(in.form.Words)
		}
		if int(addr) != len(flash) {
			t.Errorf("%s: generated program is %d bytes, avra made %d", p.dev.Name, addr, len(flash))
		}
	}
}

// TestGenAvra assembles the committed sources with avra again: its bytes must still be the golden ones.
func TestGenAvra(t *testing.T) {
	oracle.NeedAvra(t)
	progs, flashes := golden(t)
	var sources []oracle.Source
	for _, p := range progs {
		sources = append(sources, oracle.Source{Name: "gen.asm", Text: p.src})
	}
	res, err := oracle.Avra(sources)
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range res {
		if r.Err != "" {
			t.Errorf("%s: avra: %.2000s", progs[i].dev.Name, r.Err)
			continue
		}
		if !bytes.Equal(r.Flash, flashes[i]) {
			t.Errorf("%s: avra's bytes differ from the golden file", progs[i].dev.Name)
		}
	}
}

// rng is the generators' fixed pseudo-random sequence.
type rng = instgen.Rand
