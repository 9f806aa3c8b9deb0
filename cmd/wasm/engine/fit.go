package engine

import (
	"slices"
	"sort"
	"strings"

	"github.com/avrlab/avrlab/asm"
	"github.com/avrlab/avrlab/asm/disasm"
	"github.com/avrlab/avrlab/internal/textf"
	"github.com/avrlab/avrlab/isa"
	"github.com/avrlab/avrlab/lab"
)

// A pasted routine (a paper's code) names no task and uses its own symbols. The engine says which of
// the page's fields would fix what stops it, as data: the page shows each as a button that names its
// field and fills it.

// Fix is one change of a page field that the engine proposes: set Field to Value.
type Fix struct {
	// Field is the page field: "task", "call", "rk" or "defines".
	Field string `json:"field"`
	Value string `json:"value"`
	// Why says what in the source suggests it ("labels name CHAM; 8-byte block loads").
	Why string `json:"why"`
}

// MaxSuggestions bounds the tasks offered for a source that names none.
const MaxSuggestions = 3

// sourceFacts are what the fixes read from a source: its labels, the symbols whose address it loads
// (tables read with lpm or ld), and how many bytes it loads through a pointer.
type sourceFacts struct {
	labels []string
	tables []string // symbols the code takes the address of, in source order, once each
	loads  int      // ld/ldd through X, Y or Z
	// secondPointer: the code takes a pointer from r23:r22, the second argument of the avr-gcc calling
	// convention (a key or round keys passed in, as the ATtiny45 ciphers' key-schedule-in-the-call
	// contract passes the key).
	secondPointer bool
}

func factsOf(src string) sourceFacts {
	src = strings.TrimPrefix(src, "\ufeff")
	var f sourceFacts
	seen := map[string]bool{}
	for _, l := range sourceLabels(src) {
		if !seen[l] {
			seen[l] = true
			f.labels = append(f.labels, l)
		}
	}
	seenT := map[string]bool{}
	for _, t := range addrOfSymbols(src) {
		if !seenT[t] {
			seenT[t] = true
			f.tables = append(f.tables, t)
		}
	}
	f.loads = countLoads(src)
	f.secondPointer = takesSecondPointer(src)
	return f
}

// family is the letters that start a task ID ("cham" of cham64-128), or its first part when they are
// fewer than three ("p192" of p192-mul).
func family(id string) string {
	if f := lowerPrefix(id); len(f) >= 3 {
		return f
	}
	f, _, _ := strings.Cut(id, "-")
	return f
}

// namesFamily reports whether one of words starts with fam.
func namesFamily(words []string, fam string) bool {
	for _, w := range words {
		if strings.HasPrefix(w, fam) {
			return true
		}
	}
	return false
}

// suggestTasks ranks the tasks whose contract fits a source that names none: symbol and file names
// that name the cipher, a table the size of its round keys, as many pointer loads as its block has
// bytes. It returns at most MaxSuggestions fixes of the Task field, best first.
func suggestTasks(im *asm.Image, name, src string) []Fix {
	f := factsOf(src)
	called := map[string]bool{}
	if im != nil {
		// The labels and the calls as the assembler has them (macros and includes expanded).
		f.labels, called = codeLabels(im)
	}
	text := strings.ToLower(name)
	for _, l := range f.labels {
		text += " " + strings.ToLower(l)
	}
	words := strings.Fields(spaceNonWords(text))
	type cand struct {
		fix   Fix
		score int
		order int
	}
	var out []cand
	tableSizes := map[string]int{}
	for _, t := range f.tables {
		tableSizes[t] = tableBytes(im, t)
	}
	for i, t := range lab.Tasks() {
		fam := family(t.ID)
		score := 0
		var why []string
		if fam != "" && namesFamily(words, fam) {
			score += 10
			why = append(why, textf.Sprintf("its labels name %s", strings.ToUpper(fam)))
			// The size too: "cham64" of cham64_128_encrypt for cham64-128, "mpmul256" for mpmul-256.
			sized := sizedPrefix(t.ID)
			if sized == "" {
				sized = sizedPrefix(strings.Replace(t.ID, "-", "", 1))
			}
			if sized != "" && sized != fam && namesFamily(words, sized) {
				score += 2
				why[len(why)-1] = textf.Sprintf("its labels name %s", strings.ToUpper(sized))
			}
		}
		// The task's entry symbol among the labels: the routine itself when nothing in the source calls
		// it (p192_ecdsa_sign calls p192_scalarmul, so the signing source is the signing task's).
		if t.Entry != "" && slices.Contains(f.labels, t.Entry) {
			if called[t.Entry] {
				score += 2
				why = append(why, textf.Sprintf("it defines %s, and calls it", t.Entry))
			} else {
				score += 6
				why = append(why, textf.Sprintf("it defines %s, its entry", t.Entry))
			}
		}
		if t.Kind == lab.KindCipher {
			if t.BlockBytes > 0 && f.loads >= t.BlockBytes && f.loads <= t.BlockBytes+t.BlockBytes/2 {
				score += 3
				why = append(why, textf.Sprintf("%d pointer loads for its %d-byte block", f.loads, t.BlockBytes))
			}
			// The calling convention: a second pointer argument is the key of a task that schedules it
			// in the call (the ATtiny45 table's), none the fixed-key (block) call.
			if (t.ECRYPT != "") == f.secondPointer {
				score++
				if f.secondPointer {
					why = append(why, "a second pointer in r23:r22 (the key)")
				} else {
					why = append(why, "one pointer argument, r25:r24 (the block)")
				}
			}
			for _, tb := range f.tables {
				if n := tableSizes[tb]; n > 0 && n == t.RKBytes {
					score += 3
					why = append(why, textf.Sprintf("table %s holds %d bytes, its round keys", tb, n))
					break
				}
			}
		}
		if strings.HasSuffix(t.ID, "-r19") {
			score-- // the 2019 revision only when nothing else tells them apart: the original first
		}
		if score < 6 {
			continue
		}
		out = append(out, cand{Fix{Field: "task", Value: t.ID, Why: t.Name + ": " + strings.Join(why, "; ")}, score, i})
	}
	sort.SliceStable(out, func(a, b int) bool {
		if out[a].score != out[b].score {
			return out[a].score > out[b].score
		}
		return out[a].order < out[b].order
	})
	var fixes []Fix
	for i := 0; i < len(out) && i < MaxSuggestions; i++ {
		fixes = append(fixes, out[i].fix)
	}
	return fixes
}

// codeLabels returns the image's code labels, and those that a call or jump of the program targets
// (call, rcall, jmp, rjmp, as the disassembler names their targets).
func codeLabels(im *asm.Image) (labels []string, called map[string]bool) {
	called = map[string]bool{}
	names := map[uint32]string{}
	for _, sym := range im.Symbols {
		if sym.Section == asm.SectionText && sym.Value >= 0 {
			labels = append(labels, sym.Name)
			names[uint32(sym.Value)] = sym.Name
		}
	}
	for _, l := range disasm.Disassemble(im.Flash, im.Device, disasm.Options{Labels: names}) {
		if l.Illegal || l.Inst.Form == nil {
			continue
		}
		switch l.Inst.Form.Op {
		case isa.CALL, isa.RCALL, isa.JMP, isa.RJMP:
			if f := strings.Fields(l.Text); len(f) > 0 {
				called[f[len(f)-1]] = true
			}
		}
	}
	return labels, called
}

// tableBytes is the size of the data at a text symbol: up to the next symbol or the end of what the
// source emits there (0 when the symbol is not in flash).
func tableBytes(im *asm.Image, name string) int {
	s, ok := im.Symbol(name)
	if !ok || (s.Section != asm.SectionText && s.Section != asm.SectionProgmem) {
		return 0
	}
	if s.Size > 0 {
		return int(s.Size)
	}
	end := int64(len(im.Flash))
	for _, o := range im.Symbols {
		if (o.Section == asm.SectionText || o.Section == asm.SectionProgmem) && o.Value > s.Value && o.Value < end {
			end = o.Value
		}
	}
	n := 0
	for a := s.Value; a < end && int(a) < len(im.Emitted) && im.Emitted[a]; a++ {
		n++
	}
	return n
}

// entryCandidates are the labels in flash that could be a task's routine: the global ones (every one
// when none is global), tables and local labels left out, names with "enc" first.
func entryCandidates(im *asm.Image, f sourceFacts) []string {
	table := map[string]bool{}
	for _, t := range f.tables {
		table[t] = true
	}
	var global, all []string
	for _, l := range f.labels {
		s, ok := im.Symbol(l)
		if !ok || table[l] || strings.HasPrefix(l, ".") || (s.Section != asm.SectionText && s.Section != asm.SectionProgmem) {
			continue
		}
		all = append(all, l)
		if s.Global {
			global = append(global, l)
		}
	}
	c := global
	if len(c) == 0 {
		c = all
	}
	sort.SliceStable(c, func(a, b int) bool {
		return strings.Contains(strings.ToLower(c[a]), "enc") && !strings.Contains(strings.ToLower(c[b]), "enc")
	})
	return c
}

// rkCandidate is the table the source reads that could hold the task's round keys: the first whose
// address the code loads and that is at least as large as the task's round keys.
func rkCandidate(im *asm.Image, f sourceFacts, t *lab.Task) string {
	for _, name := range f.tables {
		s, ok := im.Symbol(name)
		if !ok || s.Section == asm.SectionAbs {
			continue
		}
		if n := tableBytes(im, name); s.Section == asm.SectionText || s.Section == asm.SectionProgmem {
			if n < t.RKBytes {
				continue
			}
		}
		return name
	}
	return ""
}

// benchFixes proposes the fields that fix a report that did not measure: an entry symbol the source
// does not define (the Call field names the source's routine) and a round-key table under another
// name (the RK symbol field names it).
func benchFixes(im *asm.Image, req Request, task, rk string, rep *lab.Report) []Fix {
	t := lab.LookupTask(task)
	if t == nil || t.Kind != lab.KindCipher || rep == nil || rep.Pass {
		return nil
	}
	f := factsOf(req.Files[req.Main])
	var fixes []Fix
	rkName := rk
	if rkName == "" {
		rkName = t.RK
	}
	_, haveRK := im.Symbol(rkName)
	cand := ""
	if !haveRK {
		cand = rkCandidate(im, f, t)
	}
	noEntry := strings.Contains(rep.Error, "entry symbol") && strings.Contains(rep.Error, "is not defined")
	if noEntry {
		es := entryCandidates(im, f)
		if len(es) == 0 {
			return nil
		}
		args := "block"
		if !haveRK && cand == "" {
			args = "block, rk"
		}
		fixes = append(fixes, Fix{Field: "call", Value: es[0] + "(" + args + ")",
			Why: textf.Sprintf("the source defines no %s; its routine looks like %s", t.Entry, es[0])})
	}
	// The round keys: the call passes none and the task's table is missing, or the harness passed
	// them in SRAM (the default call without the task's table) and the output is wrong.
	rkWanted := noEntry || strings.Contains(rep.Error, "defines no round-key table") ||
		(rep.Error == "" && rep.Failures > 0 && strings.HasPrefix(rep.RKIn, "sram (harness"))
	if rkWanted && !haveRK && cand != "" {
		fixes = append(fixes, Fix{Field: "rk", Value: cand,
			Why: textf.Sprintf("the source defines no %s; the code reads the table %s", rkName, cand)})
	}
	return fixes
}
