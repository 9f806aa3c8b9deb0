// Command gen writes package devreg's tables.go: every register, bit and constant avr-libc's <avr/io.h>
// defines for each device of [isa.DeviceNames], read through avr-gcc's preprocessor (see package
// extract). Run it from isa/devreg with go generate. The installed avr-libc (Debian's 2.0.0) lacks the
// ATmega4809; -upstream names the include/ directory of a newer avr-libc tree for it:
//
//	go generate ./isa/devreg   # with AVRLIBC_UPSTREAM=/path/to/avr-libc/include
//	go run ./internal/gen -upstream /path/to/avr-libc/include -label "avr-libc git b6c2bb81"
//
// Without one, the ATmega4809's table is kept as the current tables.go has it.
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"

	"github.com/avrlab/avrlab/isa"
	"github.com/avrlab/avrlab/isa/devreg/internal/extract"
)

func main() {
	envDir, envLabel := extract.UpstreamFromEnv()
	out := flag.String("o", "tables.go", "output file")
	upstream := flag.String("upstream", envDir, "avr-libc include directory for devices the installed avr-libc lacks (default $AVRLIBC_UPSTREAM)")
	label := flag.String("label", envLabel, "how the tables name -upstream, e.g. \"avr-libc git b6c2bb81\" (default $AVRLIBC_UPSTREAM_LABEL)")
	gcc := flag.String("gcc", "avr-gcc", "the avr-gcc binary")
	flag.Parse()
	if err := run(*out, extract.Config{GCC: *gcc, Upstream: *upstream, UpstreamLabel: *label, Fallbacks: extract.DefaultFallbacks()}); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

func run(out string, cfg extract.Config) error {
	old, _ := os.ReadFile(out)
	var devs []*extract.Device
	for _, name := range isa.DeviceNames() {
		d, err := extract.Extract(cfg, name)
		if errors.Is(err, extract.ErrNoHeaders) {
			if d, err = keep(old, name); err != nil {
				return err
			}
			fmt.Fprintf(os.Stderr, "gen: %s: no headers; kept the table of %s\n", name, out)
		} else if err != nil {
			return err
		}
		devs = append(devs, d)
	}
	src, err := extract.Generate(devs)
	if err != nil {
		return err
	}
	if bytes.Equal(src, old) {
		return nil
	}
	return os.WriteFile(out, src, 0o644)
}

// keep returns a device's table as the existing tables.go file holds it.
func keep(old []byte, name string) (*extract.Device, error) {
	d, err := extract.Parse(old, name)
	if err != nil {
		return nil, fmt.Errorf("%s: %w, and the existing tables have none: %v", name, extract.ErrNoHeaders, err)
	}
	return d, nil
}
