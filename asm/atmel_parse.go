//go:build !avrlab_core

package asm

import (
	"github.com/avrlab/avrlab/asm/atmel"
	"github.com/avrlab/avrlab/asm/obj"
)

// compileAtmel runs package asm/atmel's front end on an AVRASM2 source (see [Compile]).
func compileAtmel(name string, src []byte, cfg Config) (*obj.Object, error) {
	return atmel.Parse(name, src, atmel.Config{Device: cfg.Device, FS: cfg.FS, Defines: cfg.Defines,
		Include: cfg.Include, MaxErrors: cfg.MaxErrors, MaxFileBytes: cfg.MaxFileBytes,
		MaxTotalBytes: cfg.MaxTotalBytes}), nil
}
