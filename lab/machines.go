package lab

import (
	"sync"

	"github.com/avrlab/avrlab/emu"
	"github.com/avrlab/avrlab/isa"
)

// Machines keeps the emulators of finished benches so that the next bench builds its machines over
// them (emu.NewFrom: the decoded program is taken over and only the words that differ are decoded
// again) instead of allocating and decoding the whole flash twice: a worker that benches one edit of
// a program after another (the playground's live runs) keeps one in Options.Machines. A machine
// NewFrom returns is the one emu.New returns, so every figure is the same with or without it. The
// zero value is empty; a nil *Machines keeps nothing. Safe for concurrent use.
type Machines struct {
	mu   sync.Mutex
	free []*emu.Machine
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
