package main

import (
	"flag"
	"fmt"

	"github.com/avrlab/avrlab/asm"
)

// dialectUsage documents -dialect.
const dialectUsage = `source dialect: gnu (avr-as, .S) or atmel (AVRASM2, .asm); default: each file's own: atmel for .asm and .inc files and for a "; avrlab dialect: atmel" line, else gnu`

// dialectFlag adds -dialect.
func dialectFlag(fl *flag.FlagSet) *string { return fl.String("dialect", "", dialectUsage) }

// setDialect gives the program the -dialect flag's dialect ("" leaves each file its own), refusing an
// unknown name.
func setDialect(cp *cliProgram, dialect string) error {
	if dialect != "" {
		if _, err := asm.DialectOf("", nil, dialect); err != nil {
			return fmt.Errorf("unknown -dialect %q (gnu or atmel)", dialect)
		}
	}
	cp.prog.Dialect = dialect
	return nil
}

// flagSet reports whether the flag called name was given on the command line.
func flagSet(fl *flag.FlagSet, name string) bool {
	set := false
	fl.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}
