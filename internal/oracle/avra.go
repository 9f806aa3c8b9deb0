package oracle

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// AvraResult is what avra made of one Source.
type AvraResult struct {
	// Flash holds the bytes of the code segment's Intel HEX file from
	// address 0 up to the highest address it fills; addresses the file does
	// not cover are 0xFF. Present tells which bytes the file has.
	Flash   []byte
	Present []bool
	// EEPROM and EEPresent are the same for the EEPROM segment (.eseg);
	// both are nil when the program puts nothing there.
	EEPROM    []byte
	EEPresent []bool
	// Log is everything avra printed (its banner, warnings, errors).
	Log string
	// Err is empty on success; otherwise it holds avra's error lines.
	Err string
}

// HaveAvra reports whether avra (and sh, which runs it) are on PATH.
func HaveAvra() bool {
	for _, tool := range []string{"avra", "sh"} {
		if _, err := exec.LookPath(tool); err != nil {
			return false
		}
	}
	return true
}

// NeedAvra makes a test depend on avra: without it the test is skipped
// with an install hint, or fails when the environment variable CI is set.
func NeedAvra(tb testing.TB) {
	tb.Helper()
	for _, tool := range []string{"avra", "sh"} {
		RequireTool(tb, tool, "install with: apt-get install avra")
	}
}

// Avra assembles each source (AVRASM2 dialect) with
//
//	avra [-D NAME[=VALUE]...] -o out.hex -e out.eep -d out.obj NAME
//
// and returns, per source in order, the decoded code and EEPROM images or
// that source's error text. The device is whatever the source's .device
// line (or its .include'd definition file) names: avra has no option for
// it. A source without a usable Name is written as "src.asm"; its Files
// sit beside it, and avra also searches its own include directory
// (/usr/share/avra on Debian, with Atmel's device definition files) for
// .include. All sources go to one sh process, which runs up to two worker
// loops in parallel. The returned error is for failures of the batch itself
// (temporary directory, sh not runnable).
func Avra(sources []Source) ([]AvraResult, error) {
	results := make([]AvraResult, len(sources))
	if len(sources) == 0 {
		return results, nil
	}
	dir, err := os.MkdirTemp("", "avrlab-avra-")
	if err != nil {
		return nil, fmt.Errorf("oracle: %w", err)
	}
	defer os.RemoveAll(dir)

	workers := min(2, runtime.NumCPU())
	calls := make([][]string, workers)
	for i, src := range sources {
		if !usableName(src.Name) {
			src.Name = "src.asm"
		}
		name, err := writeSource(filepath.Join(dir, jobDir(i)), src)
		if err != nil {
			results[i].Err = err.Error()
			continue
		}
		args := []string{"run", jobDir(i), shellQuote(name)}
		for _, d := range src.Defines {
			args = append(args, "-D", shellQuote(d)) // avra wants the value as its own argument
		}
		w := i % workers
		calls[w] = append(calls[w], strings.Join(args, " "))
	}

	const prelude = `run() {
	d=$1; f=$2; shift 2
	(
		cd "$d" || exit 1
		avra "$@" -o out.hex -e out.eep -d out.obj "$f" >log 2>&1 </dev/null
		echo $? >rc
	)
}
`
	if err := runWorkers(dir, prelude, calls, "avra"); err != nil {
		return nil, err
	}
	for i := range sources {
		if results[i].Err != "" {
			continue
		}
		results[i] = collectAvra(filepath.Join(dir, jobDir(i)))
	}
	return results, nil
}

// usableName reports whether writeSource would keep name as it is (and the
// job script's own outputs do not clash with it).
func usableName(name string) bool {
	if name == "" || strings.ContainsAny(name, "/\\\x00") || name[0] == '-' || name[0] == '.' || reservedName(name) {
		return false
	}
	switch name {
	case "out.eep", "out.obj":
		return false
	}
	return true
}

// collectAvra reads the outputs avra left in one job directory.
func collectAvra(d string) AvraResult {
	var r AvraResult
	logText, _ := os.ReadFile(filepath.Join(d, "log"))
	r.Log = string(logText)
	rc, err := os.ReadFile(filepath.Join(d, "rc"))
	if err != nil {
		r.Err = "avra did not run"
		return r
	}
	if strings.TrimSpace(string(rc)) != "0" {
		r.Err = avraErrors(r.Log)
		if r.Err == "" {
			r.Err = "avra failed with status " + strings.TrimSpace(string(rc))
		}
		return r
	}
	hex, err := os.ReadFile(filepath.Join(d, "out.hex"))
	if err != nil {
		r.Err = "no hex output: " + err.Error()
		return r
	}
	if r.Flash, r.Present, err = DecodeIHex(hex); err != nil {
		r.Err = "out.hex: " + err.Error()
		return r
	}
	if eep, err := os.ReadFile(filepath.Join(d, "out.eep")); err == nil {
		if r.EEPROM, r.EEPresent, err = DecodeIHex(eep); err != nil {
			r.Flash, r.Present = nil, nil
			r.Err = "out.eep: " + err.Error()
		}
	}
	return r
}

// avraErrors picks avra's error lines ("file(line) : Error : ...") out of
// its log, or returns the whole log without the banner when there are none.
func avraErrors(log string) string {
	var errs, rest []string
	for _, line := range strings.Split(log, "\n") {
		line = strings.TrimSpace(line)
		switch {
		case line == "", strings.HasPrefix(line, "AVRA:"), strings.HasPrefix(line, "Pass "):
		case strings.Contains(line, ": Error"):
			errs = append(errs, line)
		default:
			rest = append(rest, line)
		}
	}
	if len(errs) > 0 {
		return strings.Join(errs, "\n")
	}
	return strings.Join(rest, "\n")
}
