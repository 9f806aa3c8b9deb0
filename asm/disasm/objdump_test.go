package disasm_test

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/avrlab/avrlab/asm/disasm"
	"github.com/avrlab/avrlab/isa"
)

// objdumpLine is one instruction as avr-objdump printed it.
type objdumpLine struct {
	addr uint32
	text string // mnemonic and operands, normalised
}

// runObjdump disassembles file (format "ihex" or "binary") for avr:51, the ATmega128's architecture,
// with one avr-objdump call.
func runObjdump(t *testing.T, file, format string) []objdumpLine {
	t.Helper()
	objdump := needTool(t, "avr-objdump", "binutils-avr")
	out, err := exec.Command(objdump, "-D", "-z", "-b", format, "-m", "avr:51", file).Output()
	if err != nil {
		t.Fatalf("avr-objdump: %v", err)
	}
	var lines []objdumpLine
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		// "   1a:\tc9 81       \tldd\tr28, Y+1\t; 0x01"
		f := strings.Split(sc.Text(), "\t")
		if len(f) < 3 || !strings.HasSuffix(f[0], ":") {
			continue
		}
		a, err := strconv.ParseUint(strings.TrimSpace(strings.TrimSuffix(f[0], ":")), 16, 32)
		if err != nil {
			continue
		}
		text := f[2]
		if len(f) > 3 {
			text += "\t" + f[3]
		}
		lines = append(lines, objdumpLine{addr: uint32(a), text: normalize(text)})
	}
	if len(lines) == 0 {
		t.Fatalf("avr-objdump printed no instructions:\n%.1000s", out)
	}
	return lines
}

// normalize reduces a line of assembly to a comparable form: lower case, no comment, operands separated
// by ",", numbers in decimal.
func normalize(text string) string {
	text, _, _ = strings.Cut(strings.ToLower(text), ";")
	mn, rest, _ := strings.Cut(strings.TrimSpace(text), "\t")
	mn = strings.TrimSpace(mn)
	var ops []string
	if rest = strings.TrimSpace(rest); rest != "" {
		for _, op := range strings.Split(rest, ",") {
			op = strings.TrimSpace(op)
			if v, ok := parseNumber(op); ok {
				op = strconv.FormatInt(v, 10)
			}
			ops = append(ops, op)
		}
	}
	return strings.TrimSpace(mn + " " + strings.Join(ops, ","))
}

// allowedObjdumpMismatch is the one place known differences between avr-objdump and the disassembler
// (with Options.Aliases) are accepted; it returns the reason, or "" when the difference is a failure.
func allowedObjdumpMismatch(ours disasm.Line, theirs string) string {
	if ours.Inst.Form != nil {
		base := normalize(disasm.Format(ours.Inst))
		switch ours.Inst.Form.Op {
		case isa.ADD, isa.ADC, isa.AND, isa.EOR:
			// objdump prints add r5, r5 where we print lsl r5 (likewise rol, tst, clr): both assemble to
			// the same word; lsl/rol/tst/clr say what the code means.
			if theirs == base {
				return "objdump does not use the lsl/rol/tst/clr aliases"
			}
		}
		if ours.Illegal && !strings.HasPrefix(theirs, ".word") && theirs == base {
			// objdump decodes every instruction of every AVR; the ATmega128 lacks this one, and avr-as
			// refuses it for the device, so we print .word.
			return "objdump ignores the device's instruction set"
		}
	}
	return ""
}

// compareObjdump checks our disassembly of flash against avr-objdump's lines.
func compareObjdump(t *testing.T, flash []byte, theirs []objdumpLine) {
	t.Helper()
	ours := map[uint32]disasm.Line{}
	for _, l := range disasm.Disassemble(flash, m128(), disasm.Options{Aliases: true}) {
		ours[l.Addr] = l
	}
	reasons := map[string]int{}
	bad := 0
	for _, th := range theirs {
		o, ok := ours[th.addr]
		var msg string
		switch {
		case !ok:
			msg = "no instruction of ours starts here"
		case normalize(o.Text) == th.text:
			continue
		default:
			if why := allowedObjdumpMismatch(o, th.text); why != "" {
				reasons[why]++
				continue
			}
			msg = fmt.Sprintf("ours %q", o.Text)
		}
		if bad++; bad <= 30 {
			t.Errorf("%#06x: objdump %q, %s", th.addr, th.text, msg)
		}
	}
	if bad > 30 {
		t.Errorf("%d mismatches in all", bad)
	}
	if len(theirs) < len(ours) {
		t.Errorf("objdump printed %d instructions, we %d", len(theirs), len(ours))
	}
	for why, n := range reasons {
		t.Logf("%d allowed differences: %s", n, why)
	}
}

// TestGenObjdump compares the disassembly of the golden bytes with avr-objdump -D of testdata/gen.hex.
func TestGenObjdump(t *testing.T) {
	_, flash := golden(t)
	compareObjdump(t, flash, runObjdump(t, genHexPath, "ihex"))
}

// TestEveryWordObjdump compares the disassembly of every word (see allWords) with avr-objdump's.
func TestEveryWordObjdump(t *testing.T) {
	needTool(t, "avr-objdump", "binutils-avr")
	stream := toBytes(allWords(m128()))
	file := filepath.Join(t.TempDir(), "words.bin")
	if err := os.WriteFile(file, stream, 0o644); err != nil {
		t.Fatal(err)
	}
	compareObjdump(t, stream, runObjdump(t, file, "binary"))
}
