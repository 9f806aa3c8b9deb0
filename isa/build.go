package isa

import (
	"slices"
	"strings"
	"sync"

	"github.com/avrlab/avrlab/internal/textf"
)

//go:generate go test -run TestFormsGenerated -update

// The instruction table as the program uses it is in forms_gen.go: [Forms], byOp (an Op's form) and
// byMnemonic (a mnemonic's forms, sorted by mnemonic), all plain values that the linker lays out as
// data, so that package initialisation runs no code for them (in WebAssembly a 70 KB initialiser was
// interpreted once and then compiled by the optimising tier at every start). TestFormsGenerated
// writes that file from [tableRows] through buildForms and checks it field by field.

// mnemonicForms is one entry of byMnemonic.
type mnemonicForms struct {
	mnemonic string
	forms    []*Form
}

// Lookup returns the forms spelled mnemonic (case-insensitive), in table order, or nil.
func Lookup(mnemonic string) []*Form {
	mn := strings.ToLower(mnemonic)
	i, ok := slices.BinarySearchFunc(byMnemonic[:], mn, func(e mnemonicForms, mn string) int { return strings.Compare(e.mnemonic, mn) })
	if !ok {
		return nil
	}
	return byMnemonic[i].forms
}

// Mnemonics returns every mnemonic in the table, in table order, without repeats.
func Mnemonics() []string {
	var out []string
	seen := map[string]bool{}
	for _, f := range Forms {
		if !seen[f.Mnemonic] {
			seen[f.Mnemonic] = true
			out = append(out, f.Mnemonic)
		}
	}
	return out
}

// FormOf returns the form of op, or nil for OpInvalid.
func FormOf(op Op) *Form {
	if op >= NumOps {
		return nil
	}
	return byOp[op]
}

func baseForm(f *Form) *Form { return byOp[f.Alias.Base] }

// buildForms builds the forms of rows: masks, values and operand fields from each row's pattern,
// aliases' cores and cycles from their base forms. It panics on a malformed row.
func buildForms(rows []row) []*Form {
	forms := make([]*Form, 0, len(rows))
	for i, r := range rows {
		f := &Form{Op: r.op, Mnemonic: r.mn, Pattern: r.pattern, Operands: r.ops, Cores: r.cores,
			Extra: r.extra, PC22: r.pc22, cycles: r.cycles, Alias: r.alias, index: i}
		bits := strings.ReplaceAll(r.pattern, " ", "")
		switch len(bits) {
		case 16:
			f.Words = 1
		case 32:
			f.Words = 2
		default:
			panic(textf.Sprintf("isa: internal error: pattern %q of %s has %d bits", r.pattern, r.mn, len(bits)))
		}
		n := len(bits)
		for j := 0; j < n; j++ {
			pos := uint8(n - 1 - j)
			switch c := bits[j]; c {
			case '0':
				f.Mask |= 1 << pos
			case '1':
				f.Mask |= 1 << pos
				f.Value |= 1 << pos
			default:
				found := false
				for k, op := range r.ops {
					if op.Letter == c {
						f.fields[k].bits = append(f.fields[k].bits, pos)
						found = true
					}
				}
				if !found && r.alias == nil {
					panic(textf.Sprintf("isa: internal error: letter %q of %s has no operand", c, r.mn))
				}
			}
		}
		forms = append(forms, f)
	}
	// Aliases take cores and cycles from their base form.
	ops := map[Op]*Form{}
	for _, f := range forms {
		ops[f.Op] = f
	}
	for _, f := range forms {
		if f.Alias == nil {
			continue
		}
		b := ops[f.Alias.Base]
		if b == nil || b.Alias != nil || len(f.Alias.Args) != len(b.Operands) {
			panic("isa: internal error: bad alias " + f.Mnemonic)
		}
		f.Cores, f.cycles, f.Extra, f.PC22, f.Words = b.Cores, b.cycles, b.Extra, b.PC22, b.Words
	}
	// Every form's cycle row must have a figure exactly for the timing columns of its cores.
	for _, f := range forms {
		for c := Core(0); c < NumCores; c++ {
			if f.Cores.Has(c) && f.cycles[c.Timing()] == 0 {
				panic(textf.Sprintf("isa: internal error: %s (%s) has no cycles for %s", f.Mnemonic, f.Pattern, c.String()))
			}
		}
	}
	return forms
}

// family selects a decode table: the reduced core reuses the LDD/STD encodings for its 16-bit LDS/STS.
func family(c Core) int {
	if c == CoreAVRrc {
		return 1
	}
	return 0
}

const illegal = 0xFF

// decodeTables maps each first instruction word to the index of its form in Forms (illegal if none), per
// family. Where two forms match a word (LD Y is LDD Y+0), the one with more fixed bits wins. Each table
// is built on first use (in WebAssembly a table costs about 20 ms of start-up, and most programs only
// ever need the classic family).
var decodeTables = [2]func() *[65536]uint8{
	sync.OnceValue(func() *[65536]uint8 { return buildDecodeTable(0) }),
	sync.OnceValue(func() *[65536]uint8 { return buildDecodeTable(1) }),
}

func buildDecodeTable(fam int) *[65536]uint8 {
	tab := new([65536]uint8)
	fixed := new([65536]int8)
	for i := range tab {
		tab[i] = illegal
		fixed[i] = -1
	}
	for _, f := range Forms {
		if f.Alias != nil {
			continue
		}
		onCore := f.Cores&^cores(CoreAVRrc) != 0
		if fam == 1 {
			onCore = f.Cores.Has(CoreAVRrc)
		}
		if !onCore {
			continue
		}
		mask, val := uint16(f.Mask), uint16(f.Value)
		if f.Words == 2 {
			mask, val = uint16(f.Mask>>16), uint16(f.Value>>16)
		}
		free := ^mask
		nfixed := int8(popcount16(mask))
		sub := uint16(0)
		for {
			w := val | sub
			switch {
			case nfixed > fixed[w]:
				tab[w], fixed[w] = uint8(f.index), nfixed
			case nfixed == fixed[w]:
				panic(textf.Sprintf("isa: internal error: %s and %s both encode %#04x", Forms[tab[w]].Mnemonic, f.Mnemonic, w))
			}
			sub = (sub - free) & free
			if sub == 0 {
				break
			}
		}
	}
	return tab
}

func popcount16(x uint16) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n++
	}
	return n
}

// FormFor returns the non-alias form that encodes first word w0 on core c (the reduced core reads
// 0xA000–0xAFFF as LDS/STS), or nil when no form has that encoding. It does not check that c has the
// form: callers compare [Form.Cores] (and the device's missing list) themselves.
func FormFor(c Core, w0 uint16) *Form {
	i := decodeTables[family(c)]()[w0]
	if i == illegal {
		return nil
	}
	return Forms[i]
}

// Decode decodes the instruction starting with w0 (w1 is the next word, used by two-word forms) as the
// core's decoder reads it. ok is false when no form has the encoding.
func Decode(c Core, w0, w1 uint16) (inst Inst, ok bool) {
	f := FormFor(c, w0)
	if f == nil {
		return Inst{}, false
	}
	return DecodeForm(f, w0, w1), true
}

// DecodeForm decodes the instruction with words w0, w1 as form f, the one FormFor returned for w0:
// Decode for a caller that has looked the form up already.
func DecodeForm(f *Form, w0, w1 uint16) (inst Inst) {
	w := uint32(w0)
	if f.Words == 2 {
		w = uint32(w0)<<16 | uint32(w1)
	}
	inst = Inst{Form: f, Words: f.Words}
	for i, op := range f.Operands {
		fl := f.fields[i]
		var bits uint32
		for _, pos := range fl.bits {
			bits = bits<<1 | (w>>pos)&1
		}
		inst.Args[i] = op.Kind.operandValue(bits, len(fl.bits))
	}
	return inst
}

// PreferredAlias returns the alias that avr-objdump-style printing may use for inst (LSL for ADD Rd,Rd,
// BREQ for BRBS 1, SEC for BSET 0, …) and its operands, or inst itself when no alias fits exactly. CBR and
// SBR are never preferred (ANDI/ORI print as they are) and neither is SER.
func PreferredAlias(inst Inst) Inst {
	if inst.Form == nil {
		return inst
	}
	for _, f := range Forms {
		if f.Alias == nil || f.Alias.Base != inst.Form.Op {
			continue
		}
		switch f.Op {
		case CBR, SBR, SER:
			continue
		}
		var args [3]int64
		set := [3]bool{}
		fits := true
		for i, a := range f.Alias.Args {
			v := inst.Args[i]
			if a.From < 0 {
				if v != a.Const {
					fits = false
				}
				continue
			}
			if set[a.From] && args[a.From] != v {
				fits = false
			}
			args[a.From], set[a.From] = v, true
		}
		if fits {
			return Inst{Form: f, Args: args, Words: inst.Words}
		}
	}
	return inst
}
