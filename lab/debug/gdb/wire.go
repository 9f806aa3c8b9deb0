package gdb

import (
	"fmt"
	"io"
	"sync"
)

// The GDB remote serial protocol's framing, which knows nothing of AVR: a packet is
// $DATA#SS, SS the sum of DATA's bytes mod 256 in two hex digits; '}' escapes the next byte (XOR 0x20)
// and '*' repeats the previous one (run-length encoding, the count byte minus 29). The receiver
// answers '+' for a good sum and '-' for a bad one, which asks for the packet again, until the client
// asks for QStartNoAckMode. A lone 0x03 between packets is Ctrl-C: the client wants the running
// target to stop.

// MaxPacket is the largest packet body accepted (and advertised as PacketSize): longer packets are
// reported as too long, their bytes dropped.
const MaxPacket = 4096

// event is what the decoder found: a packet, an interrupt or a packet too long to keep.
type event struct {
	kind    eventKind
	data    []byte // eventPacket: the decoded body
	resend  bool   // a '-' from the client: send the last packet again
	badSum  bool   // the packet's sum is wrong: answer '-'
	tooLong bool   // the packet was longer than MaxPacket
}

type eventKind uint8

const (
	eventNone eventKind = iota
	eventPacket
	eventInterrupt
	eventAck // '+' or '-' from the client
)

// decoder is the receiving state machine, fed one byte at a time.
type decoder struct {
	state   decState
	buf     []byte // the body, decoded
	sum     uint8  // the sum of the body's bytes as sent
	want    uint8  // the sum the packet gives
	tooLong bool
}

type decState uint8

const (
	stIdle   decState = iota // between packets
	stBody                   // after '$'
	stEscape                 // after '}'
	stRepeat                 // after '*'
	stSum1                   // after '#'
	stSum2                   // after the first sum digit
)

// feed takes one byte and returns the event it completes, if any.
func (d *decoder) feed(b byte) event {
	switch d.state {
	case stIdle:
		switch b {
		case '$':
			d.state, d.buf, d.sum, d.tooLong = stBody, d.buf[:0], 0, false
		case 0x03:
			return event{kind: eventInterrupt}
		case '-':
			return event{kind: eventAck, resend: true}
		case '+':
			return event{kind: eventAck}
		}
		// Anything else between packets is noise: dropped.
	case stBody:
		switch b {
		case '#':
			d.state = stSum1
			return event{}
		case '}':
			d.state = stEscape
		case '*':
			d.state = stRepeat
		default:
			d.put(b)
		}
		d.sum += b
	case stEscape:
		d.sum += b
		d.put(b ^ 0x20)
		d.state = stBody
	case stRepeat:
		d.sum += b
		d.state = stBody
		if n := int(b) - 29; n > 0 && len(d.buf) > 0 {
			last := d.buf[len(d.buf)-1]
			for i := 0; i < n; i++ {
				d.put(last)
			}
		}
	case stSum1:
		v, ok := unhex(b)
		if !ok {
			d.state = stIdle
			return event{kind: eventPacket, badSum: true}
		}
		d.want, d.state = v<<4, stSum2
	case stSum2:
		d.state = stIdle
		v, ok := unhex(b)
		if !ok || d.want|v != d.sum {
			return event{kind: eventPacket, badSum: true}
		}
		if d.tooLong {
			return event{kind: eventPacket, tooLong: true}
		}
		return event{kind: eventPacket, data: append([]byte(nil), d.buf...)}
	}
	return event{}
}

// put appends a body byte, up to MaxPacket.
func (d *decoder) put(b byte) {
	if len(d.buf) >= MaxPacket {
		d.tooLong = true
		return
	}
	d.buf = append(d.buf, b)
}

func unhex(b byte) (uint8, bool) {
	switch {
	case b >= '0' && b <= '9':
		return b - '0', true
	case b >= 'a' && b <= 'f':
		return b - 'a' + 10, true
	case b >= 'A' && b <= 'F':
		return b - 'A' + 10, true
	}
	return 0, false
}

// frame returns the packet of body: '$', the body with '$', '#', '}' and '*' escaped, '#' and the sum.
func frame(body []byte) []byte {
	out := make([]byte, 0, len(body)+8)
	out = append(out, '$')
	var sum uint8
	for _, b := range body {
		if b == '$' || b == '#' || b == '}' || b == '*' {
			out = append(out, '}')
			sum += '}'
			b ^= 0x20
		}
		out = append(out, b)
		sum += b
	}
	return append(out, '#', hexDigits[sum>>4], hexDigits[sum&15])
}

const hexDigits = "0123456789abcdef"

// conn is one client's connection: events from a reader goroutine, packets written with their acks.
type conn struct {
	mu     sync.Mutex // guards w, last and noAck between the reader (acks, resends) and the server
	w      io.Writer
	last   []byte // the last packet sent, for a '-'
	noAck  bool
	events chan event
	errc   chan error    // the reader's end: io.EOF or the read error
	quit   chan struct{} // closed when the server stops reading events
}

// newConn starts reading rw; events arrive on c.events until the reader ends (c.errc).
func newConn(rw io.ReadWriter) *conn {
	c := &conn{w: rw, events: make(chan event, 16), errc: make(chan error, 1), quit: make(chan struct{})}
	go c.read(rw)
	return c
}

// read decodes the client's bytes: it answers acks and resends itself and passes packets and
// interrupts on.
func (c *conn) read(r io.Reader) {
	var d decoder
	buf := make([]byte, 4096)
	for {
		n, err := r.Read(buf)
		for _, b := range buf[:n] {
			ev := d.feed(b)
			switch ev.kind {
			case eventNone:
				continue
			case eventAck:
				if ev.resend {
					c.resend()
				}
				continue
			case eventPacket:
				if ev.badSum {
					c.ack('-')
					continue
				}
				c.ack('+')
			}
			select {
			case c.events <- ev:
			case <-c.quit:
				return
			}
		}
		if err != nil {
			c.errc <- err
			close(c.events)
			return
		}
	}
}

func (c *conn) ack(b byte) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.noAck {
		c.w.Write([]byte{b})
	}
}

func (c *conn) resend() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.last != nil && !c.noAck {
		c.w.Write(c.last)
	}
}

// send writes one packet.
func (c *conn) send(body []byte) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	p := frame(body)
	c.last = p
	if _, err := c.w.Write(p); err != nil {
		return fmt.Errorf("gdb: write: %w", err)
	}
	return nil
}

// setNoAck stops the acks, after the reply to QStartNoAckMode.
func (c *conn) setNoAck() {
	c.mu.Lock()
	c.noAck = true
	c.mu.Unlock()
}
