package gdb

import (
	"bufio"
	"context"
	"io/fs"
	"net"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/avrlab/avrlab/asm"
	"github.com/avrlab/avrlab/examples"
	"github.com/avrlab/avrlab/lab"
	"github.com/avrlab/avrlab/lab/debug"
)

// TestReplayAvrGDB replays avr-gdb's side of a real conversation (testdata/avr-gdb-cham64.log,
// avr-gdb 13's `set remotelogfile` of cmd/avrlab's TestDebugAvrGDB: stepi five times, reverse-stepi,
// break loop, continue, x/8xb 0x800100, reverse-continue, monitor cycles after each) against a session
// of examples/cham64-v2.S, and checks that every reply is the one avr-gdb got, byte for byte. It runs
// without avr-gdb; `AVRLAB_UPDATE_GDB_LOG=1 go test -run TestDebugAvrGDB ./cmd/avrlab` records it anew.
func TestReplayAvrGDB(t *testing.T) {
	log, err := os.ReadFile("testdata/avr-gdb-cham64.log")
	if err != nil {
		t.Fatal(err)
	}
	type exchange struct {
		sent    string   // the packet avr-gdb sent, framed
		replies []string // the packets it got back, framed
	}
	var script []exchange
	pkt := regexp.MustCompile(`\$[^$#]*#[0-9a-f]{2}`)
	for _, line := range strings.Split(string(log), "\n") {
		switch {
		case strings.HasPrefix(line, "w "):
			for _, p := range pkt.FindAllString(line, -1) {
				script = append(script, exchange{sent: p})
			}
		case strings.HasPrefix(line, "r ") && len(script) > 0:
			last := &script[len(script)-1]
			last.replies = append(last.replies, pkt.FindAllString(line, -1)...)
		}
	}
	if len(script) < 60 {
		t.Fatalf("%d packets in the log", len(script))
	}
	execFile := ""
	for _, x := range script {
		if strings.HasPrefix(x.sent, "$qXfer:exec-file:read:") && len(x.replies) == 1 {
			execFile = strings.TrimPrefix(x.replies[0][:len(x.replies[0])-3], "$l")
		}
	}
	src, err := fs.ReadFile(examples.FS, "cham64-v2.S")
	if err != nil {
		t.Fatal(err)
	}
	im, err := asm.Assemble("cham64-v2.S", src, asm.Config{})
	if err != nil {
		t.Fatal(err)
	}
	s, err := debug.Start(debug.Config{Image: im, Options: lab.Options{Task: lab.DetectTask(src), Call: lab.DetectCall(src)}})
	if err != nil {
		t.Fatal(err)
	}
	a, b := net.Pipe()
	defer b.Close()
	done := make(chan error, 1)
	go func() { done <- ServeConn(context.Background(), a, s, Options{ExecFile: execFile}) }()
	b.SetDeadline(time.Now().Add(time.Minute))
	r := bufio.NewReader(b)
	read := func() string {
		for {
			c, err := r.ReadByte()
			if err != nil {
				t.Fatalf("read: %v", err)
			}
			if c == '$' {
				break
			}
		}
		body, err := r.ReadString('#')
		if err != nil {
			t.Fatal(err)
		}
		sum := make([]byte, 2)
		if _, err := r.Read(sum[:1]); err != nil {
			t.Fatal(err)
		}
		if _, err := r.Read(sum[1:]); err != nil {
			t.Fatal(err)
		}
		return "$" + body + string(sum)
	}
	for i, x := range script {
		// The server's '+' acks are skipped by read; avr-gdb's own ones are not needed. The write is
		// done once the server has read the packet, which may be after its ack.
		go b.Write([]byte(x.sent))
		for _, want := range x.replies {
			if got := read(); got != want {
				t.Fatalf("packet %d %s: %s, avr-gdb got %s", i, x.sent, got, want)
			}
		}
	}
	if err := <-done; err != nil {
		t.Errorf("after vKill: %v", err)
	}
}
