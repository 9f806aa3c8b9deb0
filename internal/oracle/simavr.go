package oracle

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

//go:embed testdata/simavr_runner.c
var runnerSource []byte

// Compiler arguments before and after the runner's source file.
const (
	runnerCFlags = "-O2 -I/usr/include/simavr -I/usr/local/include/simavr"
	runnerLibs   = "-lsimavr"
)

// DefaultMaxCycles is the cycle limit of a SimJob whose MaxCycles is 0.
const DefaultMaxCycles = 10_000_000

// SimJob is one program for Simavr.
type SimJob struct {
	// MCU is a device name simavr knows, e.g. "atmega128".
	MCU string
	// Flash is the image copied to flash address 0; the rest of flash is
	// 0xFF.
	Flash []byte
	// Hex, when not empty, is an Intel HEX file loaded instead of Flash, by
	// simavr's own reader (read_ihex_chunks), each chunk at its address as
	// simavr's run_avr loads a .hex: bytes the file does not write stay
	// erased, 0xFF.
	Hex []byte
	// MaxCycles stops the run at the first instruction boundary where the
	// cycle counter is at least MaxCycles (0 means DefaultMaxCycles).
	MaxCycles uint64
}

// Stop states of a SimState.
const (
	StateSleep   = "sleep"   // SLEEP executed with the I flag set
	StateDone    = "done"    // SLEEP executed with the I flag clear
	StateBreak   = "break"   // BREAK executed
	StateCrashed = "crashed" // simavr reported a crash (see Log)
	StateLimit   = "limit"   // MaxCycles reached
	StateError   = "error"   // the job could not run (see Err)
)

// SimState is the machine state simavr reached for one SimJob.
type SimState struct {
	// State is one of the State* constants.
	State string
	// Cycles is simavr's cycle counter: every cycle of every instruction
	// executed, including the SLEEP or BREAK that stopped the run.
	Cycles uint64
	// PC is the word address of the next instruction (simavr keeps a byte
	// address; this is that value divided by 2). After SLEEP or BREAK it
	// points just past that instruction.
	PC uint32
	// SP is the stack pointer (simavr starts it at RAMEND).
	SP uint16
	// SREG is packed from simavr's unpacked flag array, bit 0 = C ...
	// bit 7 = I.
	SREG uint8
	// R are the registers r0..r31.
	R [32]uint8
	// IO is data space 0x20 .. RAMStart-1 as stored in simavr's memory
	// (SREG there may be stale: use the SREG field).
	IO []byte
	// RAMStart is the first SRAM address of the device.
	RAMStart uint16
	// SRAM is data space RAMStart .. RAMEND.
	SRAM []byte
	// Log holds messages simavr logged for this job (crash reasons).
	Log string
	// Err explains StateError.
	Err string
}

// HaveSimavr reports whether the simavr runner can be built and run: a C
// compiler (cc) plus the libsimavr headers and library.
func HaveSimavr() bool {
	_, err := runnerBinary()
	return err == nil
}

// Simavr runs every job in one simavr runner process and returns the
// states in job order. A job that crashes simavr's core yields
// StateCrashed; should the runner process itself die, that job yields
// StateError and a new runner continues with the next job. The error is
// for failures to build or start the runner.
func Simavr(jobs []SimJob) ([]SimState, error) {
	results := make([]SimState, len(jobs))
	for i, j := range jobs {
		if j.MCU == "" || strings.ContainsAny(j.MCU, " \t\r\n") {
			return nil, fmt.Errorf("oracle: job %d: invalid mcu name %q", i, j.MCU)
		}
	}
	if len(jobs) == 0 {
		return results, nil
	}
	bin, err := runnerBinary()
	if err != nil {
		return nil, err
	}
	return runJobs(bin, jobs, results)
}

// runJobs runs jobs through the runner at bin, starting a new runner after
// one dies.
func runJobs(bin string, jobs []SimJob, results []SimState) ([]SimState, error) {
	for next := 0; next < len(jobs); {
		n, stderr, err := runBatch(bin, jobs[next:], results[next:])
		if err != nil {
			return nil, err
		}
		next += n
		if next < len(jobs) {
			results[next] = SimState{State: StateError,
				Err: "simavr runner died: " + strings.TrimSpace(stderr)}
			next++
		}
	}
	return results, nil
}

// runnerLine is one JSON line of the runner.
type runnerLine struct {
	Job      int    `json:"job"`
	State    string `json:"state"`
	Cycles   uint64 `json:"cycles"`
	PC       uint32 `json:"pc"`
	SP       uint16 `json:"sp"`
	SREG     uint8  `json:"sreg"`
	RAMStart uint16 `json:"ramstart"`
	R        string `json:"r"`
	IO       string `json:"io"`
	SRAM     string `json:"sram"`
	Log      string `json:"log"`
	Err      string `json:"err"`
}

// runBatch runs one runner process over jobs, filling out, and returns how
// many results it got before the runner ended, plus the tail of its
// standard error.
func runBatch(bin string, jobs []SimJob, out []SimState) (int, string, error) {
	var hexDir string
	for _, j := range jobs {
		if len(j.Hex) > 0 {
			d, err := os.MkdirTemp("", "avrlab-simavr-hex-")
			if err != nil {
				return 0, "", fmt.Errorf("oracle: %w", err)
			}
			defer os.RemoveAll(d)
			hexDir = d
			break
		}
	}
	hexPaths := make([]string, len(jobs))
	for i, j := range jobs {
		if len(j.Hex) > 0 {
			hexPaths[i] = filepath.Join(hexDir, fmt.Sprintf("job%d.hex", i))
			if err := os.WriteFile(hexPaths[i], j.Hex, 0o644); err != nil {
				return 0, "", fmt.Errorf("oracle: %w", err)
			}
		}
	}
	cmd := exec.Command(bin)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return 0, "", fmt.Errorf("oracle: %w", err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return 0, "", fmt.Errorf("oracle: %w", err)
	}
	stderr := &tailBuffer{max: 4096}
	cmd.Stderr = stderr
	if err := cmd.Start(); err != nil {
		return 0, "", fmt.Errorf("oracle: starting simavr runner: %w", err)
	}
	go func() {
		w := bufio.NewWriterSize(stdin, 1<<16)
		for i, j := range jobs {
			maxCycles := j.MaxCycles
			if maxCycles == 0 {
				maxCycles = DefaultMaxCycles
			}
			flash := "-"
			switch {
			case hexPaths[i] != "":
				flash = "@" + hexPaths[i]
			case len(j.Flash) > 0:
				flash = hex.EncodeToString(j.Flash)
			}
			if _, err := fmt.Fprintf(w, "%s %d %s\n", j.MCU, maxCycles, flash); err != nil {
				break
			}
		}
		w.Flush()
		stdin.Close()
	}()

	r := bufio.NewReaderSize(stdout, 1<<16)
	n := 0
	var parseErr error
	for n < len(jobs) {
		line, err := r.ReadBytes('\n')
		if len(line) == 0 && err != nil {
			break
		}
		st, perr := parseRunnerLine(line, n)
		if perr != nil {
			parseErr = perr
			break
		}
		out[n] = st
		n++
	}
	if parseErr != nil {
		cmd.Process.Kill()
	}
	io.Copy(io.Discard, stdout)
	cmd.Wait()
	if parseErr != nil {
		return n, "", parseErr
	}
	return n, stderr.String(), nil
}

func parseRunnerLine(line []byte, job int) (SimState, error) {
	var l runnerLine
	if err := json.Unmarshal(line, &l); err != nil {
		return SimState{}, fmt.Errorf("oracle: bad runner output for job %d: %v", job, err)
	}
	if l.Job != job {
		return SimState{}, fmt.Errorf("oracle: runner answered job %d, expected %d", l.Job, job)
	}
	st := SimState{State: l.State, Cycles: l.Cycles, PC: l.PC / 2, SP: l.SP, SREG: l.SREG,
		RAMStart: l.RAMStart, Log: l.Log, Err: l.Err}
	if l.State == StateError {
		return st, nil
	}
	regs, err1 := hex.DecodeString(l.R)
	ioBytes, err2 := hex.DecodeString(l.IO)
	sram, err3 := hex.DecodeString(l.SRAM)
	if err := errors.Join(err1, err2, err3); err != nil || len(regs) != 32 {
		return SimState{}, fmt.Errorf("oracle: bad runner output for job %d", job)
	}
	copy(st.R[:], regs)
	st.IO, st.SRAM = ioBytes, sram
	return st, nil
}

// tailBuffer keeps the last max bytes written to it.
type tailBuffer struct {
	buf []byte
	max int
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.buf = append(t.buf, p...)
	if len(t.buf) > t.max {
		t.buf = t.buf[len(t.buf)-t.max:]
	}
	return len(p), nil
}

func (t *tailBuffer) String() string { return string(t.buf) }

// runnerBinary returns the path of the compiled runner, building it into
// the user cache directory (avrlab-oracle/simavr-runner-HASH, HASH from the
// source and flags) when it is not there yet.
func runnerBinary() (string, error) {
	h := sha256.New()
	h.Write(runnerSource)
	h.Write([]byte(runnerCFlags + "|" + runnerLibs))
	name := fmt.Sprintf("simavr-runner-%x", h.Sum(nil)[:8])

	var dirs []string
	if cache, err := os.UserCacheDir(); err == nil {
		dirs = append(dirs, filepath.Join(cache, "avrlab-oracle"))
	}
	dirs = append(dirs, filepath.Join(os.TempDir(), fmt.Sprintf("avrlab-oracle-%d", os.Getuid())))
	var lastErr error
	for _, dir := range dirs {
		bin := filepath.Join(dir, name)
		if fi, err := os.Stat(bin); err == nil && fi.Mode().IsRegular() && fi.Mode()&0o111 != 0 {
			return bin, nil
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			lastErr = err
			continue
		}
		if err := buildRunner(dir, bin); err != nil {
			return "", err
		}
		return bin, nil
	}
	return "", fmt.Errorf("oracle: no directory for the simavr runner: %v", lastErr)
}

// buildRunner compiles the runner into bin through a temporary file in dir,
// renamed into place so concurrent test processes never see a partial
// binary.
func buildRunner(dir, bin string) error {
	if _, err := exec.LookPath("cc"); err != nil {
		return errors.New("oracle: no C compiler (cc) to build the simavr runner")
	}
	tmp, err := os.MkdirTemp(dir, "build-")
	if err != nil {
		return fmt.Errorf("oracle: %w", err)
	}
	defer os.RemoveAll(tmp)
	src := filepath.Join(tmp, "simavr_runner.c")
	if err := os.WriteFile(src, runnerSource, 0o644); err != nil {
		return fmt.Errorf("oracle: %w", err)
	}
	exe := filepath.Join(tmp, "runner")
	args := append(append(strings.Fields(runnerCFlags), "-o", exe, src), strings.Fields(runnerLibs)...)
	cmd := exec.Command("cc", args...)
	var msg bytes.Buffer
	cmd.Stdout, cmd.Stderr = &msg, &msg
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("oracle: building the simavr runner (is libsimavr-dev installed?): %v: %s",
			err, bytes.TrimSpace(msg.Bytes()))
	}
	if err := os.Rename(exe, bin); err != nil {
		return fmt.Errorf("oracle: %w", err)
	}
	return nil
}
