package lab

import (
	"math/rand/v2"

	"github.com/avrlab/avrlab/lab/kernel"
)

// testVector is one test case: what goes into each buffer (argument values included) and what the
// output buffers must hold afterwards.
type testVector struct {
	in   map[Role][]byte
	want map[Role][]byte
	key  []byte   // cipher tasks: the master key (shown with the inputs)
	rk   []byte   // cipher tasks: the round keys written into the source's table
	regs [32]byte // the values planted in r0..r31 before the arguments are set (harness.plants)
	sreg byte     // the value planted in SREG (harness.plants): I clear, the other flags random
	// noise says the call's SRAM starts as the run's noise rotated by sramOff bytes (harness.plant,
	// fillSRAM); else as zeros (the leakage traces, which start from the reset state).
	noise   bool
	sramOff int
}

// vector returns test vector i (0 = official) of the call.
func (h *harness) vector(rng *rand.Rand, i int) *testVector {
	if h.t.Kind == KindKernel {
		return h.kernelVector(rng, i)
	}
	t := h.t
	v := &testVector{in: map[Role][]byte{}, want: map[Role][]byte{}}
	var pt []byte
	if i == 0 {
		v.key = append([]byte(nil), t.OfficialKey...)
		pt = append([]byte(nil), t.OfficialPlain...)
	} else {
		v.key = make([]byte, t.KeyBytes)
		pt = make([]byte, t.BlockBytes)
		fill(rng, v.key)
		fill(rng, pt)
	}
	v.rk = t.ref.RoundKeys(v.key)
	ct := make([]byte, t.BlockBytes)
	t.ref.Encrypt(ct, pt, v.key)
	in, want := pt, ct
	if h.sc.Decrypt {
		in, want = ct, pt
	}
	v.in[RoleBlock], v.in[RoleIn], v.in[RoleKey], v.in[RoleRK] = in, in, v.key, v.rk
	if h.call.has(RoleRand) { // drawn only for calls that take it: other benches' vectors stay as they were
		v.in[RoleRand] = make([]byte, RandBytes)
		fill(rng, v.in[RoleRand])
	}
	switch {
	case h.call.has(RoleBlock):
		v.want[RoleBlock] = want
	case h.call.has(RoleOut):
		v.want[RoleOut] = want
	default: // a key schedule alone: the round keys it writes are the result
		v.want[RoleRKOut] = v.rk
	}
	return v
}

// kernelVector returns test vector i of a kernel task: its edge cases first (the first is the
// "official" one), then random valid inputs.
func (h *harness) kernelVector(rng *rand.Rand, i int) *testVector {
	k := h.t.Kernel
	var args [][]byte
	if i < len(h.edges) {
		args = h.edges[i]
	} else {
		args = k.Random(rng)
	}
	want, err := k.Expected(args)
	if err != nil {
		panic("lab: internal error: kernel " + k.ID + ": " + err.Error())
	}
	v := &testVector{in: map[Role][]byte{}, want: map[Role][]byte{}}
	for j, a := range k.Args {
		v.in[Role(a.Name)] = args[j]
		if a.Dir != kernel.In {
			v.want[Role(a.Name)] = want[j]
		}
	}
	return v
}

// input returns what the harness puts in buffer b for vector v: its input, or for an output buffer
// the noise a kernel's reference chose, else zeros.
func (v *testVector) input(b *buffer) []byte {
	if d, ok := v.in[b.Role]; ok && (b.Dir != kernel.Out || len(d) == b.size) {
		return d
	}
	return make([]byte, b.size)
}

// preset returns what the harness puts in buffer b before a call of vector v, and false for an output
// buffer the vector gives no content (a cipher's out and rkout): it keeps the SRAM noise the call
// starts with (fillSRAM). A kernel's random vectors give their output buffers the reference's noise.
func (v *testVector) preset(b *buffer) ([]byte, bool) {
	if d, ok := v.in[b.Role]; b.Dir == kernel.Out && !(ok && len(d) == b.size) {
		return nil, false
	}
	return v.input(b), true
}

func fill(rng *rand.Rand, b []byte) {
	for i := range b {
		b[i] = byte(rng.Uint32())
	}
}

// streamKey is what one of a bench's streams of test vectors depends on: the task, the parts of the
// call and the scenario that vector reads (vectorRoles), which stream (the vectors' or the
// constant-time inputs') and its seed. vector and kernelVector are functions of these and the
// vector's place in the stream, so two benches with the same key draw the same vectors, whatever
// their programs: a stream kept from one bench (vectorSeq) serves the next.
type streamKey struct {
	task  *Task
	roles uint8
	ct    bool
	seed  uint64
}

// vectorRoles packs what of the call and the scenario vector reads besides the task: the scenario's
// direction and whether the call takes a random buffer, a block, an output buffer.
func (h *harness) vectorRoles() uint8 {
	var r uint8
	for i, on := range []bool{h.sc.Decrypt, h.call.has(RoleRand), h.call.has(RoleBlock), h.call.has(RoleOut)} {
		if on {
			r |= 1 << i
		}
	}
	return r
}

// vectorSeq is one stream of test vectors as far as a bench drew it: the vectors in order, and the
// random source after the last of them, which draws the next.
type vectorSeq struct {
	key streamKey
	rng *rand.Rand
	vs  []testVector
}

// newVectorSeq starts the stream of key from its seed.
func newVectorSeq(key streamKey) *vectorSeq {
	return &vectorSeq{key: key, rng: rand.New(rand.NewPCG(key.seed, 0x61767266))}
}

// at returns a copy of vector i of the stream (the caller plants into it), drawing with draw the
// vectors up to it that the stream does not hold yet; a bench asks for i = 0, 1, 2, ... in turn.
func (s *vectorSeq) at(i int, draw func(rng *rand.Rand, i int) *testVector) *testVector {
	for len(s.vs) <= i {
		s.vs = append(s.vs, *draw(s.rng, len(s.vs)))
	}
	v := s.vs[i]
	return &v
}

// takeVectors returns the bench's stream of vectors (ct: the constant-time inputs') from seed: the
// one Options.Machines kept from an earlier bench of the same key, or a new one.
func (h *harness) takeVectors(ct bool, seed uint64) *vectorSeq {
	s := h.opts.Machines.takeVectors(streamKey{task: h.t, roles: h.vectorRoles(), ct: ct, seed: seed})
	h.seqs = append(h.seqs, s)
	return s
}
