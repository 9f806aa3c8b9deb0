package lab

import (
	"bytes"
	"math"

	"github.com/avrlab/avrlab/internal/textf"
	"github.com/avrlab/avrlab/lab/leak"
)

// leakTVLA runs the fixed-vs-random t-test under a key from the seed: trace i is of the fixed class
// (a block from the seed, leakSecrets) or the random one, drawn from (seed, i); univariate of order 1 or 2 in one pass, or bivariate of
// order 2 in two (bivariate).
func (h *harness) leakTVLA(tr *tracer, o LeakOptions, lr *LeakReport) {
	t := h.t
	key, fixed := h.leakSecrets(o.Seed)
	passes := 1
	if o.Lag > 0 {
		passes = 2
	}
	// gen simulates trace i: its class and input come from (seed, i) alone, so the second pass of
	// the bivariate test regenerates exactly the traces of the first.
	gen := func(i int) ([]float64, int, string) {
		rng := traceRNG(o.Seed, i)
		class := rng.IntN(2)
		blk := fixed
		if class == 1 {
			blk = make([]byte, t.BlockBytes)
			fill(rng, blk)
		}
		x, p := tr.trace(h.leakVector(key, blk, rng), i, i == 0)
		return x, class, p
	}
	var tt *leak.TTest
	var ref int
	order := o.Order
	if o.Lag > 0 {
		order = 1 // the first pass only needs the class means
	}
	for i := 0; i < o.Traces; i++ {
		if o.Stop != nil && o.Stop() {
			lr.Stopped = true
			break
		}
		x, class, p := gen(i)
		if p != "" {
			lr.Error = textf.Sprintf("trace %d: %s", i, p)
			break
		}
		if i == 0 {
			ref = len(x)
			if ref > MaxLeakCycles {
				lr.Error = textf.Sprintf("the call takes %d cycles; the leakage tests take at most %d", ref, MaxLeakCycles)
				return
			}
			tt = leak.NewTTest(ref, order)
		}
		if len(x) != ref {
			lr.Error = textf.Sprintf("timing leak: trace %d (%s input) takes %d cycles, trace 0 took %d; the t-test needs traces of one length",
				i, []string{"fixed", "random"}[class], len(x), ref)
			break
		}
		tt.Add(x, class)
		lr.Traces = i + 1
		if h.opts.Progress != nil {
			h.opts.Progress(i+1, passes*o.Traces)
		}
		if o.Partial != nil && o.Lag == 0 && i+1 < o.Traces && (i+1)*10/o.Traces != i*10/o.Traces {
			o.Partial(i+1, tt.T(o.Order)) // at every tenth, as lascar's output_steps
		}
	}
	if tt == nil {
		return
	}
	lr.Fixed, lr.Random = tt.Count()
	lr.Cycles = tt.Samples()
	lr.Sum = o.Sum
	lr.PCs = append([]uint32(nil), tr.pcs...)
	if o.Sum > 1 {
		pcs := make([]uint32, 0, ref)
		for c := 0; c < len(tr.pcs); c += o.Sum {
			pcs = append(pcs, tr.pcs[c])
		}
		lr.PCs = pcs
	}
	lo, hi := 0, ref
	if o.Window[0] != "" || o.Window[1] != "" {
		w, msg := h.window(o.Window, tr.pcs)
		if msg != "" {
			lr.Error = msg
			return
		}
		lr.Window = w
		lo, hi = (w.FromCycle+o.Sum-1)/o.Sum, w.ToCycle/o.Sum // samples wholly inside
	}
	if o.Lag > 0 && lr.Error == "" && !lr.Stopped {
		h.bivariate(tr, o, lr, tt, gen, lo, hi)
		return
	}
	lr.T = tt.T(o.Order)
	for j, v := range lr.T {
		a := math.Abs(v)
		c := j * o.Sum
		if j < lo || j >= hi {
			lr.OutsideMaxAbsT = math.Max(lr.OutsideMaxAbsT, a)
			continue
		}
		if a > lr.MaxAbsT || lr.MaxAt == nil {
			lr.MaxAbsT = a
			p := h.point(tr.pcs, c, v)
			lr.MaxAt = &p
		}
		if a > leak.Threshold {
			lr.OverThreshold = append(lr.OverThreshold, h.point(tr.pcs, c, v))
		}
	}
}

// bivariate is the second pass of the bivariate second-order test: the same traces again, each
// sample centred on its class's mean from the first pass, and a first-order Welch t-test on the
// centred products of every pair of samples 1..Lag apart (Schneider and Moradi's centred product,
// lascar's CenteredProductProcessing over a band of pairs). Memory is samples × Lag × classes. T per
// sample is the pair from that sample with the largest |t|; a point names both cycles.
func (h *harness) bivariate(tr *tracer, o LeakOptions, lr *LeakReport, first *leak.TTest, gen func(int) ([]float64, int, string), lo, hi int) {
	n, lag := first.Samples(), o.Lag
	if n*lag > maxLeakPairs {
		lr.Error = textf.Sprintf("the bivariate test would pair %d samples × lag %d = %d pairs, over %d: lower -lag or add cycles into samples (-sum)", n, lag, n*lag, maxLeakPairs)
		return
	}
	mean := [2][]float64{append([]float64(nil), first.Mean(0)...), append([]float64(nil), first.Mean(1)...)}
	pt := leak.NewTTest(n*lag, 1)
	prod := make([]float64, n*lag)
	d := make([]float64, n)
	for i := 0; i < lr.Traces; i++ {
		if o.Stop != nil && o.Stop() {
			lr.Stopped = true
			break
		}
		x, class, p := gen(i)
		if p != "" || len(x) != n {
			lr.Error = textf.Sprintf("trace %d differs on its second run: %s", i, p)
			return
		}
		for s, v := range x {
			d[s] = v - mean[class][s]
		}
		for s := range n {
			row := prod[s*lag : s*lag+lag]
			for k := range row {
				if s+k+1 < n {
					row[k] = d[s] * d[s+k+1]
				} else {
					row[k] = 0
				}
			}
		}
		pt.Add(prod, class)
		if h.opts.Progress != nil {
			h.opts.Progress(lr.Traces+i+1, 2*o.Traces)
		}
	}
	tp := pt.T(1)
	lr.T = make([]float64, n)
	lr.Lag = lag
	for s := range n {
		for k := range lag {
			s2 := s + k + 1
			v := tp[s*lag+k]
			if s2 >= n {
				continue
			}
			a := math.Abs(v)
			if a > math.Abs(lr.T[s]) {
				lr.T[s] = v
			}
			if s < lo || s2 >= hi {
				lr.OutsideMaxAbsT = math.Max(lr.OutsideMaxAbsT, a)
				continue
			}
			if a > lr.MaxAbsT || lr.MaxAt == nil {
				lr.MaxAbsT = a
				p := h.pairPoint(tr.pcs, s*o.Sum, s2*o.Sum, v)
				lr.MaxAt = &p
			}
			if a > leak.Threshold {
				lr.OverThreshold = append(lr.OverThreshold, h.pairPoint(tr.pcs, s*o.Sum, s2*o.Sum, v))
			}
		}
	}
}

// pairPoint describes a pair of cycles c < c2 of a bivariate test.
func (h *harness) pairPoint(pcs []uint32, c, c2 int, v float64) LeakPoint {
	p := h.point(pcs, c, v)
	q := h.point(pcs, c2, v)
	p.Cycle2, p.Where2 = c2, q.Where
	return p
}

// window finds the cycles of labels w[0] and w[1] in trace 0 (pcs: flash byte address per cycle).
func (h *harness) window(w [2]string, pcs []uint32) (*LeakWindow, string) {
	var addr [2]uint32
	for i, name := range w {
		if name == "" {
			return nil, "the leak window needs two labels, FROM and TO"
		}
		if a, ok := entryAddress(name); ok {
			addr[i] = a
			continue
		}
		sym, ok := h.im.Symbol(name)
		if !ok {
			return nil, textf.Sprintf("leak window: label %q is not defined", name)
		}
		addr[i] = uint32(sym.Value)
	}
	lw := &LeakWindow{From: w[0], To: w[1], FromCycle: -1, ToCycle: -1}
	for c, pc := range pcs {
		if lw.FromCycle < 0 && pc == addr[0] && (c == 0 || pcs[c-1] != pc) {
			lw.FromCycle = c
		} else if lw.FromCycle >= 0 && pc == addr[1] && pcs[c-1] != pc {
			lw.ToCycle = c
			break
		}
	}
	if lw.FromCycle < 0 {
		return nil, textf.Sprintf("leak window: the call never executes %s", w[0])
	}
	if lw.ToCycle < 0 {
		return nil, textf.Sprintf("leak window: the call never executes %s after %s", w[1], w[0])
	}
	return lw, ""
}

// DetectLeakWindow returns the labels of a line "; avrlab leak window: FROM TO" within the first 20
// lines of src, or empty strings.
func DetectLeakWindow(src []byte) [2]string {
	lines := bytes.SplitN(src, []byte("\n"), 21)
	if len(lines) > 20 {
		lines = lines[:20]
	}
	for _, l := range lines {
		if from, to, ok := leakWindowLine(l); ok {
			return [2]string{string(from), string(to)}
		}
	}
	return [2]string{}
}

// leakWindowLine finds in line the leftmost match of (?:;|//|#)\s*avrlab\s+leak\s+window:\s*(\S+)\s+(\S+)
// (\s being [\t\n\f\r ]) and returns its two groups. It is read by hand so that the page's engine
// links no regexp package (TestLeakWindowAsRegexp and FuzzLeakWindowLine hold it to the expression).
func leakWindowLine(line []byte) (from, to []byte, ok bool) {
	isSpace := func(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r' }
	spaces := func(i int) int {
		for i < len(line) && isSpace(line[i]) {
			i++
		}
		return i
	}
	word := func(i int) int {
		for i < len(line) && !isSpace(line[i]) {
			i++
		}
		return i
	}
	for i := range line {
		j := i + 1
		switch {
		case line[i] == ';' || line[i] == '#':
		case line[i] == '/' && i+1 < len(line) && line[i+1] == '/':
			j = i + 2
		default:
			continue
		}
		if j = leakWindowWords(line, spaces(j), spaces); j < 0 {
			continue
		}
		a := spaces(j)
		b := word(a)
		c := spaces(b)
		d := word(c)
		if b > a && c > b && d > c {
			return line[a:b], line[c:d], true
		}
	}
	return nil, nil, false
}

// leakWindowWords matches avrlab\s+leak\s+window: at line[j:] and returns its end, or -1.
func leakWindowWords(line []byte, j int, spaces func(int) int) int {
	for k, w := range []string{"avrlab", "leak", "window:"} {
		if !bytes.HasPrefix(line[j:], []byte(w)) {
			return -1
		}
		j += len(w)
		if k < 2 {
			e := spaces(j)
			if e == j {
				return -1
			}
			j = e
		}
	}
	return j
}

// point describes cycle c of a trace.
func (h *harness) point(pcs []uint32, c int, v float64) LeakPoint {
	p := LeakPoint{Cycle: c, T: v}
	if c < len(pcs) {
		p.PC = pcs[c]
		if pos, ok := h.im.SourceAt(pcs[c] / 2); ok {
			p.File, p.Line = pos.Filename, pos.Line
			p.Where = textf.Sprintf("%s:%d", pos.Filename, pos.Line)
		}
	}
	return p
}
