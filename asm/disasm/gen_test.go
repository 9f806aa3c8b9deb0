package disasm_test

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/avrlab/avrlab/asm/disasm"
	"github.com/avrlab/avrlab/asm/ihex"
	"github.com/avrlab/avrlab/internal/oracle"
	"github.com/avrlab/avrlab/isa"
)

var update = flag.Bool("update", false, "regenerate testdata/gen.S and testdata/gen.hex with avr-gcc")

// Golden files: the generated source and the bytes avr-as (via avr-gcc and avr-objcopy) made of it.
var (
	genSPath   = filepath.Join("testdata", "gen.S")
	genHexPath = filepath.Join("testdata", "gen.hex")
)

// genSeed fixes the generated source; changing it (or the generator) needs go test -update.
const genSeed = 0xA7B1AB

// randomPerForm is how many random operand sets each form with operands gets after its corner cases.
const randomPerForm = 16

// genInst is one generated instruction: the form, its operand values and the text written for avr-as.
type genInst struct {
	form *isa.Form
	args []int64
	text string
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

// operandRange is the range the generator draws a kind's values from on dev: the kind's range, with
// jump and call targets limited to the device's flash and the ends moved to valid values (r30, not r31,
// for MOVW).
func operandRange(dev *isa.Device, k isa.Kind) (lo, hi int64) {
	lo, hi = k.Range()
	if k == isa.Abs22 {
		hi = int64(dev.Flash/2 - 1)
	}
	for !k.Valid(lo) && lo < hi {
		lo++
	}
	for !k.Valid(hi) && hi > lo {
		hi--
	}
	return lo, hi
}

// corner returns the smallest or largest value of operand i of f that the generator uses: the end of
// its range, moved inwards past undefined combinations (r29, not r31, for ld Rd, Z+).
func corner(dev *isa.Device, f *isa.Form, i int, high bool) int64 {
	k := f.Operands[i].Kind
	lo, hi := operandRange(dev, k)
	v, step := lo, int64(1)
	if high {
		v, step = hi, -1
	}
	args := make([]int64, len(f.Operands))
	args[i] = v
	for undefinedCombo(f, args) {
		v += step
		for !k.Valid(v) {
			v += step
		}
		args[i] = v
	}
	return v
}

// draw picks a random valid value of kind k.
func draw(r *rng, dev *isa.Device, k isa.Kind) int64 {
	lo, hi := operandRange(dev, k)
	for {
		v := r.between(lo, hi)
		if k.Valid(v) {
			return v
		}
	}
}

// undefinedCombo reports operand sets avr-as assembles only with "undefined combination of operands":
// a post-increment or pre-decrement through the pointer pair that holds the data register (ld r26, X+;
// st -Z, r30; lpm r31, Z+ …). The generator leaves them out so that the golden source is warning-free.
func undefinedCombo(f *isa.Form, args []int64) bool {
	reg, ptr := int64(-1), isa.KindNone
	for i, op := range f.Operands {
		switch {
		case op.Kind.IsRegister():
			reg = args[i]
		case op.Kind.IsPointer():
			ptr = op.Kind
		}
	}
	var pair int64
	switch ptr {
	case isa.PtrXInc, isa.PtrXDec:
		pair = 26
	case isa.PtrYInc, isa.PtrYDec:
		pair = 28
	case isa.PtrZInc, isa.PtrZDec:
		pair = 30
	default:
		return false
	}
	return reg == pair || reg == pair+1
}

// genOperand writes one operand as a person would for avr-as, varying decimal and hex; this printer is
// independent of isa.FormatOperand and of the disassembler.
func genOperand(r *rng, k isa.Kind, v int64) string {
	num := func(v int64) string {
		if r.next()%2 == 0 {
			return fmt.Sprintf("%d", v)
		}
		return fmt.Sprintf("0x%X", v)
	}
	switch k {
	case isa.Reg, isa.RegHigh, isa.RegMul, isa.RegEven, isa.RegWord:
		return fmt.Sprintf("r%d", v)
	case isa.PtrX:
		return "X"
	case isa.PtrXInc:
		return "X+"
	case isa.PtrXDec:
		return "-X"
	case isa.PtrY:
		return "Y"
	case isa.PtrYInc:
		return "Y+"
	case isa.PtrYDec:
		return "-Y"
	case isa.PtrZ:
		return "Z"
	case isa.PtrZInc:
		return "Z+"
	case isa.PtrZDec:
		return "-Z"
	case isa.PtrYDisp:
		return fmt.Sprintf("Y+%d", v)
	case isa.PtrZDisp:
		return fmt.Sprintf("Z+%d", v)
	case isa.Rel7, isa.Rel12:
		// "." in a branch operand is the address of the next instruction; offsets are in bytes.
		switch {
		case v == 0 && r.next()%2 == 0:
			return "."
		case v < 0:
			return fmt.Sprintf(".-%d", -2*v)
		}
		return fmt.Sprintf(".+%d", 2*v)
	case isa.Abs22:
		return num(2 * v) // avr-as takes a byte address
	case isa.Bit, isa.SregBit:
		return fmt.Sprintf("%d", v)
	}
	return num(v)
}

// generate builds the differential test program for the ATmega128: every form the device has (aliases
// too), first with each combination of its operands' smallest and largest values, then with random ones.
func generate() []genInst {
	dev := m128()
	r := &rng{s: genSeed}
	var out []genInst
	add := func(f *isa.Form, args []int64) {
		if undefinedCombo(f, args) {
			return
		}
		var b strings.Builder
		b.WriteString(f.Mnemonic)
		for i, op := range f.Operands {
			if i == 0 {
				b.WriteByte('\t')
			} else {
				b.WriteString(", ")
			}
			b.WriteString(genOperand(r, op.Kind, args[i]))
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
		// Corners: 2^n combinations of lo/hi.
		for mask := 0; mask < 1<<n; mask++ {
			args := make([]int64, n)
			for i := range f.Operands {
				args[i] = corner(dev, f, i, mask>>i&1 != 0)
			}
			add(f, args)
		}
		// Branches to the next instruction, written "." or ".+0", and to their neighbours.
		for i, op := range f.Operands {
			if op.Kind.IsRelative() {
				for _, v := range []int64{0, 0, -1, 1} {
					args := make([]int64, n)
					for j := range f.Operands {
						args[j] = corner(dev, f, j, false)
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
					args[i] = draw(r, dev, op.Kind)
				}
				if !undefinedCombo(f, args) {
					break
				}
			}
			add(f, args)
		}
	}
	return out
}

// genSource is the text of testdata/gen.S.
func genSource(insts []genInst) string {
	var b strings.Builder
	b.WriteString("; avrlab differential test program for the atmega128, generated by asm/disasm/gen_test.go\n")
	b.WriteString("; regenerate with: go test ./asm/disasm -update (needs avr-gcc); do not edit\n")
	for _, in := range insts {
		b.WriteString("\t" + in.text + "\n")
	}
	return b.String()
}

// regenerate writes gen.S and assembles it with avr-gcc into gen.hex.
func regenerate() error {
	if !oracle.HaveGNU() {
		return fmt.Errorf("-update needs avr-gcc and avr-objcopy")
	}
	src := genSource(generate())
	res, err := oracle.GNUAssemble("atmega128", []oracle.Source{{Name: "gen.S", Text: src}})
	if err != nil {
		return err
	}
	if res[0].Err != "" {
		return fmt.Errorf("avr-gcc: %s", res[0].Err)
	}
	if strings.Contains(res[0].Log, "Warning") {
		return fmt.Errorf("avr-gcc warned: %s", res[0].Log)
	}
	var hex bytes.Buffer
	if err := ihex.Write(&hex, res[0].Flash, res[0].Present); err != nil {
		return err
	}
	if err := os.WriteFile(genSPath, []byte(src), 0o644); err != nil {
		return err
	}
	return os.WriteFile(genHexPath, hex.Bytes(), 0o644)
}

// golden returns the generated instructions and avr-as's bytes for them, after checking that the
// committed source is what the generator makes.
func golden(t *testing.T) ([]genInst, []byte) {
	t.Helper()
	insts := generate()
	src, err := os.ReadFile(genSPath)
	if err != nil {
		t.Fatal(err)
	}
	if string(src) != genSource(insts) {
		t.Fatalf("%s differs from the generator's output: run go test ./asm/disasm -update", genSPath)
	}
	f, err := os.Open(genHexPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	flash, present, err := ihex.Read(f)
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range present {
		if !p {
			t.Fatalf("%s has a gap at %#x", genHexPath, i)
		}
	}
	return insts, flash
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

// TestGenCoverage checks the generated program's size and that it uses every mnemonic and form the
// ATmega128 has, with every operand at both ends of its range.
func TestGenCoverage(t *testing.T) {
	insts := generate()
	if len(insts) < 2000 {
		t.Errorf("%d instructions generated, want at least 2000", len(insts))
	}
	dev := m128()
	type key struct {
		f    *isa.Form
		i    int
		high bool
	}
	seen := map[*isa.Form]bool{}
	ends := map[key]bool{}
	for _, in := range insts {
		seen[in.form] = true
		for i := range in.form.Operands {
			lo, hi := corner(dev, in.form, i, false), corner(dev, in.form, i, true)
			ends[key{in.form, i, false}] = ends[key{in.form, i, false}] || in.args[i] == lo
			ends[key{in.form, i, true}] = ends[key{in.form, i, true}] || in.args[i] == hi
		}
	}
	for _, f := range isa.Forms {
		if !dev.Has(f) {
			continue
		}
		if !seen[f] {
			t.Errorf("form %s %s not generated", f.Mnemonic, f.Pattern)
		}
		for i := range f.Operands {
			if !ends[key{f, i, false}] || !ends[key{f, i, true}] {
				t.Errorf("%s %s: operand %d not generated at both ends of its range", f.Mnemonic, f.Pattern, i+1)
			}
		}
	}
}

// TestGenEncode checks the isa table against avr-as: Form.Encode of every generated operand set gives
// the bytes avr-as made of the same line.
func TestGenEncode(t *testing.T) {
	insts, flash := golden(t)
	addr := uint32(0)
	bad := 0
	for _, in := range insts {
		want := words(flash, addr, in.form.Words)
		got, err := in.form.Encode(in.args)
		if err != nil || !sameWords(got, want) {
			if bad++; bad <= 20 {
				t.Errorf("%#05x %-24s avr-as %04x, isa Encode %04x %v", addr, in.text, want, got, err)
			}
		}
		addr += 2 * uint32(in.form.Words)
	}
	if int(addr) != len(flash) {
		t.Errorf("generated program is %d bytes, avr-as made %d", addr, len(flash))
	}
}

// TestGenDecode checks isa.Decode and the disassembler on avr-as's bytes: each instruction decodes to
// its generated form and operands (LDD with q = 0 is LD; aliases decode to their base form), and the
// disassembler's text, with and without aliases and labels, assembles back to the same words.
func TestGenDecode(t *testing.T) {
	insts, flash := golden(t)
	dev := m128()
	labels, names := allLabels(flash, dev)
	for _, opt := range []disasm.Options{{}, {Aliases: true}, {Labels: labels}} {
		lines := disasm.Disassemble(flash, dev, opt)
		if len(lines) != len(insts) {
			t.Fatalf("%+v: %d lines for %d instructions", opt, len(lines), len(insts))
		}
		bad := 0
		for i, l := range lines {
			in := insts[i]
			got, err := encodeText(dev, l.Addr, l.Text, names)
			if l.Illegal || err != nil || !sameWords(got, l.Words) || len(l.Words) != in.form.Words {
				if bad++; bad <= 20 {
					t.Errorf("%#05x %-24s disassembles to %q (illegal %v), which encodes to %04x %v; want %04x",
						l.Addr, in.text, l.Text, l.Illegal, got, err, l.Words)
				}
			}
		}
	}
	// Operands: compare the decoded instruction with the generated one (base forms only).
	addr := uint32(0)
	for _, in := range insts {
		w := words(flash, addr, 2)
		d, ok := isa.Decode(dev.Core, w[0], append(w, 0)[1])
		wantForm := in.form
		if in.form.Op == isa.LDDY && in.args[1] == 0 {
			wantForm = isa.FormOf(isa.LDY)
		} else if in.form.Op == isa.LDDZ && in.args[1] == 0 {
			wantForm = isa.FormOf(isa.LDZ)
		} else if in.form.Op == isa.STDY && in.args[0] == 0 {
			wantForm = isa.FormOf(isa.STY)
		} else if in.form.Op == isa.STDZ && in.args[0] == 0 {
			wantForm = isa.FormOf(isa.STZ)
		}
		if !in.form.IsAlias() {
			match := ok && d.Form == wantForm
			for i := range wantForm.Operands {
				match = match && d.Args[i] == in.args[i]
			}
			if !match {
				t.Errorf("%#05x %-24s decodes to %v", addr, in.text, d)
			}
		} else if !ok || d.Form.Op != in.form.Alias.Base {
			t.Errorf("%#05x %-24s (alias) decodes to %v", addr, in.text, d)
		}
		addr += 2 * uint32(in.form.Words)
	}
}

// allLabels names every instruction address of flash (L_<hex>), as a map for Options.Labels and the
// reverse map for encodeText.
func allLabels(flash []byte, dev *isa.Device) (map[uint32]string, map[string]uint32) {
	labels := map[uint32]string{}
	names := map[string]uint32{}
	for _, l := range disasm.Disassemble(flash, dev, disasm.Options{}) {
		name := fmt.Sprintf("L_%x", l.Addr)
		labels[l.Addr], names[name] = name, l.Addr
	}
	return labels, names
}

// listing renders disassembled lines as an avr-as source, with label definitions when labels is set.
func listing(lines []disasm.Line, labels map[uint32]string) string {
	var b strings.Builder
	for _, l := range lines {
		if name, ok := labels[l.Addr]; ok {
			b.WriteString(name + ":\n")
		}
		b.WriteString("\t" + l.Text + "\n")
	}
	return b.String()
}

// TestGenGNU assembles, in one avr-gcc batch, the committed source and the disassembler's text of the
// golden bytes (plain, with aliases, with labels); every result must equal the golden bytes.
func TestGenGNU(t *testing.T) {
	needGNU(t)
	_, flash := golden(t)
	dev := m128()
	src, err := os.ReadFile(genSPath)
	if err != nil {
		t.Fatal(err)
	}
	labels, _ := allLabels(flash, dev)
	sources := []oracle.Source{
		{Name: "gen.S", Text: string(src)},
		{Name: "plain.S", Text: listing(disasm.Disassemble(flash, dev, disasm.Options{}), nil)},
		{Name: "aliases.S", Text: listing(disasm.Disassemble(flash, dev, disasm.Options{Aliases: true}), nil)},
		{Name: "labels.S", Text: listing(disasm.Disassemble(flash, dev, disasm.Options{Labels: labels}), labels)},
	}
	res, err := oracle.GNUAssemble("atmega128", sources)
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range res {
		if r.Err != "" {
			t.Errorf("%s: avr-gcc: %.2000s", sources[i].Name, r.Err)
			continue
		}
		if strings.Contains(r.Log, "Warning") {
			t.Errorf("%s: avr-gcc warned: %.2000s", sources[i].Name, r.Log)
		}
		if !bytes.Equal(r.Flash, flash) {
			t.Errorf("%s: avr-as bytes differ from %s at %s", sources[i].Name, genHexPath, firstDiff(r.Flash, flash))
		}
	}
}

func firstDiff(a, b []byte) string {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return fmt.Sprintf("%#x (%#02x, want %#02x)", i, a[i], b[i])
		}
	}
	return fmt.Sprintf("the end (%d bytes, want %d)", len(a), len(b))
}
