package leak

import (
	"math"
	"math/rand/v2"
	"testing"
)

// direct is the textbook two-pass Welch t of order 1 or 2 on stored traces: the class means first,
// then (for order 2) the values (x − μ)², then each class's mean and variance of those values.
func direct(traces [][]float64, class []int, order int) []float64 {
	ns := len(traces[0])
	out := make([]float64, ns)
	for i := range ns {
		var m, v, n [2]float64
		for j, tr := range traces {
			m[class[j]] += tr[i]
			n[class[j]]++
		}
		m[0] /= n[0]
		m[1] /= n[1]
		val := func(j int) float64 {
			x := traces[j][i]
			if order == 2 {
				d := x - m[class[j]]
				return d * d
			}
			return x
		}
		var mm [2]float64
		for j := range traces {
			mm[class[j]] += val(j)
		}
		mm[0] /= n[0]
		mm[1] /= n[1]
		for j := range traces {
			d := val(j) - mm[class[j]]
			v[class[j]] += d * d
		}
		v[0] /= n[0]
		v[1] /= n[1]
		out[i] = (mm[0] - mm[1]) / math.Sqrt(v[0]/n[0]+v[1]/n[1])
	}
	return out
}

// randomTraces makes traces whose samples 0 and 1 depend on the class in mean (sample 0) and in
// variance only (sample 2), with an offset of 1000 to expose cancellation.
func randomTraces(n int, seed uint64) ([][]float64, []int) {
	rng := rand.New(rand.NewPCG(seed, 1))
	var tr [][]float64
	var cl []int
	for range n {
		c := rng.IntN(2)
		x := make([]float64, 4)
		x[0] = 1000 + rng.NormFloat64() + 0.3*float64(c)
		x[1] = 1000 + rng.NormFloat64()
		x[2] = 1000 + rng.NormFloat64()*(1+0.5*float64(c))
		x[3] = float64(rng.IntN(9))
		tr = append(tr, x)
		cl = append(cl, c)
	}
	return tr, cl
}

// TestTTestMatchesTwoPass checks the streaming t of orders 1 and 2 against the direct two-pass
// computation on the same traces, and Merge of two halves against one pass.
func TestTTestMatchesTwoPass(t *testing.T) {
	tr, cl := randomTraces(3000, 7)
	one := NewTTest(4, 2)
	a, b := NewTTest(4, 2), NewTTest(4, 2)
	for j := range tr {
		one.Add(tr[j], cl[j])
		if j < 1234 {
			a.Add(tr[j], cl[j])
		} else {
			b.Add(tr[j], cl[j])
		}
	}
	a.Merge(b)
	for order := 1; order <= 2; order++ {
		want := direct(tr, cl, order)
		for name, tt := range map[string]*TTest{"one pass": one, "merged": a} {
			got := tt.T(order)
			for i := range want {
				if math.Abs(got[i]-want[i]) > 1e-6*math.Max(1, math.Abs(want[i])) {
					t.Errorf("%s order %d sample %d: t = %.9g, two-pass %.9g", name, order, i, got[i], want[i])
				}
			}
		}
	}
	// The planted effects are found where they are and nowhere else.
	t1, t2 := one.T(1), one.T(2)
	if math.Abs(t1[0]) < Threshold || math.Abs(t1[1]) > Threshold || math.Abs(t2[2]) < Threshold {
		t.Errorf("order 1 %v, order 2 %v: want a mean leak at 0 and a variance leak at 2", t1, t2)
	}
}

// TestTTestNoiseless checks the σ = 0 cases: equal constants give 0, different constants MaxT.
func TestTTestNoiseless(t *testing.T) {
	tt := NewTTest(2, 1)
	for j := range 10 {
		tt.Add([]float64{5, float64(j % 2)}, j%2)
	}
	got := tt.T(1)
	if got[0] != 0 || got[1] != -MaxT {
		t.Errorf("t = %v, want [0 %g]", got, -MaxT)
	}
}

// TestCPAMatchesPearson checks each guess's score against a direct Pearson correlation per sample
// on stored traces, and that a planted key byte ranks first.
func TestCPAMatchesPearson(t *testing.T) {
	const key = 0x3c
	rng := rand.New(rand.NewPCG(1, 2))
	hw := func(x int) float64 {
		n := 0.0
		for ; x != 0; x &= x - 1 {
			n++
		}
		return n
	}
	sbox := func(x int) int { return (x*37 + 11) & 0xff } // any bijection will do
	var tr [][]float64
	var pt []int
	c := NewCPA(3, 1, 256)
	for range 400 {
		p := rng.IntN(256)
		x := []float64{rng.NormFloat64(), hw(sbox(p^key)) + rng.NormFloat64(), 3}
		c.Add(x, []uint8{uint8(p)})
		tr = append(tr, x)
		pt = append(pt, p)
	}
	model := make([][]float64, 256)
	for g := range model {
		model[g] = make([]float64, 256)
		for k := range model[g] {
			model[g][k] = hw(sbox(k ^ g))
		}
	}
	scores := c.Scores(0, model)
	for _, g := range []int{0, key, 0x80, 0xff} {
		best := 0.0
		for i := range 3 {
			var sx, sy, sxx, syy, sxy, n float64
			for j := range tr {
				x, y := tr[j][i], model[g][pt[j]]
				sx, sy, sxx, syy, sxy, n = sx+x, sy+y, sxx+x*x, syy+y*y, sxy+x*y, n+1
			}
			den := math.Sqrt((n*sxx - sx*sx) * (n*syy - sy*sy))
			if den > 1e-9 {
				best = math.Max(best, math.Abs((n*sxy-sx*sy)/den))
			}
		}
		if math.Abs(scores[g]-best) > 1e-9 {
			t.Errorf("guess %#x: score %.12f, Pearson %.12f", g, scores[g], best)
		}
	}
	if r := Rank(scores, key); r != 0 {
		t.Errorf("rank of the key %d, want 0", r)
	}
	// The Walsh-Hadamard route gives the same scores for a model f(class ^ guess).
	f := make([]float64, 256)
	for k := range f {
		f[k] = hw(sbox(k))
	}
	fast := c.ScoresXOR(0, f)
	for g := range scores {
		if math.Abs(fast[g]-scores[g]) > 1e-9 {
			t.Errorf("guess %#x: ScoresXOR %.12f, Scores %.12f", g, fast[g], scores[g])
		}
	}
}
