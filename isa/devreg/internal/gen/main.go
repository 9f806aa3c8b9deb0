// Command gen writes package devreg's tables.go: every register, bit and constant avr-libc's <avr/io.h>
// defines for each device named on the command line (go generate passes isa.DeviceNames(); devreg's
// test checks the list), read through avr-gcc's preprocessor (extract.go says how) and encoded as
// encode.go says. Run it from isa/devreg with go generate.
//
// The installed avr-libc (Debian's 2.0.0) lacks the ATmega4809: -upstream names the include/ directory
// of a newer avr-libc tree for it (default $AVRLIBC_UPSTREAM, label $AVRLIBC_UPSTREAM_LABEL):
//
//	AVRLIBC_UPSTREAM=/src/avr-libc/include AVRLIBC_UPSTREAM_LABEL="avr-libc git b6c2bb81" go generate ./isa/devreg
//
// Without one, a device that needs it keeps the table the -keep file (default the output) has.
//
// The package is self-contained (no avrlab import), as everything under isa/ is.
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
)

func main() {
	envDir, envLabel := UpstreamFromEnv()
	out := flag.String("o", "tables.go", "output file")
	keepFrom := flag.String("keep", "", "the tables.go whose tables to keep for devices without headers (default: -o)")
	upstream := flag.String("upstream", envDir, "avr-libc include directory for devices the installed avr-libc lacks")
	label := flag.String("label", envLabel, "how the tables name -upstream, e.g. \"avr-libc git b6c2bb81\"")
	gcc := flag.String("gcc", "avr-gcc", "the avr-gcc binary")
	flag.Parse()
	if *keepFrom == "" {
		*keepFrom = *out
	}
	cfg := Config{GCC: *gcc, Upstream: *upstream, UpstreamLabel: *label, Fallbacks: DefaultFallbacks()}
	if err := run(*out, *keepFrom, flag.Args(), cfg); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

func run(out, keepFrom string, devices []string, cfg Config) error {
	if len(devices) == 0 {
		return errors.New("no devices named")
	}
	old, _ := os.ReadFile(keepFrom)
	var tables []*Table
	for _, name := range devices {
		d, err := Extract(cfg, name)
		var t *Table
		switch {
		case errors.Is(err, ErrNoHeaders):
			if t, err = Parse(old, name); err != nil {
				return fmt.Errorf("%s: %w, and %s has no table to keep: %v", name, ErrNoHeaders, keepFrom, err)
			}
			fmt.Fprintf(os.Stderr, "gen: %s: no headers; kept the table of %s\n", name, keepFrom)
		case err != nil:
			return err
		default:
			if t, err = NewTable(d); err != nil {
				return err
			}
		}
		tables = append(tables, t)
	}
	src, err := Generate(tables)
	if err != nil {
		return err
	}
	if prev, _ := os.ReadFile(out); bytes.Equal(src, prev) {
		return nil
	}
	return os.WriteFile(out, src, 0o644)
}
