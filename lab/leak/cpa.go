package leak

import (
	"math"

	"github.com/avrlab/avrlab/internal/textf"
)

// CPA accumulates a correlation power analysis over traces of one length, for several targets at
// once (AES's 16 key bytes, PRESENT's 16 key nibbles). Each target has a class per trace (the
// plaintext byte or nibble it depends on) and the traces are summed per class, as lascar's
// CpaPartitionedEngine does: one addition per sample and trace, whatever the number of key guesses,
// and the model is applied per (class, guess) only in Scores. Memory is targets × classes × samples.
// Not safe for concurrent use.
type CPA struct {
	samples, classes int
	count            [][]float64   // [target][class]
	sum              [][][]float64 // [target][class][sample]
	all              moments       // every trace: mean and M2 per sample
}

// NewCPA returns a CPA over traces of the given samples with targets targets of classes classes
// each.
func NewCPA(samples, targets, classes int) *CPA {
	c := &CPA{samples: samples, classes: classes, all: newMoments(samples, 1)}
	c.count = make([][]float64, targets)
	c.sum = make([][][]float64, targets)
	for t := range c.sum {
		c.count[t] = make([]float64, classes)
		c.sum[t] = make([][]float64, classes)
		for k := range c.sum[t] {
			c.sum[t][k] = make([]float64, samples)
		}
	}
	return c
}

// Add adds one trace; classes[t] is its class for target t.
func (c *CPA) Add(trace []float64, classes []uint8) {
	if len(trace) != c.samples || len(classes) != len(c.sum) {
		panic(textf.Sprintf("leak: internal error: CPA trace of %d samples, %d classes", len(trace), len(classes)))
	}
	c.all.add(trace)
	for t, k := range classes {
		c.count[t][k]++
		s := c.sum[t][k]
		for i, v := range trace {
			s[i] += v
		}
	}
}

// Traces returns the number of traces added.
func (c *CPA) Traces() int { return int(c.all.n) }

// Scores returns, for target t and each key guess g, the largest |ρ| over the samples of the
// Pearson correlation between the traces and model[g][class]. A guess whose model is constant, or
// a sample with no variance, correlates 0.
func (c *CPA) Scores(t int, model [][]float64) []float64 {
	n := c.all.n
	out := make([]float64, len(model))
	if n < 2 {
		return out
	}
	cnt := c.count[t]
	// d[k][i] = Σ over class k of (x − μ): the centred class sums.
	d := make([][]float64, c.classes)
	for k := range d {
		d[k] = make([]float64, c.samples)
		for i := range d[k] {
			d[k][i] = c.sum[t][k][i] - cnt[k]*c.all.mean[i]
		}
	}
	acc := make([]float64, c.samples)
	for g, h := range model {
		var hs, hss float64
		for k, v := range h {
			hs += cnt[k] * v
			hss += cnt[k] * v * v
		}
		vh := hss - hs*hs/n // Σ(h − h̄)²
		if vh <= 1e-12*(hss+1) {
			continue
		}
		clear(acc)
		for k, v := range h {
			if v == 0 || cnt[k] == 0 {
				continue
			}
			dk := d[k]
			for i := range acc {
				acc[i] += v * dk[i]
			}
		}
		best := 0.0
		for i, a := range acc {
			vx := c.all.m2[i]
			if vx <= 1e-12 {
				continue
			}
			if r := math.Abs(a) / math.Sqrt(vh*vx); r > best {
				best = r
			}
		}
		out[g] = best
	}
	return out
}

// Rank returns how many other guesses score at least as high as guess right (0: the right key
// wins outright; a tie counts against it).
func Rank(scores []float64, right int) int {
	r := 0
	for g, s := range scores {
		if g != right && s >= scores[right] {
			r++
		}
	}
	return r
}

// ScoresXOR is Scores for a model of the form model[g][c] = f[c ^ g] (an S-box output's weight
// after the key addition, with a power-of-two number of classes): Σ_c f(c ^ g)·d(c) is an XOR
// convolution, which a Walsh-Hadamard transform per sample computes for every guess at once in
// C·log2 C operations instead of C². The result equals Scores on the full model table.
func (c *CPA) ScoresXOR(t int, f []float64) []float64 {
	nc := c.classes
	if len(f) != nc || nc&(nc-1) != 0 {
		panic(textf.Sprintf("leak: internal error: ScoresXOR with %d model values for %d classes", len(f), nc))
	}
	n := c.all.n
	out := make([]float64, nc)
	if n < 2 {
		return out
	}
	cnt := c.count[t]
	wf := append([]float64(nil), f...)
	wht(wf)
	// Per guess: Σ cnt·h and Σ cnt·h², both XOR convolutions with the class counts.
	f2 := make([]float64, nc)
	for k, v := range f {
		f2[k] = v * v
	}
	wht(f2)
	wc := append([]float64(nil), cnt...)
	wht(wc)
	hs, hss := make([]float64, nc), make([]float64, nc)
	for k := range wc {
		hs[k], hss[k] = wf[k]*wc[k], f2[k]*wc[k]
	}
	wht(hs)
	wht(hss)
	vh := make([]float64, nc)
	for g := range vh {
		s, ss := hs[g]/float64(nc), hss[g]/float64(nc)
		vh[g] = ss - s*s/n
		if vh[g] <= 1e-12*(ss+1) {
			vh[g] = 0
		}
	}
	d := make([]float64, nc)
	for i := 0; i < c.samples; i++ {
		vx := c.all.m2[i]
		if vx <= 1e-12 {
			continue
		}
		mu := c.all.mean[i]
		for k := range d {
			d[k] = c.sum[t][k][i] - cnt[k]*mu
		}
		wht(d)
		for k := range d {
			d[k] *= wf[k]
		}
		wht(d)
		for g, a := range d {
			if vh[g] == 0 {
				continue
			}
			if r := math.Abs(a/float64(nc)) / math.Sqrt(vh[g]*vx); r > out[g] {
				out[g] = r
			}
		}
	}
	return out
}

// wht applies the Walsh-Hadamard transform in place (unnormalised: applying it twice multiplies by
// len(x)); len(x) is a power of two.
func wht(x []float64) {
	for h := 1; h < len(x); h *= 2 {
		for i := 0; i < len(x); i += 2 * h {
			for j := i; j < i+h; j++ {
				a, b := x[j], x[j+h]
				x[j], x[j+h] = a+b, a-b
			}
		}
	}
}
