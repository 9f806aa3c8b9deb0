package main

import (
	"fmt"
	"go/token"

	"github.com/avrlab/avrlab/asm"
	"github.com/avrlab/avrlab/asm/atmel"
	"github.com/avrlab/avrlab/asm/obj"
)

// dialectUsage documents -dialect.
const dialectUsage = `source dialect: gnu (avr-as, .S) or atmel (AVRASM2, .asm); default: atmel for .asm and .inc files and for a "; avrlab dialect: atmel" line, else gnu`

// assembleDialect assembles the program as its dialect says: flag ("gnu", "atmel" or "" for each
// file's own, see atmel.Detect) decides. A GNU program goes to the program's Assemble; an AVRASM2
// program is one file (with what it includes), assembled by asm/atmel and linked by asm.Link. device
// is -device; deviceSet tells whether it was given (else a .device line chooses the part).
func assembleDialect(cp *cliProgram, flag, device string, deviceSet bool, defs map[string]string) (*asm.Image, error) {
	d := atmel.GNU
	if flag != "" {
		var ok bool
		if d, ok = atmel.ParseDialect(flag); !ok {
			return nil, fmt.Errorf("unknown -dialect %q (gnu or atmel)", flag)
		}
	}
	var atmelFile string
	for _, f := range cp.prog.Files {
		fd := d
		if flag == "" {
			src, err := asm.ReadSource(cp.prog.FS, f, 0)
			if err != nil {
				return nil, asm.ErrorList{{Pos: token.Position{Filename: f}, Msg: err.Error()}}
			}
			fd = atmel.Detect(f, src)
		}
		if fd == atmel.Atmel {
			atmelFile = f
		}
	}
	if atmelFile == "" {
		return cp.prog.Assemble(device, defs)
	}
	if len(cp.prog.Files) > 1 {
		return nil, fmt.Errorf("%s is an AVRASM2 source: an AVRASM2 program is one file (with the files it .includes)", atmelFile)
	}
	src, err := asm.ReadSource(cp.prog.FS, atmelFile, 0)
	if err != nil {
		return nil, asm.ErrorList{{Pos: token.Position{Filename: atmelFile}, Msg: err.Error()}}
	}
	cfg := atmel.Config{FS: cp.prog.FS, Defines: defs, Include: cp.prog.Include}
	if deviceSet {
		cfg.Device = device
	}
	o := atmel.Parse(atmelFile, src, cfg)
	return asm.Link(o.Device, []*obj.Object{o}, 0)
}
