package lab

import (
	"math"
	"strings"
	"testing"

	"github.com/avrlab/avrlab/asm"
	"github.com/avrlab/avrlab/emu"
	"github.com/avrlab/avrlab/examples"
	"github.com/avrlab/avrlab/lab/leak"
)

// TestLeakDataIndependent: a routine whose writes do not depend on the block (it writes constants
// over the fixed key's buffer in a loop and returns; model both, so the overwritten bytes count too) shows no leak at 10,000 noisy traces, while the same routine reading
// the block into a register does, at the load.
func TestLeakDataIndependent(t *testing.T) {
	const body = `
aes128_encrypt:
	movw r30, r24
	movw r26, r22
%s
	ldi r18, 16
1:	ldi r19, 0x5a
	eor r19, r18
	st X+, r19
	dec r18
	brne 1b
	ret
`
	run := func(extra string, traces int, order, lag int) *LeakReport {
		src := strings.Replace(body, "%s", extra, 1)
		im, err := asm.Assemble("flat.S", []byte(src), asm.Config{Device: "attiny45"})
		if err != nil {
			t.Fatal(err)
		}
		lr, err := Leak(im, LeakOptions{Options: Options{Task: "aes128", Seed: 3}, Traces: traces, Noise: 1, Order: order, Lag: lag, unchecked: true})
		if err != nil || lr.Error != "" {
			t.Fatalf("%v %q", err, lr.Error)
		}
		return lr
	}
	for _, c := range []struct{ order, lag int }{{1, 0}, {2, 0}, {2, 8}} {
		lr := run("", 10_000, c.order, c.lag)
		if lr.Traces != 10_000 || lr.MaxAbsT >= leak.Threshold || len(lr.OverThreshold) != 0 {
			t.Errorf("data-independent routine, order %d lag %d: %d traces, max |t| %.2f, %d cycles over", c.order, c.lag, lr.Traces, lr.MaxAbsT, len(lr.OverThreshold))
		}
	}
	if lr := run("	ld r20, Z", 2000, 1, 0); lr.MaxAbsT <= leak.Threshold || lr.MaxAt.Line != 5 {
		t.Errorf("reading the block: max |t| %.2f at %+v, want a leak at line 5", lr.MaxAbsT, lr.MaxAt)
	}
}

// TestLeakAES: the unprotected AES-128 example leaks at 2000 traces, on its S-box lines among
// others, and a CPA of 500 traces puts every key byte at rank 0.
func TestLeakAES(t *testing.T) {
	p := Program{FS: examples.FS, Files: []string{"aes128-t45.S"}}
	lr, _, err := LeakProgram(p, LeakOptions{Traces: 2000, Noise: -1})
	if err != nil || lr.Error != "" {
		t.Fatalf("%v %+v", err, lr)
	}
	if lr.MaxAbsT <= leak.Threshold {
		t.Fatalf("max |t| %.2f", lr.MaxAbsT)
	}
	sbox := false
	for _, q := range lr.OverThreshold {
		if q.Line == 139 { // lpm \d, Z in the SBOX macro
			sbox = true
		}
	}
	if !sbox {
		t.Errorf("no leak on the S-box lookup (line 139)")
	}
	if first := lr.OverThreshold[0]; first.Line != 191 {
		t.Errorf("first leak at %s, want the plaintext load at line 191", first.Where)
	}
	cr, _, err := LeakProgram(p, LeakOptions{Test: LeakCPA, Traces: 500, Noise: -1})
	if err != nil || cr.Error != "" {
		t.Fatalf("%v %q", err, cr.Error)
	}
	for k, r := range cr.KeyRanks {
		if r != 0 || cr.TracesToRank0[k] <= 0 || cr.TracesToRank0[k] > 500 {
			t.Errorf("key byte %d: rank %d, rank 0 from %d traces", k, r, cr.TracesToRank0[k])
		}
	}
	if math.IsNaN(cr.RightCorr[0]) {
		t.Error("NaN correlation")
	}
}

// TestLeakMasked: the masked AES-128 passes the first-order test under every model (registers and
// memory bytes holding a share are cleared before another value with the same mask lands there) and
// fails the second-order one at the same 2000 traces, univariate with 4 cycles per sample and
// bivariate (pairs of cycles up to 16 apart) with one, inside its leak window.
// Without the window the plaintext load and the ciphertext store leak, as they must.
func TestLeakMasked(t *testing.T) {
	p := Program{FS: examples.FS, Files: []string{"aes128-masked.S"}}
	run := func(order int, m leak.Model, window [2]string) *LeakReport {
		lr, _, err := LeakProgram(p, LeakOptions{Traces: 2000, Noise: -1, Order: order, Model: m, Sum: 4, Window: window})
		if err != nil || lr.Error != "" {
			t.Fatalf("%v %+v", err, lr)
		}
		return lr
	}
	for _, m := range []leak.Model{leak.HW, leak.HD, leak.Both} {
		if lr := run(1, m, [2]string{}); lr.Window == nil || lr.MaxAbsT >= leak.Threshold {
			t.Errorf("first order, %s: window %v, max |t| %.2f at %s", m, lr.Window, lr.MaxAbsT, lr.MaxAt.Where)
		} else if lr.OutsideMaxAbsT <= leak.Threshold {
			t.Errorf("first order, %s: no leak outside the window (max |t| %.2f): the input load should show", m, lr.OutsideMaxAbsT)
		}
	}
	if lr := run(2, leak.Both, [2]string{}); lr.MaxAbsT <= leak.Threshold {
		t.Errorf("second order, both: max |t| %.2f, want a leak", lr.MaxAbsT)
	}
	// The bivariate test (one cycle per sample, pairs up to 16 cycles apart) finds it too.
	lr, _, err := LeakProgram(p, LeakOptions{Traces: 2000, Noise: -1, Order: 2, Lag: 16})
	if err != nil || lr.Error != "" || lr.MaxAbsT <= leak.Threshold || lr.MaxAt.Cycle2 == 0 {
		t.Errorf("bivariate second order: %v %+v", err, lr.MaxAt)
	}
	if lr := run(1, leak.Both, [2]string{"aes128_encrypt", "unmask"}); lr.MaxAbsT <= leak.Threshold {
		t.Errorf("window from the entry: max |t| %.2f, want the plaintext load", lr.MaxAbsT)
	}
}

// BenchmarkLeakTraceAES measures one simulated trace of examples/aes128-t45.S (stepped, store
// record on, model both, σ 1) against the baseline in the same run, one plain call of the bench's
// harness (interpreted, no hooks) on the same input; the ratio of the two ns/op is the cost of a
// trace in bench calls:
//
//	go test ./lab -run XXX -bench LeakTraceAES -count 5
func BenchmarkLeakTraceAES(b *testing.B) {
	p := Program{FS: examples.FS, Files: []string{"aes128-t45.S"}}
	im, opts, err := p.image(Options{})
	if err != nil {
		b.Fatal(err)
	}
	opts.Vectors = -1
	h, rep, err := prepare(im, opts)
	if err != nil || rep.Error != "" {
		b.Fatalf("%v %q", err, rep.Error)
	}
	v := h.leakVector(h.t.OfficialKey, h.t.OfficialPlain, traceRNG(0, 0))
	b.Run("call", func(b *testing.B) {
		for b.Loop() {
			if _, s, _ := h.run(h.m, v); s.Reason != emu.StopReturn {
				b.Fatal(s)
			}
		}
	})
	b.Run("trace", func(b *testing.B) {
		tr := &tracer{h: h, model: leak.Both, sigma: 1, sregAt: h.dev.SREG, sum: 1}
		tr.m = emu.New(h.dev, im.Flash, emu.Config{Writes: true})
		i := 0
		for b.Loop() {
			if _, p := tr.trace(v, i, false); p != "" {
				b.Fatal(p)
			}
			i++
		}
	})
}

// TestLeakTTestOnSimulatedTraces: on 300 simulated AES-128 traces (kept here, which Leak never
// does), the streaming t of orders 1 and 2 equals a direct two-pass Welch computation per cycle.
func TestLeakTTestOnSimulatedTraces(t *testing.T) {
	p := Program{FS: examples.FS, Files: []string{"aes128-t45.S"}}
	im, opts, err := p.image(Options{})
	if err != nil {
		t.Fatal(err)
	}
	opts.Vectors = -1
	h, rep, err := prepare(im, opts)
	if err != nil || rep.Error != "" {
		t.Fatalf("%v %q", err, rep.Error)
	}
	tr := &tracer{h: h, model: leak.Both, sigma: 1, seed: 9, sregAt: h.dev.SREG, sum: 1}
	tr.m = emu.New(h.dev, im.Flash, emu.Config{Writes: true})
	var traces [][]float64
	var class []int
	tt := leak.NewTTest(3135, 2)
	for i := range 300 {
		rng := traceRNG(9, i)
		c := rng.IntN(2)
		blk := h.t.OfficialPlain
		if c == 1 {
			blk = make([]byte, 16)
			fill(rng, blk)
		}
		x, msg := tr.trace(h.leakVector(h.t.OfficialKey, blk, rng), i, false)
		if msg != "" {
			t.Fatal(msg)
		}
		traces = append(traces, append([]float64(nil), x...))
		class = append(class, c)
		tt.Add(x, c)
	}
	for order := 1; order <= 2; order++ {
		got := tt.T(order)
		for s := range got {
			var n, m [2]float64
			for j, x := range traces {
				n[class[j]]++
				m[class[j]] += x[s]
			}
			m[0], m[1] = m[0]/n[0], m[1]/n[1]
			val := func(j int) float64 {
				if order == 1 {
					return traces[j][s]
				}
				d := traces[j][s] - m[class[j]]
				return d * d
			}
			var mm, v [2]float64
			for j := range traces {
				mm[class[j]] += val(j)
			}
			mm[0], mm[1] = mm[0]/n[0], mm[1]/n[1]
			for j := range traces {
				d := val(j) - mm[class[j]]
				v[class[j]] += d * d
			}
			want := (mm[0] - mm[1]) / math.Sqrt(v[0]/n[0]/n[0]+v[1]/n[1]/n[1])
			if math.Abs(got[s]-want) > 1e-6*math.Max(1, math.Abs(want)) {
				t.Fatalf("order %d cycle %d: t %.9g, two-pass %.9g", order, s, got[s], want)
			}
		}
	}
}

// TestLeakBivariateMatchesTwoPass: the bivariate second-order t of Leak (order 2, lag 3) equals a
// direct computation on the same 200 simulated AES-128 traces, kept here: class means, the centred
// products of each pair of cycles 1..3 apart, then Welch's t per pair, the largest |t| per cycle.
func TestLeakBivariateMatchesTwoPass(t *testing.T) {
	p := Program{FS: examples.FS, Files: []string{"aes128-t45.S"}}
	lr, im, err := LeakProgram(p, LeakOptions{Options: Options{Seed: 4}, Traces: 200, Noise: 1, Order: 2, Lag: 3})
	if err != nil || lr.Error != "" {
		t.Fatalf("%v %+v", err, lr)
	}
	opts := Options{Task: "aes128", Seed: 4, Vectors: -1, MaxCycles: MaxLeakCycles}
	h, _, _ := prepare(im, opts)
	tr := &tracer{h: h, model: leak.Both, sigma: 1, seed: 4, sregAt: h.dev.SREG, sum: 1}
	tr.m = emu.New(h.dev, im.Flash, emu.Config{Writes: true})
	var traces [][]float64
	var class []int
	key, fixed := h.leakSecrets(4)
	for i := range 200 {
		rng := traceRNG(4, i)
		c := rng.IntN(2)
		blk := fixed
		if c == 1 {
			blk = make([]byte, 16)
			fill(rng, blk)
		}
		x, msg := tr.trace(h.leakVector(key, blk, rng), i, false)
		if msg != "" {
			t.Fatal(msg)
		}
		traces = append(traces, append([]float64(nil), x...))
		class = append(class, c)
	}
	n := len(traces[0])
	var cnt [2]float64
	mean := [2][]float64{make([]float64, n), make([]float64, n)}
	for j, x := range traces {
		cnt[class[j]]++
		for s, v := range x {
			mean[class[j]][s] += v
		}
	}
	for c := range mean {
		for s := range mean[c] {
			mean[c][s] /= cnt[c]
		}
	}
	for s := 0; s+1 < n; s++ {
		best := 0.0
		for k := 1; k <= 3 && s+k < n; k++ {
			var m, v [2]float64
			y := make([]float64, len(traces))
			for j, x := range traces {
				c := class[j]
				y[j] = (x[s] - mean[c][s]) * (x[s+k] - mean[c][s+k])
				m[c] += y[j]
			}
			m[0], m[1] = m[0]/cnt[0], m[1]/cnt[1]
			for j := range traces {
				d := y[j] - m[class[j]]
				v[class[j]] += d * d
			}
			den := math.Sqrt(v[0]/cnt[0]/cnt[0] + v[1]/cnt[1]/cnt[1])
			tv := 0.0
			if den > 0 {
				tv = (m[0] - m[1]) / den
			}
			if math.Abs(tv) > math.Abs(best) {
				best = tv
			}
		}
		if math.Abs(lr.T[s]-best) > 1e-6*math.Max(1, math.Abs(best)) {
			t.Fatalf("cycle %d: bivariate t %.9g, two-pass %.9g", s, lr.T[s], best)
		}
	}
	if lr.MaxAbsT <= leak.Threshold || lr.MaxAt.Cycle2 <= lr.MaxAt.Cycle || lr.MaxAt.Cycle2 > lr.MaxAt.Cycle+3 {
		t.Errorf("max |t| %.2f at %+v", lr.MaxAbsT, lr.MaxAt)
	}
}
