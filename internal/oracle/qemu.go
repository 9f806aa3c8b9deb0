package oracle

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// qemuAVR is the QEMU system emulator of the AVR target (Debian's qemu-system-misc).
const qemuAVR = "qemu-system-avr"

// HaveQemuAVR reports whether qemu-system-avr is on PATH.
func HaveQemuAVR() bool {
	_, err := exec.LookPath(qemuAVR)
	return err == nil
}

// NeedQemuAVR makes a test or benchmark depend on qemu-system-avr: without it it is skipped with
// an install hint, or fails when the environment variable CI is set.
func NeedQemuAVR(tb testing.TB) {
	tb.Helper()
	if HaveQemuAVR() {
		return
	}
	if os.Getenv("CI") != "" {
		tb.Fatal("qemu-system-avr not found on PATH (CI is set)")
	}
	tb.Skip("qemu-system-avr not found; install with: apt-get install qemu-system-misc")
}

// QemuFirstByte runs the raw flash image bin on QEMU's AVR machine (for example "mega2560") and
// returns the time from starting the process to the first byte the program sends on USART0, and
// that byte. QEMU keeps running after the program ends (SLEEP only waits for an interrupt), so the
// first byte is the program's way of saying it is done; the process is killed then, or after
// timeout. The time includes QEMU's start-up: run a program that sends at once to measure it.
func QemuFirstByte(machine string, bin []byte, timeout time.Duration) (time.Duration, byte, error) {
	dir, err := os.MkdirTemp("", "avrlab-qemu-")
	if err != nil {
		return 0, 0, err
	}
	defer os.RemoveAll(dir)
	file := filepath.Join(dir, "flash.bin")
	if err := os.WriteFile(file, bin, 0o644); err != nil {
		return 0, 0, err
	}
	cmd := exec.Command(qemuAVR, "-machine", machine, "-bios", file, "-display", "none",
		"-serial", "stdio", "-monitor", "none")
	out, err := cmd.StdoutPipe()
	if err != nil {
		return 0, 0, err
	}
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return 0, 0, err
	}
	defer func() {
		cmd.Process.Kill()
		cmd.Wait()
	}()
	type got struct {
		b   byte
		err error
	}
	ch := make(chan got, 1)
	go func() {
		var b [1]byte
		_, err := io.ReadFull(out, b[:])
		ch <- got{b[0], err}
	}()
	select {
	case g := <-ch:
		el := time.Since(start)
		if g.err != nil {
			if errors.Is(g.err, io.EOF) || errors.Is(g.err, io.ErrUnexpectedEOF) {
				return 0, 0, fmt.Errorf("%s ended without output", qemuAVR)
			}
			return 0, 0, g.err
		}
		return el, g.b, nil
	case <-time.After(timeout):
		return 0, 0, fmt.Errorf("%s: no output within %v", qemuAVR, timeout)
	}
}
