package gdb

import (
	"bytes"
	"context"
	"io"
	"testing"

	"github.com/avrlab/avrlab/asm"
	"github.com/avrlab/avrlab/lab"
	"github.com/avrlab/avrlab/lab/debug"
)

// FuzzPackets serves any byte stream as a client's: the decoder and every command handler take it
// without a panic, the server ends at the end of the stream, and any body framed decodes to itself.
func FuzzPackets(f *testing.F) {
	for _, seed := range [][]byte{
		frame([]byte("qSupported:swbreak+")),
		append(frame([]byte("Z0,12,2")), frame([]byte("c"))...),
		append(frame([]byte("s")), frame([]byte("bs"))...),
		frame([]byte("m800100,10")),
		frame([]byte("M800100,2:abcd")),
		frame([]byte("P22=12000000")),
		frame([]byte("G" + string(bytes.Repeat([]byte("00"), 39)))),
		frame([]byte("qRcmd,6379636c6573")),
		[]byte("$m0* #00\x03+-$bc#c5"),
		frame([]byte("qXfer:exec-file:read::0,ffb")),
	} {
		f.Add(seed)
	}
	im, err := asm.Assemble("p.S", []byte(prog), asm.Config{})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, stream []byte) {
		if len(stream) > 1<<14 {
			stream = stream[:1<<14]
		}
		s, err := debug.Start(debug.Config{Image: im, Options: lab.Options{MaxCycles: 20000}})
		if err != nil {
			t.Fatal(err)
		}
		rw := struct {
			io.Reader
			io.Writer
		}{bytes.NewReader(stream), io.Discard}
		if err := ServeConn(context.Background(), rw, s, Options{ExecFile: "/p.elf"}); err != nil {
			t.Fatalf("ServeConn: %v", err)
		}
		if len(stream) <= MaxPacket {
			if evs := decodeAll(frame(stream)); len(evs) != 1 || !bytes.Equal(evs[0].data, stream) {
				t.Fatalf("frame(%q) decodes to %+v", stream, evs)
			}
		}
	})
}
