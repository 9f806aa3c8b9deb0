package lab

import (
	"math/rand/v2"
	"testing"

	"github.com/avrlab/avrlab/examples"
	"github.com/avrlab/avrlab/isa"
)

// TestOutputsAsResult: the verdict a call's outputs get read in place (outputs, for the calls
// whose result the report does not keep) is result's on the outputs copied (VectorResult.OK): on a
// right call of the default example, with each byte of its output changed on the machine, and with
// an expected output of another length.
func TestOutputsAsResult(t *testing.T) {
	p := Program{FS: examples.FS, Files: []string{"cham64-v2.S"}}
	im, opts, err := p.image(Options{Seed: 11})
	if err != nil {
		t.Fatal(err)
	}
	opts.Vectors = 2
	h, rep, err := prepare(im, opts)
	if err != nil || rep.Error != "" {
		t.Fatalf("%v %q", err, rep.Error)
	}
	v := h.takeVectors(false, opts.Seed).at(1, h.vector)
	h.plant(v, 1)
	if _, stop, problem := h.run(h.m, v); problem != "" || h.stopProblem(h.m, stop) != nil {
		t.Fatalf("the call: %v %q", stop, problem)
	}
	verdicts := func(what string, want bool) {
		t.Helper()
		got := map[Role][]byte{}
		in, copied := h.outputs(h.m, v, nil), h.outputs(h.m, v, got)
		if r := h.result(v, 1, got, 0).OK; in != want || copied != want || r != want {
			t.Errorf("%s: outputs %v (copying %v), result %v, want %v", what, in, copied, r, want)
		}
	}
	verdicts("the call as run", true)
	checked := 0
	for i := range h.bufs {
		b := &h.bufs[i]
		want, ok := v.want[b.Role]
		if !ok || b.Value {
			continue
		}
		a := h.bufAddr(h.m, b)
		for j := range want {
			was := h.m.ReadData(a + uint16(j))
			h.m.WriteData(a+uint16(j), was^0x10)
			verdicts("output byte changed", false)
			h.m.WriteData(a+uint16(j), was)
			checked++
		}
		short := *v
		short.want = map[Role][]byte{}
		for r, w := range v.want {
			short.want[r] = w
		}
		short.want[b.Role] = want[:len(want)-1]
		got := map[Role][]byte{}
		if h.outputs(h.m, &short, nil) || h.outputs(h.m, &short, got) || h.result(&short, 1, got, 0).OK {
			t.Errorf("%s: an expected output one byte short passes", b.Role)
		}
	}
	if checked < 8 {
		t.Fatalf("%d output bytes checked, want the block's 8 at least", checked)
	}
	verdicts("the bytes put back", true)
}

// TestPlantsDraws: the registers and SREG planted before a call are the draws of
// rand.New(rand.NewPCG(seed^plantStream, idx)).Uint32 (the generator plants reseeds), and the SRAM
// offsets its IntN, whatever the harness drew before.
func TestPlantsDraws(t *testing.T) {
	h := &harness{opts: Options{Seed: 0x5eed}, dev: isa.LookupDevice("atmega128")}
	for _, idx := range []int{0, 1, 2, 100, 163, 1 << 20} {
		rng := rand.New(rand.NewPCG(h.opts.Seed^plantStream, uint64(idx)))
		var want [32]byte
		for r := range want {
			want[r] = byte(rng.Uint32())
		}
		want[1] = 0
		for i := 0; i < 4; i++ {
			want[argReg(i)+1] = unpassedHigh(i)
		}
		wantSREG := byte(rng.Uint32()) &^ sregI
		if regs, sreg := h.plants(idx); regs != want || sreg != wantSREG {
			t.Errorf("call %d: planted %x SREG %02x, want %x %02x", idx, regs, sreg, want, wantSREG)
		}
		n := int(h.dev.RAMEND()) + 1 - int(h.dev.SRAMStart)
		if got, want := h.sramOffset(idx), rand.New(rand.NewPCG(h.opts.Seed^sramStream, uint64(idx))).IntN(n); got != want {
			t.Errorf("call %d: SRAM offset %d, want %d", idx, got, want)
		}
	}
}
