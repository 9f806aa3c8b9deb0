package oracle

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
)

// Source is one program for GNUAssemble.
type Source struct {
	// Name is the file name the source gets on disk, so it appears in
	// avr-gcc's messages. Empty or unusable names (path separators, a
	// leading '-' or '.') become "src.S".
	Name string
	// Text is the assembly source (GNU avr-as dialect, run through cpp).
	Text string
	// Files are extra files next to the source, keyed by a relative
	// slash-separated path, for #include and .include.
	Files map[string]string
	// Defines are passed to the preprocessor as -D options ("NAME" or
	// "NAME=value").
	Defines []string
	// Link names further files of Files (relative paths) that avr-gcc
	// assembles separately and links after Name, in this order: a program
	// of several files.
	Link []string
	// Include are folders (relative paths, "." for the source's own) passed
	// as -I options, in order.
	Include []string
}

// GNUResult is what the GNU toolchain made of one Source.
type GNUResult struct {
	// Flash holds the bytes of the Intel HEX file from address 0 up to the
	// highest address it fills. Addresses the HEX file does not cover are
	// 0xFF, as in erased flash.
	Flash []byte
	// Present tells, for each byte of Flash, whether the HEX file has it.
	Present []bool
	// Hex is the Intel HEX file as avr-objcopy wrote it.
	Hex string
	// Log is everything avr-gcc and avr-objcopy printed (warnings on
	// success, errors on failure).
	Log string
	// Err is empty on success; otherwise it holds the error text.
	Err string
}

// HaveGNU reports whether avr-gcc and avr-objcopy (and sh, which runs them)
// are on PATH.
func HaveGNU() bool {
	for _, tool := range []string{"avr-gcc", "avr-objcopy", "sh"} {
		if _, err := exec.LookPath(tool); err != nil {
			return false
		}
	}
	return true
}

// GNUAssemble assembles and links each source for mcu with
//
//	avr-gcc -mmcu=MCU -nostartfiles -nostdlib -x assembler-with-cpp [-D...] [-I...] -o out.elf NAME [LINK...]
//	avr-objcopy -O ihex -j .text -j .data out.elf out.hex
//
// and returns, per source in order, the decoded HEX image or that source's
// error text. All sources go to a single sh process, which runs up to two
// worker loops in parallel. The returned error is for failures of the batch
// itself (bad mcu name, temporary directory, sh not runnable).
func GNUAssemble(mcu string, sources []Source) ([]GNUResult, error) {
	if !validMCU(mcu) {
		return nil, fmt.Errorf("oracle: invalid mcu name %q", mcu)
	}
	results := make([]GNUResult, len(sources))
	if len(sources) == 0 {
		return results, nil
	}
	dir, err := os.MkdirTemp("", "avrlab-gnu-")
	if err != nil {
		return nil, fmt.Errorf("oracle: %w", err)
	}
	defer os.RemoveAll(dir)

	workers := min(2, runtime.NumCPU())
	calls := make([][]string, workers)
	for i, src := range sources {
		name, err := writeSource(filepath.Join(dir, jobDir(i)), src)
		if err != nil {
			results[i].Err = err.Error()
			continue
		}
		args := []string{"run", jobDir(i), shellQuote(name)}
		for _, d := range src.Defines {
			args = append(args, shellQuote("-D"+d))
		}
		for _, d := range src.Include {
			args = append(args, shellQuote("-I"+d))
		}
		bad := ""
		for _, f := range src.Link {
			if _, ok := src.Files[f]; !ok || strings.HasPrefix(f, "-") {
				bad = f
				break
			}
			args = append(args, shellQuote(f))
		}
		if bad != "" {
			results[i].Err = fmt.Sprintf("oracle: file %q to link is not in Files", bad)
			continue
		}
		w := i % workers
		calls[w] = append(calls[w], strings.Join(args, " "))
	}

	var script strings.Builder
	fmt.Fprintf(&script, `run() {
	d=$1; f=$2; shift 2
	(
		cd "$d" || exit 1
		avr-gcc -mmcu=%s -nostartfiles -nostdlib -x assembler-with-cpp -o out.elf "$f" "$@" >log 2>&1 &&
		avr-objcopy -O ihex -j .text -j .data out.elf out.hex >>log 2>&1
		echo $? >rc
	)
}
`, mcu)
	if err := runWorkers(dir, script.String(), calls, "avr-gcc"); err != nil {
		return nil, err
	}

	for i := range sources {
		if results[i].Err != "" {
			continue
		}
		results[i] = collectGNU(filepath.Join(dir, jobDir(i)))
	}
	return results, nil
}

func jobDir(i int) string { return "s" + strconv.Itoa(i) }

// runWorkers runs one sh process in dir: the script prelude (which defines the run function the
// calls use), then one background worker loop per list of calls, then waits for them all. tool names
// the program run, for the error of a batch that cannot run.
func runWorkers(dir, prelude string, calls [][]string, tool string) error {
	var script strings.Builder
	script.WriteString(prelude)
	for w, list := range calls {
		fmt.Fprintf(&script, "worker%d() {\n\t:\n", w)
		for _, c := range list {
			fmt.Fprintf(&script, "\t%s\n", c)
		}
		fmt.Fprintf(&script, "}\nworker%d &\n", w)
	}
	script.WriteString("wait\n")
	scriptPath := filepath.Join(dir, "run.sh")
	if err := os.WriteFile(scriptPath, []byte(script.String()), 0o644); err != nil {
		return fmt.Errorf("oracle: %w", err)
	}
	cmd := exec.Command("sh", scriptPath)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("oracle: running %s batch: %v: %s", tool, err, bytes.TrimSpace(out))
	}
	return nil
}

// collectGNU reads the outputs the script left in one job directory.
func collectGNU(d string) GNUResult {
	var r GNUResult
	logText, _ := os.ReadFile(filepath.Join(d, "log"))
	r.Log = string(logText)
	rc, err := os.ReadFile(filepath.Join(d, "rc"))
	if err != nil {
		r.Err = "avr-gcc did not run"
		return r
	}
	if strings.TrimSpace(string(rc)) != "0" {
		r.Err = strings.TrimSpace(r.Log)
		if r.Err == "" {
			r.Err = "avr-gcc failed with status " + strings.TrimSpace(string(rc))
		}
		return r
	}
	hex, err := os.ReadFile(filepath.Join(d, "out.hex"))
	if err != nil {
		r.Err = "no hex output: " + err.Error()
		return r
	}
	flash, present, err := DecodeIHex(hex)
	if err != nil {
		r.Err = err.Error()
		return r
	}
	r.Flash, r.Present, r.Hex = flash, present, string(hex)
	return r
}

// writeSource creates dir with the source and its extra files and returns
// the source's file name.
func writeSource(dir string, src Source) (string, error) {
	name := src.Name
	if name == "" || strings.ContainsAny(name, "/\\\x00") || name[0] == '-' || name[0] == '.' || reservedName(name) {
		name = "src.S"
	}
	files := map[string]string{name: src.Text}
	for p, text := range src.Files {
		clean := path.Clean(p)
		if p == "" || path.IsAbs(clean) || clean == "." || clean == ".." ||
			strings.HasPrefix(clean, "../") || strings.ContainsRune(clean, 0) {
			return "", fmt.Errorf("oracle: invalid extra file path %q", p)
		}
		if clean == name || reservedName(clean) {
			return "", fmt.Errorf("oracle: extra file name %q is taken", p)
		}
		files[clean] = text
	}
	for p, text := range files {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			return "", fmt.Errorf("oracle: %w", err)
		}
		if err := os.WriteFile(full, []byte(text), 0o644); err != nil {
			return "", fmt.Errorf("oracle: %w", err)
		}
	}
	return name, nil
}

// reservedName reports whether the job script writes a file of that name.
func reservedName(name string) bool {
	switch name {
	case "log", "rc", "out.elf", "out.hex":
		return true
	}
	return false
}

func validMCU(mcu string) bool {
	if mcu == "" || len(mcu) > 40 {
		return false
	}
	for _, c := range mcu {
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_') {
			return false
		}
	}
	return true
}

// shellQuote quotes s for POSIX sh.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// maxIHexAddress bounds the images DecodeIHex builds. avr-gcc's ELF
// addresses at 0x800000 and above are data space, EEPROM, fuses, lock bits
// and signature; none of them is flash.
const maxIHexAddress = 0x800000

// DecodeIHex decodes an Intel HEX file (record types 00 data, 01 end of
// file, 02 extended segment address, 03/05 start address, 04 extended
// linear address) into a byte slice from address 0 to the highest address
// written, with gaps set to 0xFF, and a parallel mask of the bytes the file
// actually contains. Checksums are verified. An address at or above
// 0x800000 is an error. It is not asm/ihex on purpose: an oracle's answer must not pass through the
// code it checks.
func DecodeIHex(text []byte) (flash []byte, present []bool, err error) {
	var base uint32
	lines := strings.Split(strings.ReplaceAll(string(text), "\r\n", "\n"), "\n")
	ended := false
	for n, line := range lines {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		if ended {
			return nil, nil, fmt.Errorf("ihex line %d: record after end of file", n+1)
		}
		if line[0] != ':' || len(line) < 11 || len(line)%2 != 1 {
			return nil, nil, fmt.Errorf("ihex line %d: malformed record", n+1)
		}
		rec := make([]byte, (len(line)-1)/2)
		for i := range rec {
			v, perr := strconv.ParseUint(line[1+2*i:3+2*i], 16, 8)
			if perr != nil {
				return nil, nil, fmt.Errorf("ihex line %d: bad hex digits", n+1)
			}
			rec[i] = byte(v)
		}
		count := int(rec[0])
		if len(rec) != count+5 {
			return nil, nil, fmt.Errorf("ihex line %d: length byte says %d data bytes, record has %d", n+1, count, len(rec)-5)
		}
		var sum byte
		for _, b := range rec {
			sum += b
		}
		if sum != 0 {
			return nil, nil, fmt.Errorf("ihex line %d: checksum mismatch", n+1)
		}
		addr := uint32(rec[1])<<8 | uint32(rec[2])
		data := rec[4 : 4+count]
		switch rec[3] {
		case 0x00:
			for i, b := range data {
				a := base + addr + uint32(i)
				if a >= maxIHexAddress {
					return nil, nil, fmt.Errorf("ihex line %d: address %#x is outside flash", n+1, a)
				}
				if int(a) >= len(flash) {
					grow := int(a) + 1 - len(flash)
					flash = append(flash, bytes.Repeat([]byte{0xFF}, grow)...)
					present = append(present, make([]bool, grow)...)
				}
				flash[a] = b
				present[a] = true
			}
		case 0x01:
			ended = true
		case 0x02:
			if count != 2 {
				return nil, nil, fmt.Errorf("ihex line %d: bad extended segment address record", n+1)
			}
			base = (uint32(data[0])<<8 | uint32(data[1])) << 4
		case 0x04:
			if count != 2 {
				return nil, nil, fmt.Errorf("ihex line %d: bad extended linear address record", n+1)
			}
			base = (uint32(data[0])<<8 | uint32(data[1])) << 16
		case 0x03, 0x05:
			// start address: no bytes
		default:
			return nil, nil, fmt.Errorf("ihex line %d: unknown record type %#02x", n+1, rec[3])
		}
	}
	if !ended {
		return nil, nil, errors.New("ihex: missing end-of-file record")
	}
	return flash, present, nil
}
