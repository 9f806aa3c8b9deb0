// Package gdb serves a debug.Session over the GDB remote serial protocol, for avr-gdb (Debian's
// gdb-avr): registers, memory in avr-gdb's address spaces, stepping, continuing, software breakpoints
// and reverse execution (bs, bc), which every session can do since it keeps checkpoints. wire.go is
// the protocol's framing, avr.go avr-gdb's conventions, serve.go the commands.
package gdb

import (
	"bytes"
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net"
	"strconv"
	"strings"

	"github.com/avrlab/avrlab/lab/debug"
)

// Options are a server's settings.
type Options struct {
	// ExecFile is the path of an ELF file holding the program's symbols, handed to avr-gdb on request
	// (qXfer:exec-file:read), so that `target remote` alone finds them; "" offers none.
	ExecFile string
	// Log, when not nil, receives one line per packet received and sent.
	Log io.Writer
}

// Serve accepts one client on l and serves s to it until the client kills (k) or detaches (D), the
// connection ends or ctx is cancelled; it closes l when it returns.
func Serve(ctx context.Context, l net.Listener, s *debug.Session, opts Options) error {
	stop := context.AfterFunc(ctx, func() { l.Close() })
	defer stop()
	c, err := l.Accept()
	l.Close()
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return err
	}
	defer c.Close()
	return ServeConn(ctx, c, s, opts)
}

// ServeConn serves s on one connection (see Serve); rw is closed when ctx is cancelled if it is an
// io.Closer.
func ServeConn(ctx context.Context, rw io.ReadWriter, s *debug.Session, opts Options) error {
	if cl, ok := rw.(io.Closer); ok {
		stop := context.AfterFunc(ctx, func() { cl.Close() })
		defer stop()
	}
	sv := &server{s: s, c: newConn(rw), opts: opts, ctx: ctx, cmds: commandTable()}
	defer close(sv.c.quit)
	for {
		ev, ok := sv.next()
		if !ok {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			err := <-sv.c.errc
			if errors.Is(err, io.EOF) || errors.Is(err, net.ErrClosed) || errors.Is(err, io.ErrClosedPipe) {
				return nil
			}
			return err
		}
		if ev.kind == eventInterrupt {
			continue // not running: nothing to stop
		}
		reply, end := sv.handle(ev)
		if reply != nil {
			if opts.Log != nil {
				fmt.Fprintf(opts.Log, "<- %s\n-> %s\n", ev.data, reply)
			}
			if err := sv.c.send(reply); err != nil {
				return err
			}
		}
		if end {
			return nil
		}
	}
}

// server is one connection's state.
type server struct {
	s       *debug.Session
	c       *conn
	opts    Options
	ctx     context.Context
	pending []event // packets that came while the target ran
	cmds    []command
}

// next returns the next event: a pending one, else one from the reader; ok false when it has ended.
func (sv *server) next() (event, bool) {
	if len(sv.pending) > 0 {
		ev := sv.pending[0]
		sv.pending = sv.pending[1:]
		return ev, true
	}
	ev, ok := <-sv.c.events
	return ev, ok
}

// interrupted reports whether the client sent Ctrl-C (or the context ended) while the target ran;
// packets that came meanwhile wait for the stop.
func (sv *server) interrupted() bool {
	if sv.ctx.Err() != nil {
		return true
	}
	for {
		select {
		case ev, ok := <-sv.c.events:
			if !ok {
				return true
			}
			if ev.kind == eventInterrupt {
				return true
			}
			sv.pending = append(sv.pending, ev)
		default:
			return false
		}
	}
}

// command is one row of the dispatch table: a packet starting with name is handled by run, which
// gets the rest of the packet.
type command struct {
	name string
	run  func(sv *server, arg string) (reply string, end bool)
}

// commandTable returns the commands, tried in order: longer names before their prefixes
// ("qSupported" before "q...", "bs" and "bc" before "b"). A packet none matches gets "", which tells
// gdb it is not supported (it then uses M for X and s and c for vCont).
func commandTable() []command {
	return []command{
		{"qSupported", (*server).supported},
		{"QStartNoAckMode", (*server).noAck},
		{"qAttached", func(*server, string) (string, bool) { return "1", false }},
		{"qXfer:exec-file:read:", (*server).execFile},
		{"qRcmd,", (*server).monitor},
		{"vMustReplyEmpty", nil},
		{"vKill", func(*server, string) (string, bool) { return "OK", true }},
		{"vCont?", nil},
		{"bs", (*server).backStep},
		{"bc", (*server).backContinue},
		{"Hg", ok},
		{"Hc", ok},
		{"Z0,", (*server).setBreak},
		{"Z1,", (*server).setBreak},
		{"z0,", (*server).clearBreak},
		{"z1,", (*server).clearBreak},
		{"?", func(sv *server, _ string) (string, bool) { return stopReply(sv.s, signalOf(sv.s), false), false }},
		{"g", func(sv *server, arg string) (string, bool) { return onlyIf(arg == "", string(allRegs(sv.s))), false }},
		{"G", (*server).writeRegs},
		{"p", (*server).readReg},
		{"P", (*server).writeReg},
		{"m", (*server).readMem},
		{"M", (*server).writeMem},
		{"s", (*server).step},
		{"c", (*server).cont},
		{"k", func(*server, string) (string, bool) { return silent, true }},
		{"D", func(*server, string) (string, bool) { return "OK", true }},
	}
}

// Error replies (QEMU's): bad arguments, a bad address.
const (
	errArgs   = "E22"
	errAccess = "E14"
	errLong   = "E01"
)

// silent is a handler's reply that sends nothing (k; QStartNoAckMode, which sends its own OK).
const silent = "\x00"

func ok(*server, string) (string, bool) { return "OK", false }

func onlyIf(cond bool, reply string) string {
	if cond {
		return reply
	}
	return errArgs
}

// handle answers one packet; end says the session is over (after the reply, if any: k has none).
func (sv *server) handle(ev event) ([]byte, bool) {
	if ev.tooLong {
		return []byte(errLong), false
	}
	p := string(ev.data)
	for _, c := range sv.cmds {
		if rest, found := strings.CutPrefix(p, c.name); found {
			if c.run == nil {
				return []byte{}, false
			}
			reply, end := c.run(sv, rest)
			if reply == silent {
				return nil, end
			}
			return []byte(reply), end
		}
	}
	return []byte{}, false
}

func (sv *server) supported(string) (string, bool) {
	r := fmt.Sprintf("PacketSize=%x;QStartNoAckMode+;ReverseStep+;ReverseContinue+", MaxPacket)
	if sv.opts.ExecFile != "" {
		r += ";qXfer:exec-file:read+"
	}
	return r, false
}

func (sv *server) noAck(string) (string, bool) {
	// The OK goes out with acks still on; the client stops acking after it.
	if err := sv.c.send([]byte("OK")); err != nil {
		return silent, true
	}
	sv.c.setNoAck()
	return silent, false
}

// execFile answers qXfer:exec-file:read:ANNEX:OFFSET,LENGTH with the ELF's path.
func (sv *server) execFile(arg string) (string, bool) {
	_, rng, found := strings.Cut(arg, ":")
	if !found || sv.opts.ExecFile == "" {
		return errArgs, false
	}
	off, n, ok := twoHex(rng, ",")
	if !ok {
		return errArgs, false
	}
	path := sv.opts.ExecFile
	if off >= uint64(len(path)) {
		return "l", false
	}
	end := min(uint64(len(path)), off+min(n, MaxPacket/2))
	if end == uint64(len(path)) {
		return "l" + path[off:end], false
	}
	return "m" + path[off:end], false
}

// monitor runs `monitor CMD`: cycles (since the start of the call or reset), where (the source line
// of PC), state (both and why the last command stopped).
func (sv *server) monitor(arg string) (string, bool) {
	b, err := hex.DecodeString(arg)
	if err != nil {
		return errArgs, false
	}
	st := sv.s.State()
	var out string
	switch strings.TrimSpace(string(b)) {
	case "cycles":
		out = fmt.Sprintf("cycles %d\n", sv.s.Cycles())
	case "where":
		out = fmt.Sprintf("%s:%d\n", st.File, st.Line)
	case "state":
		out = fmt.Sprintf("cycles %d, pc 0x%x, %s:%d, stop %s", sv.s.Cycles(), st.PC, st.File, st.Line, st.Stop)
		if st.Message != "" {
			out += ": " + st.Message
		}
		out += "\n"
	default:
		out = "monitor commands: cycles, where, state\n"
	}
	return hex.EncodeToString([]byte(out)), false
}

// twoHex reads "A<sep>B", two hex numbers.
func twoHex(s, sep string) (a, b uint64, ok bool) {
	x, y, found := strings.Cut(s, sep)
	if !found {
		return 0, 0, false
	}
	a, e1 := strconv.ParseUint(x, 16, 64)
	b, e2 := strconv.ParseUint(y, 16, 64)
	return a, b, e1 == nil && e2 == nil
}

func (sv *server) readReg(arg string) (string, bool) {
	n, err := strconv.ParseUint(arg, 16, 16)
	if err != nil {
		return errArgs, false
	}
	b, ok := regBytes(sv.s, int(n))
	if !ok {
		return errArgs, false
	}
	return hex.EncodeToString(b), false
}

func (sv *server) writeReg(arg string) (string, bool) {
	ns, vs, found := strings.Cut(arg, "=")
	n, err := strconv.ParseUint(ns, 16, 16)
	b, err2 := hex.DecodeString(vs)
	if !found || err != nil || err2 != nil || !setReg(sv.s, int(n), b) {
		return errArgs, false
	}
	return "OK", false
}

func (sv *server) writeRegs(arg string) (string, bool) {
	b, err := hex.DecodeString(arg)
	if err != nil || len(b) != regsBytes {
		return errArgs, false
	}
	for n, off := 0, 0; n < numRegs; n++ {
		sz := regSize(n)
		if !bytes.Equal(b[off:off+sz], mustReg(sv.s, n)) && !setReg(sv.s, n, b[off:off+sz]) {
			return errArgs, false
		}
		off += sz
	}
	return "OK", false
}

func mustReg(s *debug.Session, n int) []byte {
	b, _ := regBytes(s, n)
	return b
}

func (sv *server) readMem(arg string) (string, bool) {
	addr, n, ok := twoHex(arg, ",")
	if !ok || n > MaxPacket/2 {
		return errArgs, false
	}
	b, ok := readMem(sv.s, addr, int(n))
	if !ok {
		return errAccess, false
	}
	return hex.EncodeToString(b), false
}

func (sv *server) writeMem(arg string) (string, bool) {
	head, data, found := strings.Cut(arg, ":")
	addr, n, ok := twoHex(head, ",")
	b, err := hex.DecodeString(data)
	if !found || !ok || err != nil || uint64(len(b)) != n {
		return errArgs, false
	}
	if !writeMem(sv.s, addr, b) {
		return errAccess, false
	}
	return "OK", false
}

// breakAddr reads "ADDR,KIND" of Z and z: a flash byte address, even.
func breakAddr(arg string) (uint32, bool) {
	a, _, ok := twoHex(arg, ",")
	if !ok || a%2 != 0 || a >= dataStart {
		return 0, false
	}
	return uint32(a / 2), true
}

func (sv *server) setBreak(arg string) (string, bool) {
	w, ok := breakAddr(arg)
	if !ok || !sv.s.SetBreakpointAt(w) {
		return errArgs, false
	}
	return "OK", false
}

func (sv *server) clearBreak(arg string) (string, bool) {
	w, ok := breakAddr(arg)
	if !ok {
		return errArgs, false
	}
	sv.s.ClearBreakpointAt(w)
	return "OK", false
}

// resumeArg refuses s ADDR and c ADDR (resuming elsewhere): gdb does not send them.
func resumeArg(arg string) bool { return arg == "" }

func (sv *server) step(arg string) (string, bool) {
	if !resumeArg(arg) {
		return errArgs, false
	}
	sv.s.Step()
	return sv.stopped()
}

func (sv *server) cont(arg string) (string, bool) {
	if !resumeArg(arg) {
		return errArgs, false
	}
	sv.s.ContinueUntil(sv.interrupted)
	return sv.stopped()
}

// backStep goes back one instruction; at the start it cannot, and the reply says so
// (replaylog:begin: gdb prints "No more reverse-execution history").
func (sv *server) backStep(arg string) (string, bool) {
	atStart := sv.s.AtStart()
	sv.s.Back()
	return stopReply(sv.s, sigTrap, atStart), false
}

// backContinue goes back to the previous breakpoint, or to the start of the history (replaylog:begin).
func (sv *server) backContinue(arg string) (string, bool) {
	sv.s.BackContinue()
	return stopReply(sv.s, sigTrap, sv.s.LastStop() == debug.StopStart), false
}

// stopped is the stop reply after a forward resume: what the session has to say (the call returned,
// a fault, the cycle limit, the end reached before) first as console output, then the T packet.
func (sv *server) stopped() (string, bool) {
	if msg := sv.s.Message(); msg != "" {
		if err := sv.c.send([]byte("O" + hex.EncodeToString([]byte(msg+"\n")))); err != nil {
			return silent, true
		}
	}
	return stopReply(sv.s, signalOf(sv.s), false), false
}
