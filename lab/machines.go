package lab

import (
	"sync"

	"github.com/avrlab/avrlab/emu"
	"github.com/avrlab/avrlab/isa"
)

// Machines keeps the emulators of finished benches so that the next bench builds its machines over
// them (emu.NewFrom: the program is decoded into the old machine's arrays of ops and its state memory
// is reused) instead of allocating both afresh for every machine: a worker that benches one edit of
// a program after another (the playground's live runs) keeps one in Options.Machines. A machine
// NewFrom returns is the one emu.New returns, so every figure is the same with or without it. The
// zero value is empty; a nil *Machines keeps nothing. Safe for concurrent use.
//
// It keeps the test vectors of the last benches too (their streams as far as they were drawn,
// vectorSeq): a bench of the same task and call with the same seed draws the same vectors whatever
// its program, so the next one takes them instead of running the task's reference again; a new seed
// draws afresh.
type Machines struct {
	mu   sync.Mutex
	free []*emu.Machine
	seqs []*vectorSeq
}

// maxKeptSeqs is how many vector streams a Machines keeps (a bench draws two: the vectors and the
// constant-time inputs), and maxKeptVectors the most vectors of one it keeps (a Run of a kernel with
// many vectors is not held in memory for the next bench).
const (
	maxKeptSeqs    = 2
	maxKeptVectors = 1024
)

// takeVectors returns the kept vector stream of key, which the caller has to itself until it gives
// it back (keepVectors), or a new one.
func (p *Machines) takeVectors(key streamKey) *vectorSeq {
	if p != nil {
		p.mu.Lock()
		defer p.mu.Unlock()
		for i, s := range p.seqs {
			if s.key == key {
				p.seqs = append(p.seqs[:i], p.seqs[i+1:]...)
				return s
			}
		}
	}
	return newVectorSeq(key)
}

// keepVectors keeps the streams a bench drew for the next benches, the newest maxKeptSeqs.
func (p *Machines) keepVectors(seqs ...*vectorSeq) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, s := range seqs {
		if s != nil && len(s.vs) <= maxKeptVectors {
			p.seqs = append(p.seqs, s)
		}
	}
	if n := len(p.seqs) - maxKeptSeqs; n > 0 {
		p.seqs = append(p.seqs[:0], p.seqs[n:]...)
	}
}

// maxFreeMachines is how many finished machines a Machines keeps (a bench leaves two: the vectors'
// and the constant-time inputs').
const maxFreeMachines = 2

// newMachine is emu.New(dev, flash, cfg), over a kept machine of the same device when there is one.
func (p *Machines) newMachine(dev *isa.Device, flash []byte, cfg emu.Config) *emu.Machine {
	if p == nil {
		return emu.New(dev, flash, cfg)
	}
	var old *emu.Machine
	p.mu.Lock()
	for i := len(p.free) - 1; i >= 0; i-- {
		if p.free[i].Device() == dev {
			old = p.free[i]
			p.free = append(p.free[:i], p.free[i+1:]...)
			break
		}
	}
	p.mu.Unlock()
	return emu.NewFrom(old, dev, flash, cfg)
}

// release keeps machines the caller is done with (it must not use them again).
func (p *Machines) release(ms ...*emu.Machine) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, m := range ms {
		if m != nil {
			p.free = append(p.free, m)
		}
	}
	if n := len(p.free) - maxFreeMachines; n > 0 {
		p.free = append(p.free[:0], p.free[n:]...)
	}
}
