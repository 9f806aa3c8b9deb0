package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"strings"

	"github.com/avrlab/avrlab/lab"
	"github.com/avrlab/avrlab/lab/debug"
	"github.com/avrlab/avrlab/lab/debug/gdb"
)

// cmdDebug serves a debug session (lab/debug, the page's debugger) over the GDB remote serial
// protocol (lab/debug/gdb) for avr-gdb: the task's call on the official vector, or the program from
// reset.
func cmdDebug(args []string, stdout, stderr io.Writer) int {
	return debugCommand(context.Background(), args, stdout, stderr)
}

func debugCommand(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fl := newFlags("debug", "-gdb HOST:PORT [-reset] [-elf FILE.elf] [-task ID] [-call SPEC] [-device NAME] [-D NAME[=VALUE]]... FILE... | FILE.elf", stderr)
	f := addSessionFlags(fl)
	addr := fl.String("gdb", "", "serve the GDB remote protocol on `HOST:PORT` (127.0.0.1:0 picks a free port) for avr-gdb")
	elf := fl.String("elf", "", "an ELF `FILE` of the same program (avr-gcc's) whose symbols avr-gdb loads when it connects")
	logFile := fl.String("log", "", "write the packets received and sent to `FILE`")
	if fl.Parse(gccArgs(args)) != nil {
		return 2
	}
	if fl.NArg() < 1 || *addr == "" {
		if *addr == "" {
			fmt.Fprintln(stderr, "avrlab debug: give -gdb HOST:PORT (e.g. 127.0.0.1:0) and connect avr-gdb to it")
		}
		fl.Usage()
		return 2
	}
	s, status := startSession(f, fl.Args(), stderr)
	if s == nil {
		return status
	}
	opts := gdb.Options{}
	symbols := ""
	switch {
	case *elf != "":
		if msg := sameProgram(*elf, s); msg != "" {
			fmt.Fprintf(stderr, "avrlab: %s\n", msg)
			return 1
		}
		opts.ExecFile, _ = filepath.Abs(*elf)
		symbols = fmt.Sprintf("symbols: avr-gdb loads them from %s when it connects", *elf)
	case fl.NArg() == 1 && isELF(fl.Arg(0)):
		opts.ExecFile, _ = filepath.Abs(fl.Arg(0))
		symbols = fmt.Sprintf("symbols: avr-gdb loads them from %s when it connects (or: avr-gdb %s)", fl.Arg(0), fl.Arg(0))
	default:
		symbols = fmt.Sprintf("symbols: avr-gdb knows none of a source; build an ELF of it and give it to both, e.g.\n"+
			"  avr-gcc -mmcu=%s -nostartfiles -nostdlib -o prog.elf %s\n  avrlab debug -gdb HOST:PORT -elf prog.elf %s   (or: avr-gdb prog.elf)",
			s.Image().Device.Name, strings.Join(fl.Args(), " "), strings.Join(fl.Args(), " "))
	}
	if *logFile != "" {
		lf, err := os.Create(*logFile)
		if err != nil {
			fmt.Fprintf(stderr, "avrlab: %v\n", err)
			return 1
		}
		defer lf.Close()
		opts.Log = lf
	}
	l, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(stderr, "avrlab: %v\n", err)
		return 1
	}
	what := "the program from reset"
	if st := s.State(); st.Call != "" {
		what = st.Call + " on the official vector"
	}
	fmt.Fprintf(stdout, "avrlab debug: %s, listening on %s\n  avr-gdb -ex 'target remote %s'\n%s\n", what, l.Addr(), l.Addr(), symbols)
	if fw, ok := stdout.(interface{ Sync() error }); ok {
		fw.Sync()
	}
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt)
	defer stop()
	if err := gdb.Serve(ctx, l, s, opts); err != nil && ctx.Err() == nil {
		fmt.Fprintf(stderr, "avrlab: %v\n", err)
		return 1
	}
	return 0
}

// sameProgram checks that the ELF at path holds the session's program (the same flash bytes), and
// says how it differs when it does not.
func sameProgram(path string, s *debug.Session) string {
	data, err := readProgramFile(path)
	if err != nil {
		return err.Error()
	}
	im := s.Image()
	e, ok, err := lab.LoadBinary(data, im.Device.Name)
	switch {
	case !ok:
		return path + " is not an ELF file"
	case err != nil:
		return fmt.Sprintf("%s: %v", path, err)
	}
	n := max(len(e.Flash), len(im.Flash))
	a, b := pad(e.Flash, n), pad(im.Flash, n)
	if i := firstDiff(a, b); i >= 0 {
		return fmt.Sprintf("%s is not this program: its flash differs from the source's at byte 0x%x (rebuild it from the same source)", path, i)
	}
	return ""
}

func pad(b []byte, n int) []byte {
	if len(b) >= n {
		return b
	}
	return append(append([]byte(nil), b...), bytes.Repeat([]byte{0}, n-len(b))...)
}

func firstDiff(a, b []byte) int {
	for i := range a {
		if a[i] != b[i] {
			return i
		}
	}
	return -1
}
