package lab

import (
	"math/bits"
	"strings"
	"sync"

	"github.com/avrlab/avrlab/internal/textf"
	"github.com/avrlab/avrlab/lab/cipher"
	"github.com/avrlab/avrlab/lab/leak"
)

// cpaTarget is what a CPA attacks: per target the class of a trace (the plaintext byte or nibble),
// the right key guess, and the model per guess and class (the S-box output's Hamming weight).
type cpaTarget struct {
	name    string
	classes int
	classOf func(pt []byte) []uint8
	right   func(key []byte) []int
	sbox    []byte
}

// cpaTargetOf returns the first round the CPA attacks for the harness's task (its row's cpa in
// cipherTasks), or why there is none.
func (h *harness) cpaTargetOf() (*cpaTarget, string) {
	if h.t.cpa != nil {
		return h.t.cpa(), ""
	}
	var known []string
	for _, t := range allTasks() {
		if t.cpa != nil {
			known = append(known, t.ID)
		}
	}
	list := "no task"
	if n := len(known); n > 0 {
		list = known[n-1]
		if n > 1 {
			list = strings.Join(known[:n-1], ", ") + " and " + list
		}
	}
	return nil, textf.Sprintf("CPA knows the first round of %s, not of %s", list, h.t.ID)
}

// aesCPA is AES-128's CPA target: the first round's SubBytes outputs.
func aesCPA() *cpaTarget {
	sb := cipher.AESSbox()
	return &cpaTarget{name: "AES-128 first-round SubBytes output, key bytes 0..15", classes: 256, sbox: sb[:],
		classOf: func(pt []byte) []uint8 { return append([]uint8(nil), pt[:16]...) },
		right: func(key []byte) []int {
			r := make([]int, 16)
			for i := range r {
				r[i] = int(key[i])
			}
			return r
		}}
}

// presentCPA is PRESENT-80's CPA target: the first round's S-box outputs.
func presentCPA() *cpaTarget {
	sb := cipher.PRESENTSbox()
	// Block and key are little-endian integers; round 1 XORs K1 = key bits 79..16 (key bytes
	// 2..9 as a little-endian integer) and applies the S-box to each nibble, nibble j = bits 4j..4j+3.
	nib := func(b []byte, j int) uint8 { return b[j/2] >> (4 * (j % 2)) & 15 }
	return &cpaTarget{name: "PRESENT-80 first-round S-box output, round-key K1 nibbles 0..15", classes: 16, sbox: sb[:],
		classOf: func(pt []byte) []uint8 {
			c := make([]uint8, 16)
			for j := range c {
				c[j] = nib(pt, j)
			}
			return c
		},
		right: func(key []byte) []int {
			r := make([]int, 16)
			for j := range r {
				r[j] = int(nib(key[2:], j))
			}
			return r
		}}
}

// leakCPA runs the correlation power analysis: random blocks under a key from the seed (leakSecrets), the samples
// of the cycles whose leakage depends on the input, key ranks at every checkpoint.
func (h *harness) leakCPA(tr *tracer, o LeakOptions, lr *LeakReport) {
	tg, msg := h.cpaTargetOf()
	if h.sc.Decrypt {
		tg, msg = nil, "CPA attacks the first round of encryption; the decrypt scenario's first round is the last one's inverse"
	}
	if tg == nil {
		lr.Error = msg
		return
	}
	t := h.t
	lr.Target = tg.name
	key, _ := h.leakSecrets(o.Seed)
	right := tg.right(key)
	// The model of guess g for class c is f[c ^ g], f the S-box output's Hamming weight: the CPA
	// scores every guess at once with a Walsh-Hadamard transform (leak.CPA.ScoresXOR).
	model := make([]float64, tg.classes)
	for c := range model {
		model[c] = float64(bits.OnesCount8(tg.sbox[c]))
	}
	input := func(i int) []byte {
		rng := traceRNG(o.Seed, i)
		blk := make([]byte, t.BlockBytes)
		fill(rng, blk)
		return blk
	}
	// The samples: the first cpaSamples cycles whose noiseless leakage varies over a few inputs.
	quiet := *tr
	quiet.sigma = 0
	var base []float64
	varies := map[int]bool{}
	for i := 0; i < 16; i++ {
		rng := traceRNG(o.Seed^0x5eed, i)
		blk := make([]byte, t.BlockBytes)
		fill(rng, blk)
		x, p := quiet.trace(h.leakVector(key, blk, rng), i, i == 0)
		if p != "" {
			lr.Error = textf.Sprintf("trace: %s", p)
			return
		}
		if i == 0 {
			base = append([]float64(nil), x...)
			tr.pcs = quiet.pcs
			continue
		}
		if len(x) != len(base) {
			lr.Error = textf.Sprintf("timing leak: the call takes %d or %d cycles by input", len(base), len(x))
			return
		}
		for c := range x {
			if x[c] != base[c] {
				varies[c] = true
			}
		}
	}
	var idx []int
	for c := range base {
		if varies[c] && len(idx) < cpaSamples {
			idx = append(idx, c)
		}
	}
	lr.Cycles = len(base)
	if len(idx) == 0 {
		lr.Error = "no cycle's leakage depends on the input"
		return
	}
	cpa := leak.NewCPA(len(idx), len(right), tg.classes)
	lr.TracesToRank0 = make([]int, len(right))
	for k := range lr.TracesToRank0 {
		lr.TracesToRank0[k] = -1
	}
	sample := make([]float64, len(idx))
	for i := 0; i < o.Traces; i++ {
		if o.Stop != nil && o.Stop() {
			lr.Stopped = true
			break
		}
		blk := input(i)
		x, p := tr.trace(h.leakVector(key, blk, traceRNG(o.Seed^0x6d61736b, i)), i, false)
		if p != "" {
			lr.Error = textf.Sprintf("trace %d: %s", i, p)
			break
		}
		if len(x) != len(base) {
			lr.Error = textf.Sprintf("timing leak: trace %d takes %d cycles, others %d", i, len(x), len(base))
			break
		}
		for k, c := range idx {
			sample[k] = x[c]
		}
		cpa.Add(sample, tg.classOf(blk))
		lr.Traces = i + 1
		if h.opts.Progress != nil {
			h.opts.Progress(i+1, o.Traces)
		}
		if isCheckpoint(i+1) || i+1 == o.Traces {
			h.cpaCheckpoint(cpa, model, right, lr)
		}
	}
	if lr.Stopped && !isCheckpoint(lr.Traces) && lr.Traces >= 2 {
		h.cpaCheckpoint(cpa, model, right, lr)
	}
}

// isCheckpoint reports whether the CPA ranks the keys after n traces: n = 10, 15, 20, 30, 50, 70
// times a power of ten (and after the last trace), so that traces_to_rank0 is one of those counts.
func isCheckpoint(n int) bool {
	for p := 1; p <= n; p *= 10 {
		for _, m := range []int{10, 15, 20, 30, 50, 70} {
			if m*p == n {
				return true
			}
		}
	}
	return false
}

// cpaCheckpoint ranks every target's right key after the traces so far and keeps traces_to_rank0:
// the checkpoint from which the rank stayed 0.
func (h *harness) cpaCheckpoint(cpa *leak.CPA, model []float64, right []int, lr *LeakReport) {
	n := cpa.Traces()
	lr.KeyRanks = make([]int, len(right))
	lr.RightCorr = make([]float64, len(right))
	lr.WrongCorr = make([]float64, len(right))
	scores := make([][]float64, len(right))
	var wg sync.WaitGroup
	for k := range right { // the targets are independent: one goroutine each (Scores only reads)
		wg.Add(1)
		go func() {
			defer wg.Done()
			scores[k] = cpa.ScoresXOR(k, model)
		}()
	}
	wg.Wait()
	for k, r := range right {
		sc := scores[k]
		lr.KeyRanks[k] = leak.Rank(sc, r)
		lr.RightCorr[k] = sc[r]
		for g, s := range sc {
			if g != r && s > lr.WrongCorr[k] {
				lr.WrongCorr[k] = s
			}
		}
		switch {
		case lr.KeyRanks[k] != 0:
			lr.TracesToRank0[k] = -1
		case lr.TracesToRank0[k] < 0:
			lr.TracesToRank0[k] = n
		}
	}
	lr.History = append(lr.History, CPAPoint{Traces: n, Right: lr.RightCorr, Wrong: lr.WrongCorr})
}
