package engine

import (
	"io/fs"
	"strings"
	"testing"

	"github.com/avrlab/avrlab/examples"
	"github.com/avrlab/avrlab/isa"
	"github.com/avrlab/avrlab/lab"
)

// TestDevices: every device measures the CHAM example as the lab does on it; a program using MUL is
// refused on the AVRe parts (no multiplier) with the reason, and runs on the others.
func TestDevices(t *testing.T) {
	src, err := fs.ReadFile(examples.FS, "cham64-v2.S")
	if err != nil {
		t.Fatal(err)
	}
	res := Devices(Request{Files: map[string]string{"c.S": string(src)}, Main: "c.S", Vectors: 3}, nil)
	if len(res) != len(isa.DeviceNames()) {
		t.Fatalf("%d devices, want %d", len(res), len(isa.DeviceNames()))
	}
	for _, r := range res {
		rep, _, err := lab.BenchSource("c.S", src, nil, lab.Options{Device: r.Device, Vectors: 3})
		if err != nil {
			t.Fatal(err)
		}
		if r.Pass != rep.Pass || r.Rank != rep.Rank || r.Cycles != rep.Official.Cycles || r.Flash != rep.Flash || r.RAM != rep.RAM {
			t.Errorf("%s: %+v, lab: pass %v rank %v cycles %d flash %d ram %d", r.Device, r, rep.Pass, rep.Rank, rep.Official.Cycles, rep.Flash, rep.RAM)
		}
	}
	mul := "\tldi r16, 7\n\tldi r17, 6\n\tmul r16, r17\n\tsleep\n"
	for _, r := range Devices(Request{Files: map[string]string{"m.S": mul}, Main: "m.S"}, nil) {
		avre := r.Core == isa.CoreAVRe.String()
		switch {
		case avre && (r.Pass || !strings.Contains(r.Reason, "mul")):
			t.Errorf("%s (%s): %+v, want mul refused", r.Device, r.Core, r)
		case !avre && (!r.Pass || r.Cycles != 1+1+2+1 || r.Mode != "run"):
			// LDI 1, LDI 1, MUL 2, SLEEP 1 (AVR Instruction Set Manual)
			t.Errorf("%s (%s): %+v, want a run of 5 cycles", r.Device, r.Core, r)
		}
	}
}
