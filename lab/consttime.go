package lab

import (
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/avrlab/avrlab/emu"
	"github.com/avrlab/avrlab/internal/textf"
	"github.com/avrlab/avrlab/lab/kernel"
)

// CTInputs returns how many random inputs the task's constant-time check compares:
// ConstantTimeInputs, or fewer for a kernel whose calls are millions of cycles.
func (t *Task) CTInputs() int {
	if t.Kernel != nil && t.Kernel.CTInputs > 0 {
		return t.Kernel.CTInputs
	}
	return ConstantTimeInputs
}

// ctState is the constant-time verdict of a run as it goes: one property over every call of the run
// (the official vector, the random vectors, the constant-time inputs), each with its own key: the
// same cycle count and the same executed-address sequence (its hash) for all of them.
// Calls are compared within their public class (harness.publicClass): a kernel's public parameters,
// such as a hash's message length, may set its cycles; nothing else may.
type ctState struct {
	ok     bool
	detail string
	// first holds, per public class, the first call and the first traced call the others are compared with.
	first map[string]*ctFirst
}

// ctFirst is the first call of one public class, and its first traced call.
type ctFirst struct {
	name  string
	in    string
	cycle uint64
	// the first traced call: its vector (traced again, interpreted, when another call's hash differs)
	traced    bool
	traceV    testVector
	traceHash uint64
	traceName string
	traceIn   string
	// traceAtVectors says the first traced call ran at the vectors' buffer addresses (a vector).
	traceAtVectors bool
}

// class returns the first calls of v's public class, making the class at its first call (ok false).
func (c *ctState) class(h *harness, v *testVector) (f *ctFirst, ok bool) {
	if c.first == nil {
		c.first = map[string]*ctFirst{}
	}
	k := h.publicClass(v)
	if f, ok = c.first[k]; !ok {
		f = &ctFirst{}
		c.first[k] = f
	}
	return f, ok
}

// cycles compares the cycle count of the call named name (on vector v) with the first call's of its class.
func (c *ctState) cycles(h *harness, v *testVector, name string, cycles uint64) {
	f, seen := c.class(h, v)
	if !seen {
		f.name, f.in, f.cycle = name, h.describeInput(v), cycles
		return
	}
	if c.ok && cycles != f.cycle {
		c.ok = false
		c.detail = textf.Sprintf("%s (%s: %d cycles) and %s (%s: %d cycles) differ in cycles",
			f.name, f.in, f.cycle, name, h.describeInput(v), cycles)
	}
}

// publicClass names the values of a kernel's public arguments in v (Kernel.Public: lengths, round
// counts), which a constant-time routine's cycles may depend on; "" for a cipher or a kernel with none.
func (h *harness) publicClass(v *testVector) string {
	if h.t.Kind != KindKernel || h.t.Kernel == nil || len(h.t.Kernel.Public) == 0 {
		return ""
	}
	var b strings.Builder
	for _, name := range h.t.Kernel.Public {
		textf.Fprintf(&b, "%s=%x;", name, v.in[Role(name)])
	}
	return b.String()
}

// describeInput names a call's inputs for a constant-time message: a cipher's key and block, or a
// kernel's first input.
func (h *harness) describeInput(v *testVector) string {
	if h.t.Kind == KindCipher {
		return textf.Sprintf("key %x, block %x", v.key, v.in[RoleBlock])
	}
	if pc := h.publicClass(v); pc != "" {
		return textf.Sprintf("%x, %s", h.primaryInput(v), strings.TrimSuffix(strings.ReplaceAll(pc, ";", ", "), ", "))
	}
	return textf.Sprintf("%x", h.primaryInput(v))
}

// ctStream is the PCG stream of the constant-time inputs.
const ctStream = 0x6374696e // "ctin"

// constantTime runs the task's CTInputs calls of the traced machine: the official vector, then
// random keys and blocks drawn from the run's seed (a stream of their own). Their outputs and the ABI are
// checked as the vectors' are (a wrong output or a call that does not return is the report's Error),
// their cycles go to ct with every other call's, and their executed-address sequences (a running hash;
// the kept trace locates a difference) must all agree, with each other and with every vector's, hashed
// on the vectors' machine where the vectors' buffers are. Their buffers sit at other addresses
// than the vectors' (placeCT), below stackLow, the lowest SP the vectors' calls reached. It returns the
// lowest SP seen.
func (h *harness) constantTime(vectors int, rep *Report, ct *ctState, stackLow uint16) uint16 {
	t := h.t
	if t.CTInputs() > 0 {
		if h.moved = h.placeCT(stackLow); h.moved == "" {
			rep.Measurement = append(rep.Measurement, "the constant-time inputs' buffers could not move away from the vectors' (no room below the stack): "+
				"a routine using addresses it was not passed is not caught")
		}
	}
	seq := h.takeVectors(true, h.opts.Seed^ctStream)
	low := h.spStart
	for i := 0; i < t.CTInputs(); i++ {
		if h.halt(vectors + i) {
			return low
		}
		v := seq.at(i, h.ctInput)
		h.plant(v, vectors+i)
		cycles, stop, problem := h.run(h.mt, v)
		h.progress(vectors+i+1, vectors)
		low = min(low, h.mt.StackLow())
		name := "constant-time input " + strconv.Itoa(i)
		if p := h.stopProblem(h.mt, stop); p != nil {
			ct.ok, ct.detail = false, name+" did not return: "+p.Error()
			if rep.Error == "" {
				rep.setProblem(p.prefixed(name + " (" + h.describeInput(v) + "): "))
			}
			return low
		}
		// The first wrong call is described (its result); a right one is its verdict alone.
		if (problem != "" || !h.outputs(h.mt, v, nil)) && rep.Error == "" && rep.Failures == 0 {
			vr := h.kept(h.mt, v, vectors+i, cycles)
			if problem != "" {
				vr.OK, vr.Problem = false, problem
			}
			rep.FirstFailure = vr
			msg := textf.Sprintf("wrong output on %s (%s): %s expected %s, got %s", name, h.describeInput(v),
				string(vr.Output), vr.Expected, vr.Got)
			if vr.Problem != "" {
				msg = textf.Sprintf("%s (%s): %s", name, h.describeInput(v), vr.Problem)
			}
			if h.moved != "" {
				msg += textf.Sprintf("; this call's buffers are at other addresses than the vectors' (%s): "+
					"a routine must use the addresses it is passed and assume no alignment", h.moved)
			}
			rep.setProblem(plainProblem(ProblemWrongOutput, msg))
		}
		if rep.ABIOK {
			if d := h.checkABI(h.mt, v); d != "" {
				rep.ABIOK, rep.ABIDetail = false, d
			}
		}
		ct.cycles(h, v, name, cycles)
		h.compareTrace(ct, v, name, h.mt.TraceHash(), false)
	}
	return low
}

// ctInput draws constant-time input i: the official vector first, then random ones (a kernel's
// random valid inputs, a cipher's random key and block).
func (h *harness) ctInput(rng *rand.Rand, i int) *testVector {
	switch {
	case i == 0:
		return h.vector(rng, 0)
	case h.t.Kind == KindKernel:
		return h.kernelVector(rng, len(h.edges))
	default:
		return h.vector(rng, 1)
	}
}

// compareTrace enters the executed-address hash of the traced call name (on vector v; atVectors: run
// at the vectors' buffer addresses) in ct: the first traced call of its class is kept, any other must
// have its hash, or ct fails with where the two calls part.
func (h *harness) compareTrace(ct *ctState, v *testVector, name string, hash uint64, atVectors bool) {
	f, _ := ct.class(h, v)
	if !f.traced {
		f.traced, f.traceV, f.traceHash, f.traceAtVectors = true, *v, hash, atVectors
		f.traceName, f.traceIn = name, h.describeInput(v)
		return
	}
	if !ct.ok || hash == f.traceHash {
		return
	}
	// The two calls part: their address traces (interpreted) say where.
	first, m := h.traceAddrs(nil, &f.traceV, f.traceAtVectors)
	tr, _ := h.traceAddrs(m, v, atVectors) // over the first's machine: its trace stays the first's
	ct.ok = false
	ct.detail = textf.Sprintf("%s (%s) and %s (%s) part at %s", f.traceName, f.traceIn, name, h.describeInput(v), h.partAt(first, tr))
}

// partAt says where two address traces part.
func (h *harness) partAt(first, tr []uint32) string {
	j := 0
	for j < len(first) && j < len(tr) && first[j] == tr[j] {
		j++
	}
	switch {
	case j < len(first) && j < len(tr):
		return textf.Sprintf("step %d: pc 0x%x%s vs pc 0x%x", j, first[j]*2, h.where(first[j]), tr[j]*2)
	case len(first) == len(tr):
		return textf.Sprintf("a step after the first %d (beyond the trace kept; the hashes of the whole traces differ)", len(tr))
	case j > 0:
		return textf.Sprintf("step %d, after pc 0x%x%s (one trace ends)", j, first[j-1]*2, h.where(first[j-1]))
	}
	return "the first step"
}

// traceAddrs runs vector v on a new machine with the address trace on (interpreted) and returns the
// addresses and the machine: the constant-time check's machines keep only the trace's hash. The
// buffers are where the constant-time machine has them, or where the vectors' machine has them
// (atVectors). The machine is built over old, one the caller is done with (emu.NewFrom; nil: none).
func (h *harness) traceAddrs(old *emu.Machine, v *testVector, atVectors bool) ([]uint32, *emu.Machine) {
	m := emu.NewFrom(old, h.dev, h.im.Flash, emu.Config{Trace: true, Present: h.im.Present})
	spm := h.spm
	if !atVectors {
		h.ctMachs = append(h.ctMachs, m) // the constant-time machine's layout
	}
	h.run(m, v)
	if !atVectors {
		h.ctMachs = h.ctMachs[:len(h.ctMachs)-1]
	}
	h.spm = spm // counted by the check's own run
	return m.TraceAddrs(), m
}

// primaryInput is the input a constant-time message names: the block, or a kernel's first input.
func (h *harness) primaryInput(v *testVector) []byte {
	if h.t.Kind == KindCipher {
		return v.in[RoleBlock]
	}
	for _, b := range h.bufs {
		if b.Dir != kernel.Out && !b.Value {
			return v.in[b.Role]
		}
	}
	return nil
}
