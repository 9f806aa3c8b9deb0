package gdb

import (
	"bufio"
	"context"
	"encoding/hex"
	"fmt"
	"io"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/avrlab/avrlab/asm"
	"github.com/avrlab/avrlab/lab"
	"github.com/avrlab/avrlab/lab/debug"
)

// prog calls a subroutine three times; byte addresses in the comments.
const prog = `	ldi r16, 0x10    ; 0x00
	out 0x3e, r16    ; 0x02
	ldi r16, 0xff    ; 0x04
	out 0x3d, r16    ; 0x06
	ldi r18, 3       ; 0x08
loop:
	rcall addit      ; 0x0a
	dec r18          ; 0x0c
	brne loop        ; 0x0e
	sleep            ; 0x10
addit:
	inc r20          ; 0x12
	sts 0x0100, r20  ; 0x14
	ret              ; 0x18
`

// client is a scripted gdb: it sends packets and reads the replies, checking their sums.
type client struct {
	t     *testing.T
	c     net.Conn
	r     *bufio.Reader
	noAck bool
	out   []string // console output (O packets) since the last exec
}

func newSession(t *testing.T, src string, maxCycles uint64) *debug.Session {
	t.Helper()
	im, err := asm.Assemble("p.S", []byte(src), asm.Config{})
	if err != nil {
		t.Fatal(err)
	}
	s, err := debug.Start(debug.Config{Image: im, Options: lab.Options{MaxCycles: maxCycles}})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// serve starts ServeConn on one end of a pipe and returns a client on the other and the server's
// result.
func serve(t *testing.T, s *debug.Session, opts Options) (*client, <-chan error) {
	a, b := net.Pipe()
	done := make(chan error, 1)
	go func() { done <- ServeConn(context.Background(), a, s, opts) }()
	t.Cleanup(func() { b.Close() })
	b.SetDeadline(time.Now().Add(time.Minute))
	return &client{t: t, c: b, r: bufio.NewReader(b)}, done
}

// packet reads one packet, checking its sum, and acks it.
func (c *client) packet() string {
	c.t.Helper()
	for {
		b, err := c.r.ReadByte()
		if err != nil {
			c.t.Fatalf("read: %v", err)
		}
		if b == '$' {
			break
		}
		if b != '+' {
			c.t.Fatalf("unexpected byte %q before a packet", b)
		}
	}
	body, err := c.r.ReadString('#')
	if err != nil {
		c.t.Fatal(err)
	}
	body = body[:len(body)-1]
	sum := make([]byte, 2)
	if _, err := c.r.Read(sum[:1]); err != nil {
		c.t.Fatal(err)
	}
	if _, err := c.r.Read(sum[1:]); err != nil {
		c.t.Fatal(err)
	}
	var s uint8
	for i := 0; i < len(body); i++ {
		s += body[i]
	}
	if fmt.Sprintf("%02x", s) != string(sum) {
		c.t.Fatalf("packet %q: sum %s, want %02x", body, sum, s)
	}
	if !c.noAck {
		c.c.Write([]byte("+"))
	}
	// Unescape.
	var out []byte
	for i := 0; i < len(body); i++ {
		if body[i] == '}' && i+1 < len(body) {
			i++
			out = append(out, body[i]^0x20)
			continue
		}
		out = append(out, body[i])
	}
	return string(out)
}

// exec sends a command and returns its reply, collecting O packets before it.
func (c *client) exec(cmd string) string {
	c.t.Helper()
	if _, err := c.c.Write(frame([]byte(cmd))); err != nil {
		c.t.Fatalf("%s: %v", cmd, err)
	}
	c.out = nil
	for {
		p := c.packet()
		if len(p) > 1 && p[0] == 'O' && p != "OK" {
			b, _ := hex.DecodeString(p[1:])
			c.out = append(c.out, string(b))
			continue
		}
		return p
	}
}

func (c *client) expect(cmd, want string) {
	c.t.Helper()
	if got := c.exec(cmd); got != want {
		c.t.Errorf("%s: %q, want %q", cmd, got, want)
	}
}

// cycles asks monitor cycles.
func (c *client) cycles() string {
	c.t.Helper()
	b, err := hex.DecodeString(c.exec("qRcmd," + hex.EncodeToString([]byte("cycles"))))
	if err != nil {
		c.t.Fatal(err)
	}
	return strings.TrimSpace(string(b))
}

// stop is the T05 reply at byte address pc with SREG and SP.
func stop(sreg uint8, sp uint16, pc uint32, extra string) string {
	return fmt.Sprintf("T0520:%02x;21:%02x%02x;22:%02x%02x%02x%02x;%s", sreg, byte(sp), byte(sp>>8), byte(pc), byte(pc>>8), byte(pc>>16), byte(pc>>24), extra)
}

// TestServeScript: a gdb conversation over a pipe: the features, registers in avr-gdb's layout, steps
// and continues with the cycles of the AVR Instruction Set Manual (ATmega128: LDI, OUT, INC, DEC 1; STS
// 2; RCALL 3; RET 4; BRNE 2 taken), software breakpoints, reverse step and continue, memory in the
// three spaces, the ends of the history, bad packets, and k.
func TestServeScript(t *testing.T) {
	s := newSession(t, prog, 0)
	c, done := serve(t, s, Options{})
	if got := c.exec("qSupported:multiprocess+;swbreak+"); !strings.Contains(got, "ReverseStep+;ReverseContinue+") || !strings.Contains(got, "PacketSize=1000") || strings.Contains(got, "exec-file") {
		t.Errorf("qSupported: %q", got)
	}
	c.expect("qAttached", "1")
	c.expect("vCont?", "")
	c.expect("?", stop(0, 0, 0, ""))
	c.expect("s", stop(0, 0, 2, ""))
	c.expect("bs", stop(0, 0, 0, ""))                 // back to the start by moving: a plain stop
	c.expect("bs", stop(0, 0, 0, "replaylog:begin;")) // at the start: no more history
	for _, w := range []struct {
		sp uint16
		pc uint32
	}{{0, 2}, {0x1000, 4}, {0x1000, 6}, {0x10ff, 8}} { // the ATmega128's SP is 0 after reset
		c.expect("s", stop(0, w.sp, w.pc, ""))
	}
	if got := c.cycles(); got != "cycles 4" {
		t.Errorf("after 4 steps: %q", got)
	}
	g := c.exec("g")
	if len(g) != 2*39 || g[2*16:2*17] != "ff" || g[2*33:] != "ff1008000000" {
		t.Errorf("g: %q", g)
	}
	c.expect("p10", "ff")
	c.expect("p21", "ff10")
	c.expect("p22", "08000000")
	c.expect("p23", "E22")
	c.expect("Z0,12,2", "OK")
	c.expect("c", stop(0, 0x10fd, 0x12, ""))
	if got := c.cycles(); got != "cycles 8" { // + LDI 1 + RCALL 3
		t.Errorf("at addit: %q", got)
	}
	c.expect("m800100,1", "00")
	c.exec("s")
	c.exec("s")
	c.expect("m800100,1", "01")
	c.expect("c", stop(0x00, 0x10fd, 0x12, ""))
	if got := c.cycles(); got != "cycles 21" { // + STS 2 ... : 8 + INC 1 + STS 2 + RET 4 + DEC 1 + BRNE 2 + RCALL 3
		t.Errorf("the second pass: %q", got)
	}
	c.expect("bc", stop(0, 0x10fd, 0x12, ""))
	if got := c.cycles(); got != "cycles 8" {
		t.Errorf("reverse continue: %q", got)
	}
	c.expect("bs", stop(0, 0x10ff, 0x0a, ""))
	if got := c.cycles(); got != "cycles 5" {
		t.Errorf("reverse step: %q", got)
	}
	c.expect("z0,12,2", "OK")
	reply := c.exec("c")
	if !strings.HasPrefix(reply, "T05") || !strings.HasSuffix(reply, "22:12000000;replaylog:end;") && !strings.HasSuffix(reply, "replaylog:end;") || len(c.out) != 1 || !strings.Contains(c.out[0], "stopped by sleep") {
		t.Errorf("to the end: %q, output %q", reply, c.out)
	}
	if r := c.exec("s"); !strings.HasSuffix(r, "replaylog:end;") || len(c.out) != 1 || !strings.Contains(c.out[0], "ended") {
		t.Errorf("a step at the end: %q %q", r, c.out)
	}
	c.expect("bc", stop(0, 0, 0, "replaylog:begin;"))
	c.expect("bs", stop(0, 0, 0, "replaylog:begin;"))
	if got := c.cycles(); got != "cycles 0" {
		t.Errorf("at the start: %q", got)
	}
	// Memory: flash from 0 (LDI r16, 0x10 is e1 00: 0xE001 little-endian, avr-as's bytes), data from
	// 0x800000, EEPROM from 0x810000 (erased), simavr's zeros just past RAMEND, nothing beyond.
	c.expect("m0,2", "00e1")
	c.expect("m800100,2", "0000")
	c.expect("M800100,2:abcd", "OK")
	c.expect("m800100,2", "abcd")
	c.expect("m1800100,2", "abcd") // the 24-bit mask
	c.expect("m810000,4", "ffffffff")
	c.expect("m801100,2", "0000") // RAMEND 0x10ff + 1
	c.expect("m900000,1", "E14")
	c.expect("M0,1:00", "E14")
	c.expect("P10=42", "OK")
	c.expect("p10", "42")
	c.expect("P22=03000000", "E22") // odd
	for _, bad := range []string{"m", "mzz,1", "m0,ffffffff", "Z0,13,2", "Z0,zz", "p", "pzz", "M800100,2:ab", "qRcmd,zz", "s 10", "G00"} {
		if got := c.exec(bad); !strings.HasPrefix(got, "E") {
			t.Errorf("%q: %q, want an error", bad, got)
		}
	}
	c.expect("X800100,0:", "")
	c.expect("", "")
	c.c.Write(frame([]byte("k")))
	go io.Copy(io.Discard, c.r) // the ack of k
	if err := <-done; err != nil {
		t.Errorf("after k: %v", err)
	}
}

// TestServeInterrupt: Ctrl-C (a lone 0x03) while the target runs stops it with SIGINT; a bad sum is
// answered '-' and the packet sent again is served; after QStartNoAckMode nothing is acked; a
// cancelled context ends the server.
func TestServeInterrupt(t *testing.T) {
	s := newSession(t, "l:\trjmp l\n", lab.MaxCycleLimit)
	a, b := net.Pipe()
	defer b.Close()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- ServeConn(ctx, a, s, Options{}) }()
	b.SetDeadline(time.Now().Add(time.Minute))
	c := &client{t: t, c: b, r: bufio.NewReader(b)}
	b.Write([]byte("$g#00"))
	if ack, _ := c.r.ReadByte(); ack != '-' {
		t.Fatalf("a bad sum: %q, want '-'", ack)
	}
	if g := c.exec("g"); len(g) != 78 {
		t.Errorf("g after the resend: %q", g)
	}
	c.expect("QStartNoAckMode", "OK")
	c.noAck = true
	b.Write(frame([]byte("c")))
	b.Write([]byte{0x03})
	if r := c.packet(); !strings.HasPrefix(r, "T02") {
		t.Errorf("after Ctrl-C: %q", r)
	}
	if s.LastStop() != debug.StopInterrupt || s.Cycles() == 0 || s.Cycles() >= lab.MaxCycleLimit {
		t.Errorf("interrupted at %d cycles, stop %s", s.Cycles(), s.LastStop())
	}
	// No '+' came before the reply: the reply is the next byte.
	b.Write(frame([]byte("qAttached")))
	if first, _ := c.r.Peek(1); string(first) != "$" {
		t.Errorf("an ack in no-ack mode: %q", first)
	}
	if r := c.packet(); r != "1" {
		t.Errorf("qAttached: %q", r)
	}
	cancel()
	select {
	case err := <-done:
		if err != context.Canceled {
			t.Errorf("cancelled: %v", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the server did not end with its context")
	}
}

// TestServeListener: Serve prints nothing, accepts one client on a TCP listener and ends with k; a
// cancelled context ends it while it waits for one.
func TestServeListener(t *testing.T) {
	s := newSession(t, prog, 0)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- Serve(context.Background(), l, s, Options{ExecFile: "/tmp/p.elf"}) }()
	conn, err := net.Dial("tcp", l.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	c := &client{t: t, c: conn, r: bufio.NewReader(conn)}
	if got := c.exec("qSupported"); !strings.Contains(got, "qXfer:exec-file:read+") {
		t.Errorf("qSupported with an ELF: %q", got)
	}
	c.expect("qXfer:exec-file:read::0,ffb", "l/tmp/p.elf")
	c.expect("qXfer:exec-file:read::5,3", "mp.e")
	c.expect("qXfer:exec-file:read::b,10", "l")
	c.expect("D", "OK")
	if err := <-done; err != nil {
		t.Errorf("after D: %v", err)
	}

	l2, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	go func() { done <- Serve(ctx, l2, s, Options{}) }()
	cancel()
	if err := <-done; err != context.Canceled {
		t.Errorf("cancelled while listening: %v", err)
	}
}
