package leak

import (
	"math"

	"github.com/avrlab/avrlab/internal/textf"
)

// Threshold is the |t| above which a sample counts as leaking (Goodwill et al., NIST NIAT 2011;
// ISO/IEC 17825): about a 1e-5 chance per sample under the null hypothesis at large n.
const Threshold = 4.5

// MaxT is the |t| reported where a sample has no variance in either class but different means: a
// noiseless simulator's certain leak (JSON has no infinity).
const MaxT = 1e6

// moments are one class's running central sums per sample: mean and M_k = Σ(x − mean)^k.
type moments struct {
	n        float64
	mean, m2 []float64
	m3, m4   []float64 // order 2 only
	order    int
}

func newMoments(samples, order int) moments {
	c := moments{mean: make([]float64, samples), m2: make([]float64, samples), order: order}
	if order >= 2 {
		c.m3, c.m4 = make([]float64, samples), make([]float64, samples)
	}
	return c
}

// add updates the sums with one trace (Pébay 2008, equations 1.1-1.4 for one new point).
func (c *moments) add(x []float64) {
	n1 := c.n
	c.n++
	n := c.n
	if c.order < 2 {
		for i, v := range x {
			d := v - c.mean[i]
			dn := d / n
			c.mean[i] += dn
			c.m2[i] += d * dn * n1
		}
		return
	}
	k4 := n*n - 3*n + 3
	for i, v := range x {
		d := v - c.mean[i]
		dn := d / n
		dn2 := dn * dn
		t1 := d * dn * n1
		m2, m3 := c.m2[i], c.m3[i]
		c.mean[i] += dn
		c.m4[i] += t1*dn2*k4 + 6*dn2*m2 - 4*dn*m3
		c.m3[i] += t1*dn*(n-2) - 3*dn*m2
		c.m2[i] += t1
	}
}

// merge folds o into c (Pébay 2008, the pairwise update of Chan et al. extended to M3, M4).
func (c *moments) merge(o *moments) {
	if o.n == 0 {
		return
	}
	if c.n == 0 {
		c.n = o.n
		copy(c.mean, o.mean)
		copy(c.m2, o.m2)
		copy(c.m3, o.m3)
		copy(c.m4, o.m4)
		return
	}
	na, nb := c.n, o.n
	n := na + nb
	for i := range c.mean {
		d := o.mean[i] - c.mean[i]
		a2, b2 := c.m2[i], o.m2[i]
		if c.order >= 2 {
			a3, b3 := c.m3[i], o.m3[i]
			c.m4[i] += o.m4[i] + d*d*d*d*na*nb*(na*na-na*nb+nb*nb)/(n*n*n) +
				6*d*d*(na*na*b2+nb*nb*a2)/(n*n) + 4*d*(na*b3-nb*a3)/n
			c.m3[i] += b3 + d*d*d*na*nb*(na-nb)/(n*n) + 3*d*(na*b2-nb*a2)/n
		}
		c.m2[i] += b2 + d*d*na*nb/n
		c.mean[i] += d * nb / n
	}
	c.n = n
}

// TTest accumulates a two-class Welch t-test per sample over traces of one length. Build it with
// NewTTest; the zero value is not usable. Not safe for concurrent use.
type TTest struct {
	samples int
	order   int
	cls     [2]moments
}

// NewTTest returns a t-test over traces of the given number of samples that can answer T(1) (and
// T(2) when order is 2: it then keeps the third and fourth central sums too).
func NewTTest(samples, order int) *TTest {
	if order < 1 || order > 2 {
		panic(textf.Sprintf("leak: internal error: t-test order %d", order))
	}
	t := &TTest{samples: samples, order: order}
	for i := range t.cls {
		t.cls[i] = newMoments(samples, order)
	}
	return t
}

// Samples returns the trace length the test takes.
func (t *TTest) Samples() int { return t.samples }

// Add adds one trace of class 0 or 1. A trace of another length panics: the caller reports a
// different length as a timing leak instead.
func (t *TTest) Add(trace []float64, class int) {
	if len(trace) != t.samples {
		panic(textf.Sprintf("leak: internal error: trace of %d samples in a t-test of %d", len(trace), t.samples))
	}
	t.cls[class&1].add(trace)
}

// Merge adds the traces o accumulated (same length and order) to t.
func (t *TTest) Merge(o *TTest) {
	for i := range t.cls {
		t.cls[i].merge(&o.cls[i])
	}
}

// Count returns the traces of each class added so far.
func (t *TTest) Count() (fixed, random int) { return int(t.cls[0].n), int(t.cls[1].n) }

// T returns Welch's t per sample for the given order: order 1 compares the means; order 2 compares
// the means of (x − μ)², the univariate second-order test of Schneider and Moradi, whose mean is
// CM2 = M2/n and variance CM4 − CM2². A sample with no variance in either class has t 0 when its
// means agree and ±MaxT when they do not. With fewer than two traces in a class every t is 0.
func (t *TTest) T(order int) []float64 {
	if order > t.order || order < 1 {
		panic(textf.Sprintf("leak: internal error: T(%d) of a t-test kept for order %d", order, t.order))
	}
	out := make([]float64, t.samples)
	a, b := &t.cls[0], &t.cls[1]
	if a.n < 2 || b.n < 2 {
		return out
	}
	for i := range out {
		var ma, va, mb, vb float64
		if order == 1 {
			ma, va = a.mean[i], a.m2[i]/a.n
			mb, vb = b.mean[i], b.m2[i]/b.n
		} else {
			ma = a.m2[i] / a.n
			va = a.m4[i]/a.n - ma*ma
			mb = b.m2[i] / b.n
			vb = b.m4[i]/b.n - mb*mb
		}
		out[i] = welch(ma, va, a.n, mb, vb, b.n)
	}
	return out
}

// welch is (ma − mb)/√(va/na + vb/nb), with the noiseless cases of T.
func welch(ma, va, na, mb, vb, nb float64) float64 {
	if va < 0 {
		va = 0
	}
	if vb < 0 {
		vb = 0
	}
	d := ma - mb
	s := va/na + vb/nb
	// Rounding leaves tiny variances where the values were equal: treat a spread far below the
	// values' own size as none.
	scale := math.Max(math.Abs(ma), math.Abs(mb)) + 1
	if s <= 1e-24*scale*scale {
		if math.Abs(d) <= 1e-9*scale {
			return 0
		}
		return math.Copysign(MaxT, d)
	}
	t := d / math.Sqrt(s)
	return math.Max(-MaxT, math.Min(MaxT, t))
}

// Mean returns the running mean per sample of class 0 or 1 (the TTest's own slice: do not modify).
func (t *TTest) Mean(class int) []float64 { return t.cls[class&1].mean }
