package lab

import (
	"errors"
	"io/fs"
	"math/rand/v2"
	"strings"

	"github.com/avrlab/avrlab/asm"
	"github.com/avrlab/avrlab/emu"
	"github.com/avrlab/avrlab/internal/textf"
)

// ErrNoTask is returned when no task is given and the source names none.
var ErrNoTask error = &Problem{Kind: ProblemNoTask, Option: OptTask,
	Text: text("no task: give ", ref(OptTask, ""), " or put \"; avrlab task: ID\" in the first lines of the source")}

// BenchFile reads main from fsys and measures it: an AVR ELF or Intel HEX file is loaded as a linked
// program (see LoadBinary), anything else is assembled in its dialect (a .asm file or one with a
// "; avrlab dialect: atmel" line as AVRASM2, see asm.Config.Dialect; includes are read from fsys too).
// When assembly fails it returns the partial image and the asm.ErrorList, and no report.
func BenchFile(fsys fs.FS, main string, opts Options) (*Report, *asm.Image, error) {
	src, err := readProgram(fsys, main)
	if err != nil {
		return nil, nil, err
	}
	if im, ok, err := LoadBinary(src, Resolve(opts).Device); ok {
		if err != nil {
			return nil, nil, textf.Errorf("%s: %w", main, err)
		}
		opts.Linked = true
		rep, err := Bench(im, opts)
		return rep, im, err
	}
	if len(src) > MaxSourceBytes {
		return nil, nil, textf.Errorf("%q is %d bytes; the limit is %d bytes per source file", main, len(src), MaxSourceBytes)
	}
	return BenchSource(main, src, fsys, opts)
}

// BenchSource is BenchFile for a source held in memory, with includes read from fsys (may be nil). The
// device is opts.Device, else the task's: an AVRASM2 source's .device must name that part.
func BenchSource(name string, src []byte, fsys fs.FS, opts Options) (*Report, *asm.Image, error) {
	opts = Resolve(opts, src)
	im, err := asm.Assemble(name, src, asm.Config{Device: opts.Device, FS: asm.FromFS(fsys), Defines: opts.Defines})
	if err != nil {
		return nil, im, err
	}
	rep, err := Bench(im, opts)
	return rep, im, err
}

// ErrStopped is Bench's error when Options.Stop asked it to give up.
var ErrStopped = errors.New("the bench was stopped before it finished")

// Bench measures an image. It returns an error only for bad options (unknown task, scenario, device,
// a malformed call spec, out-of-range numbers); problems of the implementation (wrong output, fault,
// missing symbol, cycle limit) are in the report with Pass false.
func Bench(im *asm.Image, opts Options) (*Report, error) {
	h, rep, err := prepare(im, opts)
	if err != nil || rep.Error != "" {
		return rep, err
	}
	h.measure(rep)
	h.opts.Machines.release(h.m, h.mt) // a stopped bench stopped between calls, as a failing one does
	h.opts.Machines.keepVectors(h.seqs...)
	if h.stopped {
		return nil, ErrStopped
	}
	return rep, nil
}

// prepare checks the options and builds the harness of one bench; a problem of the implementation is
// the report's Error.
func prepare(im *asm.Image, opts Options) (*harness, *Report, error) {
	opts, t, sc, call, err := resolveTask(opts)
	if err != nil {
		return nil, nil, err
	}
	h, rep := newHarness(im, t, sc, call, opts)
	switch {
	case rep.Error != "":
	case opts.Fixed:
		if msg, o := h.contradiction(); msg != "" {
			rep.setProblem(&Problem{Kind: ProblemContradiction, Option: o, Text: text(msg)})
		}
	case t.Kind == KindCipher && sc.keyScheduled() && h.call.has(RoleRK):
		p := &Problem{Kind: ProblemNote, Option: OptCall, Text: text(textf.Sprintf("the call %s passes the round keys (rk) in the scenario %s, "+
			"whose call schedules them from the key: the figures are a fixed-key call's, not the scenario's (a graded run refuses this call)", h.call.String(), sc.Name))}
		rep.Notes, rep.NoteProblems = append(rep.Notes, p.Error()), append(rep.NoteProblems, p)
	}
	return h, rep, nil
}

// keyScheduled says whether the scenario's call schedules the round keys from the key (its own
// figures include the key schedule): key-schedule, encrypt-ks, decrypt-ks.
func (s *Scenario) keyScheduled() bool {
	switch s.Name {
	case ScenarioKeySchedule, ScenarioEncryptKS, ScenarioDecryptKS:
		return true
	}
	return false
}

// contradiction says how the source's task or call line contradicts the teacher's settings (Fixed), or
// "". The teacher's task and call win; a call line the teacher left open must still fit the scenario:
// key material that the scenario does not pass is the teacher's to give, not the source's to ask for.
func (h *harness) contradiction() (string, Option) {
	o := h.opts
	if o.SourceTask != "" && normalizeID(o.SourceTask) != h.t.ID {
		return textf.Sprintf("the source's \"; avrlab task: %s\" line contradicts the graded task %s (the teacher's settings win)", o.SourceTask, h.t.ID), OptTask
	}
	if o.SourceDevice != "" && !strings.EqualFold(o.SourceDevice, h.dev.Name) {
		return textf.Sprintf("the source's \"; avrlab device: %s\" line contradicts the graded device %s (the teacher's settings win)", o.SourceDevice, h.dev.Name), OptDevice
	}
	if o.SourceCall == "" {
		return "", ""
	}
	if !o.callFromSource {
		c, err := ParseCallFor(o.SourceCall, h.t)
		if err != nil || c.String() != h.call.String() {
			return textf.Sprintf("the source's \"; avrlab call: %s\" line contradicts the graded call %s (the teacher's settings win)", o.SourceCall, h.call.String()), OptCall
		}
		return "", ""
	}
	if h.t.Kind == KindKernel {
		return "", ""
	}
	var want string
	ok := true
	switch h.sc.Name {
	case ScenarioKeySchedule:
		want, ok = "key and rkout, no rk", h.call.has(RoleKey) && h.call.has(RoleRKOut) && !h.call.has(RoleRK)
	case ScenarioEncryptKS, ScenarioDecryptKS:
		want, ok = "key, no rk", h.call.has(RoleKey) && !h.call.has(RoleRK)
	default:
		want, ok = "round keys (rk or the source's table), no key or rkout", !h.call.has(RoleKey) && !h.call.has(RoleRKOut)
	}
	if !ok {
		return textf.Sprintf("the source's \"; avrlab call: %s\" line does not fit the graded scenario %s, whose call passes %s "+
			"(the teacher's settings win)", o.SourceCall, h.sc.Name, want), OptCall
	}
	return "", ""
}

// CallSetup describes a call PrepareCall set up: where it enters and returns, its buffers and the
// vector's inputs and expected output.
type CallSetup struct {
	Entry    uint32 // word address of the first instruction
	Sentinel uint32 // word address the pushed return address points at: a RET to it ends the call
	Call     string // e.g. "cham64_128_encrypt(block)"
	Buffers  []BufferUse
	Inputs   []BufferBytes
	Output   Role   // the buffer checked
	Expected []byte // what it must hold after the call
	// Report holds the harness's notes on the call (its RKIn, Notes, Error when it cannot be set up).
	Report *Report
}

// PrepareCall sets up test vector i (0 = the official vector, then the seeded random ones in the
// order Bench runs them) of the call Bench would measure, on a new machine with cfg (for a debugger:
// breakpoints, trace, profile), exactly as the harness does: image loaded, buffers filled, round keys
// written, registers planted, the return sentinel pushed and set, PC at the entry, cycles 0. It
// returns an error for bad options; a call that cannot be set up (a missing entry) has Report.Error
// set and no machine.
func PrepareCall(im *asm.Image, opts Options, i int, cfg emu.Config) (*emu.Machine, *CallSetup, error) {
	h, rep, err := prepare(im, opts)
	if err != nil {
		return nil, nil, err
	}
	cs := &CallSetup{Call: rep.Call, Buffers: rep.Buffers, Report: rep, Entry: h.entry, Sentinel: h.sentinel}
	if rep.Error != "" {
		return nil, cs, nil
	}
	if i < 0 || i > h.opts.Vectors {
		return nil, nil, textf.Errorf("vector %d: the bench runs vectors 0..%d", i, h.opts.Vectors)
	}
	rng := rand.New(rand.NewPCG(h.opts.Seed, 0x61767266))
	var v *testVector
	for j := 0; j <= i; j++ {
		v = h.vector(rng, j)
	}
	h.plant(v, i)
	if cfg.Present == nil {
		cfg.Present = h.im.Present
	}
	m := emu.New(h.dev, h.im.Flash, cfg)
	h.setup(m, v)
	vr := h.result(v, i, map[Role][]byte{}, 0)
	cs.Inputs, cs.Output = vr.Inputs, vr.Output
	cs.Expected = v.want[vr.Output]
	return m, cs, nil
}
