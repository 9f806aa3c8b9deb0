package lab

import (
	"bytes"
	"errors"
	"strconv"
	"strings"

	"github.com/avrlab/avrlab/emu"
	"github.com/avrlab/avrlab/internal/textf"
	"github.com/avrlab/avrlab/lab/kernel"
)

// run runs one call of the routine on vector v; its outputs stay on m until the next call's setup
// (outputs).
func (h *harness) run(m *emu.Machine, v *testVector) (cycles uint64, stop emu.Stop, problem string) {
	h.setup(m, v)
	stop = m.Run(h.opts.MaxCycles)
	if n := m.SPMWrites(); n > 0 {
		// Isolation: every call starts from the program as loaded. The bytes SPM changed were
		// writable storage: they count as RAM (sizes). Changed from what the call started from:
		// the program with this vector's round keys in the source's table (setup), which the
		// harness wrote, not the routine.
		h.spm += n
		rk := h.rkTable == rkFlash
		for a, b := range m.Flash() {
			was := byte(0xFF)
			if a < len(h.im.Flash) {
				was = h.im.Flash[a]
			}
			if i := int64(a) - int64(h.rkAddr); rk && i >= 0 && i < int64(len(v.rk)) {
				was = v.rk[i]
			}
			if b != was {
				if h.spmBytes == nil {
					h.spmBytes = map[int]bool{}
				}
				h.spmBytes[a] = true
			}
		}
		m.ResetFlash(h.im.Flash)
	}
	for i := range h.bufs {
		b := &h.bufs[i]
		if !b.Value && b.Dir == kernel.In && !b.writable {
			if h.wroteReadOnly(m, b, v) && problem == "" {
				problem = textf.Sprintf("the routine wrote its read-only input buffer %s (%s); write %s! in the call if it may overwrite it",
					string(b.Role), ArgRegisters(b.arg), string(b.Role))
			}
		}
	}
	return m.Cycles(), stop, problem
}

// outputs says whether the outputs vector v checks hold what they should on m after the call just
// run (result's verdict, VectorResult.OK), and puts them in out by role when out is not nil.
func (h *harness) outputs(m *emu.Machine, v *testVector, out map[Role][]byte) bool {
	ok := true
	for i := range h.bufs {
		b := &h.bufs[i]
		want, checked := v.want[b.Role]
		if !checked {
			continue
		}
		var got []byte // none for a value argument, as result sees it
		if !b.Value {
			got = m.Data(h.bufAddr(m, b), b.size)
			if out != nil {
				out[b.Role] = got
			}
		}
		ok = ok && bytes.Equal(got, want)
	}
	return ok
}

// kept is the result of call i of the run (vector v, just run on m) for the report to keep.
func (h *harness) kept(m *emu.Machine, v *testVector, i int, cycles uint64) *VectorResult {
	got := map[Role][]byte{}
	h.outputs(m, v, got)
	return h.result(v, i, got, cycles)
}

// wroteReadOnly says whether the call just run on m wrote read-only input buffer b: its access
// record has a write at one of b's bytes (a routine that parks a value there and restores the
// buffer before RET wrote it all the same), or, on a machine without the record, b no longer holds
// vector v's input. The record is the machine's over all its calls: after one call writes b, every
// later call on m counts as writing it, which only a routine writing b in some calls can tell.
func (h *harness) wroteReadOnly(m *emu.Machine, b *buffer, v *testVector) bool {
	a := h.bufAddr(m, b)
	if d := m.Access().Data; d != nil {
		for i := int(a); i < int(a)+b.size && i < len(d); i++ {
			if d[i]&emu.AccessWrite != 0 {
				return true
			}
		}
	}
	return !bytes.Equal(m.Data(a, b.size), v.input(b))
}

// setup puts machine m in the state of the call's first instruction for vector v: SRAM planted with
// v's noise (fillSRAM; zeros for a leakage trace's v), .data loaded and .bss zero, the input buffers
// filled, the round keys written, registers and SREG planted, the arguments set, the return sentinel
// pushed, PC at the entry and the cycle counter at 0.
func (h *harness) setup(m *emu.Machine, v *testVector) {
	if v.noise {
		m.Reset()
		h.fillSRAM(m, v.sramOff)
	} else {
		resetWithImage(m, h.im)
	}
	for i := range h.bufs {
		if d, ok := v.preset(&h.bufs[i]); ok && !h.bufs[i].Value {
			m.LoadData(h.bufAddr(m, &h.bufs[i]), d)
		}
	}
	switch h.rkTable {
	case rkFlash:
		m.WriteFlash(h.rkAddr, v.rk)
	case rkSRAM:
		m.LoadData(uint16(h.rkAddr), v.rk)
	}
	regs := h.entryRegs(m, v)
	for r := 0; r < 32; r++ {
		m.SetReg(r, regs[r])
	}
	m.SetSREG(v.sreg)
	h.cur = v
	m.SetSP(h.spStart)
	m.PushReturn(h.sentinel)
	h.spCalled = m.SP()
	m.SetReturnSentinel(h.sentinel)
	m.ResetStackLow()
	m.SetPC(h.entry)
	m.SetCycles(0)
}

// stopProblem describes a stop other than a return within the cycle limit, or nil for a good return.
func (h *harness) stopProblem(m *emu.Machine, stop emu.Stop) *Problem {
	switch stop.Reason {
	case emu.StopReturn:
		if c := m.Cycles(); c > h.opts.MaxCycles {
			return &Problem{Kind: ProblemCycleLimit, Option: OptMaxCycles,
				Text: text(textf.Sprintf("the call took %d cycles, over the limit of %d", c, h.opts.MaxCycles))}
		}
		return nil
	case emu.StopFault:
		p := &Problem{Kind: ProblemFault, Text: text(stop.Fault.Describe(h.im))}
		if pos, ok := h.im.SourceAt(stop.Fault.PC); ok && pos.IsValid() {
			p.Pos = &pos
		}
		if hint := h.argHint(stop.Fault); hint != nil {
			p.Option, p.Text = OptCall, text(p.Text, hint)
		}
		return p
	case emu.StopLimit:
		return &Problem{Kind: ProblemCycleLimit, Option: OptMaxCycles,
			Text: text(textf.Sprintf("the call did not return within %d cycles (an infinite loop? raise ", h.opts.MaxCycles), ref(OptMaxCycles, ""), ")")}
	}
	return plainProblem(ProblemOther, textf.Sprintf("the call stopped with %s before returning", stop.String()))
}

// argHint explains a data-space fault at an address planted in an argument register the call does
// not pass, and suggests a call spec with more arguments.
func (h *harness) argHint(f *emu.Fault) Text {
	if f == nil || !errors.Is(f, emu.ErrDataOutOfRange) {
		return nil
	}
	n := len(h.call.Args)
	for i := n; i < 4 && h.cur != nil; i++ {
		p := uint32(unpassedHigh(i))<<8 | uint32(h.cur.regs[argReg(i)])
		if f.Addr+256 < p || f.Addr > p+256 {
			continue
		}
		var try []Segment
		for _, c := range suggestCalls(i + 1) {
			try = append(try, ref(OptCall, h.call.Entry+c))
		}
		return text(textf.Sprintf("; the routine used %s (0x%04x) as a pointer but the call %s passes %d argument%s; "+
			"does it take more? try ", ArgRegisters(i), p, h.call.String(), n, plural(n)), Segment{Either: try})
	}
	return nil
}

// suggestCalls lists common conventions with n arguments.
func suggestCalls(n int) []string {
	switch n {
	case 1:
		return []string{"(block)"}
	case 2:
		return []string{"(block, rk)", "(block, key)"}
	case 3:
		return []string{"(out, in, rk)", "(key, out, in)", "(block, key, rkout)"}
	}
	return []string{"(out, in, key, rkout)"}
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func (h *harness) where(pc uint32) string {
	if p, ok := h.im.SourceAt(pc); ok {
		return textf.Sprintf(" (%s)", p.String())
	}
	return ""
}

// measure runs the vectors and the constant-time inputs, then measures flash and RAM.
func (h *harness) measure(rep *Report) {
	t := h.t
	seq := h.takeVectors(false, h.opts.Seed)
	n := 1 + h.opts.Vectors
	var sum uint64
	timed := 0
	rep.ABIOK = true
	low := h.spStart
	defer func() {
		if h.stopped {
			return
		}
		h.sizes(rep, low)
		if h.spm > 0 {
			rep.Notes = append(rep.Notes, textf.Sprintf("the routine writes flash with SPM (%d writes); every call started from the program as loaded", h.spm))
		}
		if rep.Pass && t.Kind == KindCipher {
			rep.Rank = Rank(rep.CPB, rep.Flash, rep.RAM)
		}
	}()
	ct := ctState{ok: true}
	for i := 0; i < n; i++ {
		if h.halt(i) {
			return
		}
		v := seq.at(i, h.vector)
		h.plant(v, i)
		cycles, stop, problem := h.run(h.m, v)
		h.progress(i+1, n)
		p := h.stopProblem(h.m, stop)
		// The report keeps the official call's result and the first failure's: the others' is
		// their verdict alone.
		var vr *VectorResult
		if i == 0 || p != nil || problem != "" || !h.outputs(h.m, v, nil) {
			vr = h.kept(h.m, v, i, cycles)
		}
		if i == 0 {
			rep.Official, rep.OfficialFrom = vr, t.officialFrom()
			// The vectors and constant-time inputs left run the same code (on this machine and the
			// constant-time one, which share the translation): the engine may translate now.
			h.m.Expect(cycles * uint64(n-1+t.CTInputs()))
		}
		if l := h.m.StackLow(); l < low {
			low = l
		}
		if p != nil {
			vr.OK = false
			rep.setProblem(p)
			rep.Failures++
			rep.Vectors = i + 1
			rep.FirstFailure = vr
			return
		}
		if problem != "" {
			if vr.OK {
				rep.BufferFaults++
				if rep.BufferProblem == "" {
					rep.BufferProblem = problem
				}
			}
			vr.OK, vr.Problem = false, problem
		}
		if vr != nil && !vr.OK {
			rep.Failures++
			if rep.FirstFailure == nil {
				rep.FirstFailure = vr
			}
		}
		if rep.ABIOK {
			if d := h.checkABI(h.m, v); d != "" {
				rep.ABIOK, rep.ABIDetail = false, d
			}
		}
		ct.cycles(h, v, "vector "+strconv.Itoa(i), cycles)
		h.compareTrace(&ct, v, "vector "+strconv.Itoa(i), h.m.TraceHash(), true)
		if i == 0 || cycles < rep.CyclesMin {
			rep.CyclesMin = cycles
		}
		rep.CyclesMax = max(rep.CyclesMax, cycles)
		if h.timed(i, n) {
			sum, timed = sum+cycles, timed+1
		}
	}
	rep.Vectors = n
	rep.CyclesMean = float64(sum) / float64(max(timed, 1))
	if t.Kind == KindCipher {
		rep.CPB = rep.CyclesMean / float64(t.BlockBytes)
	} else if t.Kernel.Units > 0 {
		rep.Unit, rep.CyclesPerUnit = t.Kernel.Unit, rep.CyclesMean/float64(t.Kernel.Units)
	}
	if e, ok := deviceEnergy(h.dev); ok {
		rep.EnergyUJ = &Energy{UJ: rep.CyclesMean * e.Median / 1000, MinUJ: rep.CyclesMean * e.Min / 1000,
			MaxUJ: rep.CyclesMean * e.Max / 1000, Model: textf.Sprintf("%.2f nJ per cycle (%.2f..%.2f), the ECRYPT board's", e.Median, e.Min, e.Max)}
	}
	rep.CTInputs = t.CTInputs()
	low = min(low, h.constantTime(n, rep, &ct, low))
	rep.ConstantTime, rep.CTDetail = ct.ok, ct.detail
	rep.Pass = rep.Failures == 0 && rep.ABIOK && rep.Error == ""
}

// fixedVectors is how many of the vectors are fixed, public inputs: a cipher's official vector, a
// kernel's edge inputs (the first of them its official vector); the random ones follow.
func (h *harness) fixedVectors() int {
	if h.t.Kind == KindKernel {
		return len(h.edges)
	}
	return 1
}

// timed says whether vector i of n counts for the mean cycles (and so cpb and RANK): the random
// vectors do. The fixed ones (fixedVectors), which a routine could recognise and answer from a table
// or a fast path (mpmul with a = 1), are checked and count for constant time but are not timed,
// unless there are no random vectors.
func (h *harness) timed(i, n int) bool {
	return i >= h.fixedVectors() || n <= h.fixedVectors()
}

// halt says whether the bench is to end before its call number call (vectors first, then the
// constant-time inputs, from 0): Options.Stop is asked before every call but the first.
func (h *harness) halt(call int) bool {
	if !h.stopped && h.opts.Stop != nil && call > 0 && h.opts.Stop() {
		h.stopped = true
	}
	return h.stopped
}

// progress tells Options.Progress that done calls of the vectors calls and the constant-time inputs
// have run.
func (h *harness) progress(done, vectors int) {
	if h.opts.Progress != nil {
		h.opts.Progress(done, vectors+h.t.CTInputs())
	}
}

// entryRegs returns the registers a call of vector v starts with: the planted values, with the
// arguments in their pairs (a uint8_t in the low register, the high one 0; a buffer's address on m).
func (h *harness) entryRegs(m *emu.Machine, v *testVector) [32]byte {
	regs := v.regs
	for _, b := range h.bufs {
		a := h.bufAddr(m, &b)
		lo, hi := byte(a), byte(a>>8)
		if b.Value {
			lo, hi = v.input(&b)[0], 0
		}
		regs[argReg(b.arg)], regs[argReg(b.arg)+1] = lo, hi
	}
	return regs
}

// checkABI compares the registers the avr-gcc ABI makes callee-saved, r1 and SP with their values before
// the call. It returns "" when the convention holds. An argument passed in a callee-saved pair (the
// fifth and later, r17:r16 down to r9:r8) must hold the argument again, as avr-gcc's caller expects.
func (h *harness) checkABI(m *emu.Machine, v *testVector) string {
	var bad []string
	regs := h.entryRegs(m, v)
	for _, r := range calleeSaved {
		if m.Reg(r) != regs[r] {
			bad = append(bad, textf.Sprintf("r%d", r))
		}
	}
	var parts []string
	if len(bad) > 0 {
		parts = append(parts, textf.Sprintf("callee-saved %s not restored", strings.Join(bad, ", ")))
	}
	if m.Reg(1) != 0 {
		parts = append(parts, textf.Sprintf("r1 is 0x%02x on return (avr-gcc needs r1 = 0)", m.Reg(1)))
	}
	if m.SP() != h.spStart {
		parts = append(parts, textf.Sprintf("SP is 0x%04x on return, 0x%04x expected", m.SP(), h.spStart))
	}
	return strings.Join(parts, "; ")
}
