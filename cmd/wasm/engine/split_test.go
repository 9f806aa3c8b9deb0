package engine

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/avrlab/avrlab/isa/devreg"
)

// TestNeedsTools: the requests the core module leaves to tools.wasm (and HandleCore answers
// {"redirect":"tools"}) are the debugger's, the leakage pane's, a linked program's, one with an
// AVRASM2 source and a Run of an exercise with leakage goals (its README's or its tests.txt's); the
// live runs of that exercise, other exercises and plain benches stay in the core.
func TestNeedsTools(t *testing.T) {
	readme, err := os.ReadFile("../../../examples/exercises/aes128-remove-leak/README.md")
	if err != nil {
		t.Fatal(err)
	}
	req := func(r map[string]any) []byte {
		b, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	files := map[string]string{"main.S": "; avrlab task: cham64-128\n"}
	for _, c := range []struct {
		op   string
		arg  []byte
		want bool
	}{
		{"debug-start", req(map[string]any{"files": files, "main": "main.S"}), true},
		{"debug-profile", nil, true},
		{"leak", req(map[string]any{"files": files, "main": "main.S", "traces": 10}), true},
		{"bench", req(map[string]any{"files": files, "main": "x.elf", "binary": "f0VMRg==", "task": "cham64-128"}), true},
		{"devices", req(map[string]any{"files": files, "main": "x.hex", "binary": "OjAw"}), true},
		{"bench", req(map[string]any{"files": files, "main": "main.S", "goals": string(readme)}), true},
		{"bench", req(map[string]any{"files": files, "main": "main.S", "tests": "goal: cpa-resists 100\n"}), true},
		{"bench", req(map[string]any{"files": files, "main": "main.S", "goals": string(readme), "budget": 10_000_000}), false},
		{"bench", req(map[string]any{"files": files, "main": "main.S", "goals": "goal: pass\ngoal: rank >= 10\n"}), false},
		{"bench", req(map[string]any{"files": files, "main": "main.S"}), false},
		{"bench", []byte("{not json"), false},
		{"meta", nil, true},
		{"hex", req(map[string]any{"files": files, "main": "main.S"}), false},
		// An AVRASM2 file anywhere among the sources (the core links no asm/atmel front end): by its
		// extension or its dialect line; a GNU file says so, Markdown and text are never assembled.
		{"bench", req(map[string]any{"files": map[string]string{"speck.asm": ".device ATmega128\n"}, "main": "speck.asm"}), true},
		{"assemble", req(map[string]any{"files": map[string]string{"main.S": files["main.S"], "keys.inc": ".equ K = 1\n"}, "main": "main.S"}), true},
		{"hex", req(map[string]any{"files": map[string]string{"m.S": "; avrlab dialect: atmel\n"}, "main": "m.S"}), true},
		{"devices", req(map[string]any{"files": map[string]string{"m.asm": "; avrlab dialect: gnu\n", "notes.md": "x", "t.txt": "y"}, "main": "m.asm"}), false},
	} {
		if got := NeedsTools(c.op, c.arg); got != c.want {
			t.Errorf("NeedsTools(%s, %.80s) = %v, want %v", c.op, c.arg, got, c.want)
		}
		// HandleCore, which reads the request once for both, sends on the same ones.
		if got := string(HandleCore(nil, Caches{}, c.op, c.arg, nil, nil)) == RedirectJSON; got != c.want {
			t.Errorf("HandleCore(%s, %.80s) redirects: %v, want %v", c.op, c.arg, got, c.want)
		}
	}
}

// ioHeaderNamed and ioHeaderByMacro include <avr/io.h>, the second through a macro whose text does
// not name it: TestCoreSendsIOHeader sends both to tools.wasm.
const (
	ioHeaderNamed   = "#include <avr/io.h>\nout _SFR_IO_ADDR(PORTB), r16\n"
	ioHeaderByMacro = "#define HEADER(x) <avr/x.h>\n#include HEADER(io)\nout _SFR_IO_ADDR(PORTB), r16\n"
)

// TestIOHeaderInTools: the whole engine (tools.wasm's build, with devreg's tables) assembles the
// sources that include <avr/io.h> (PORTB is I/O address 5 on the ATmega328P: out 0x05, r16 is b9 05).
func TestIOHeaderInTools(t *testing.T) {
	if !devreg.Linked {
		t.Skip("the core build links no table")
	}
	for _, src := range []string{ioHeaderNamed, ioHeaderByMacro} {
		resp := Assemble(Request{Files: map[string]string{"main.S": src}, Main: "main.S", Device: "atmega328p"}, true)
		if len(resp.Errors) != 0 || !strings.Contains(resp.Hex, "05B9") {
			t.Errorf("Assemble(%q): errors %v, hex %q; want out 0x05, r16 (05 B9)", src, resp.Errors, resp.Hex)
		}
	}
}
