package gdb

import (
	"bytes"
	"testing"
)

// decodeAll feeds b to a decoder and returns the events.
func decodeAll(b []byte) []event {
	var d decoder
	var out []event
	for _, c := range b {
		if ev := d.feed(c); ev.kind != eventNone {
			out = append(out, ev)
		}
	}
	return out
}

// TestFrame: frame writes the sums and escapes of the protocol (sums from the GDB manual's rule, the
// byte sum mod 256: "OK" is 0x4f+0x4b = 0x9a).
func TestFrame(t *testing.T) {
	for _, tc := range []struct{ body, want string }{
		{"", "$#00"},
		{"OK", "$OK#9a"},
		{"a#b", "$a}\x03b#43"},      // '#' 0x23 ^ 0x20 = 0x03; 0x61+0x7d+0x03+0x62 = 0x143
		{"$}*", "$}\x04}]}\x0a#e2"}, // 3*0x7d + 0x04+0x5d+0x0a = 0x1e2
	} {
		if got := string(frame([]byte(tc.body))); got != tc.want {
			t.Errorf("frame(%q) = %q, want %q", tc.body, got, tc.want)
		}
	}
}

// TestDecode: escapes round-trip, run-length encoding expands, a bad sum is reported (answered '-'),
// two packets in one read are two, acks and 0x03 between packets are events, noise is dropped.
func TestDecode(t *testing.T) {
	bodies := [][]byte{[]byte("m800100,8"), {'$', '#', '}', '*', 0, 0xff}, []byte("")}
	var stream []byte
	for _, b := range bodies {
		stream = append(stream, frame(b)...)
	}
	evs := decodeAll(stream)
	if len(evs) != len(bodies) {
		t.Fatalf("%d events from %d packets", len(evs), len(bodies))
	}
	for i, ev := range evs {
		if ev.kind != eventPacket || ev.badSum || !bytes.Equal(ev.data, bodies[i]) {
			t.Errorf("packet %d: %+v, want %q", i, ev, bodies[i])
		}
	}
	// "0* " is '0' and 3 more (' ' is 32, 32-29 = 3): "0000"; the sum counts the bytes as sent.
	rle := []byte("$0* #")
	var sum uint8
	for _, c := range rle[1 : len(rle)-1] {
		sum += c
	}
	rle = append(rle, hexDigits[sum>>4], hexDigits[sum&15])
	if evs := decodeAll(rle); len(evs) != 1 || string(evs[0].data) != "0000" {
		t.Errorf("run-length: %+v", evs)
	}
	if evs := decodeAll([]byte("$OK#9b")); len(evs) != 1 || !evs[0].badSum {
		t.Errorf("a bad sum: %+v", evs)
	}
	if evs := decodeAll([]byte("$OK#zz")); len(evs) != 1 || !evs[0].badSum {
		t.Errorf("a sum that is not hex: %+v", evs)
	}
	evs = decodeAll([]byte("+x\x03-$OK#9a\x03"))
	kinds := []eventKind{eventAck, eventInterrupt, eventAck, eventPacket, eventInterrupt}
	if len(evs) != len(kinds) {
		t.Fatalf("events %+v", evs)
	}
	for i, k := range kinds {
		if evs[i].kind != k {
			t.Errorf("event %d: %+v, want kind %d", i, evs[i], k)
		}
	}
	if !evs[2].resend || evs[0].resend {
		t.Errorf("'-' asks for a resend, '+' does not: %+v", evs)
	}
	// 0x03 inside a packet is a byte of it.
	if evs := decodeAll(frame([]byte{'a', 3, 'b'})); len(evs) != 1 || !bytes.Equal(evs[0].data, []byte{'a', 3, 'b'}) {
		t.Errorf("0x03 in a packet: %+v", evs)
	}
}

// TestDecodeBounded: a packet longer than MaxPacket, or one whose run-length would pass it, is
// reported as too long, and the decoder keeps no more than MaxPacket bytes.
func TestDecodeBounded(t *testing.T) {
	long := frame(bytes.Repeat([]byte("a"), MaxPacket+1))
	var d decoder
	var evs []event
	for _, c := range long {
		if ev := d.feed(c); ev.kind != eventNone {
			evs = append(evs, ev)
		}
		if len(d.buf) > MaxPacket {
			t.Fatalf("the decoder holds %d bytes", len(d.buf))
		}
	}
	if len(evs) != 1 || !evs[0].tooLong || evs[0].data != nil {
		t.Errorf("a long packet: %d events, %+v", len(evs), evs)
	}
	var rle []byte
	rle = append(rle, 'a')
	for len(rle) < 200 {
		rle = append(rle, '*', '~') // '~' repeats 126-29 = 97 times
	}
	if evs := decodeAll(frameRaw(rle)); len(evs) != 1 || !evs[0].tooLong {
		t.Errorf("a run-length bomb: %+v", evs)
	}
	// The decoder recovers: the next packet is read.
	if ev := decodeAll(append(frame(bytes.Repeat([]byte("a"), MaxPacket+1)), frame([]byte("g"))...)); len(ev) != 2 || string(ev[1].data) != "g" {
		t.Errorf("after a long packet: %+v", ev)
	}
}

// frameRaw frames bytes as they are (no escaping), for sending run-length encoded bodies.
func frameRaw(body []byte) []byte {
	var sum uint8
	for _, b := range body {
		sum += b
	}
	out := append([]byte{'$'}, body...)
	return append(out, '#', hexDigits[sum>>4], hexDigits[sum&15])
}
