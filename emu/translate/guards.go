package translate

import (
	"github.com/avrlab/avrlab/emu"
	"github.com/avrlab/avrlab/isa"
)

// Guards of loads and stores through X, Y and Z. Every access must be in SRAM (anything else is
// the interpreter's); instead of checking each one, the first access of a run through one pointer
// checks the whole range the run touches, and the accesses after it in the block check nothing:
// the pointer changes only by the run's own increments and decrements until an instruction reads
// or writes one of its bytes, which ends the run. When the range check fails the code leaves
// before the run's first access, as the access's own check would have left before it; the
// interpreter then takes over for the rest of the block, so the accesses it covered are exact.
// An access the run covers is no exit: the flags need not be known there (flagUse).

// guardSpan is what the guard of an access checks.
type guardSpan struct {
	covered bool // an earlier access of the block checked it
	lo, hi  int  // a run's first access: the range it checks, relative to the pointer before it
	// rotated: the run is the first through its pointer in its self loop and the pointer is carried
	// across the back edge (block.carry): the range is checked before the loop and at the back
	// edge for the next pass instead (leaving at the loop's start), so that no exit inside the pass
	// needs the flags.
	rotated bool
	// hoisted: the run is the first through its pointer in its block and nothing before it in the
	// block writes the pointer (hoistGuards): its range is checked at the block's start, with the
	// block's other hoisted runs, in one exit leaving there (before anything of the block ran).
	hoisted bool
}

// maxSpan bounds a run's range (bytes); a run that would span more starts a new one.
const maxSpan = 256

// ptrAccess reports whether o loads or stores through a pointer pair, and the offset of its address
// from the pointer and the pointer's change after it.
func ptrAccess(o *emu.Op) (addr, step int, ok bool) {
	switch o.Kind {
	case isa.LDX, isa.LDY, isa.LDZ, isa.STX, isa.STY, isa.STZ:
		return 0, 0, true
	case isa.LDDY, isa.LDDZ, isa.STDY, isa.STDZ:
		return int(o.K), 0, true
	case isa.LDXInc, isa.LDYInc, isa.LDZInc, isa.STXInc, isa.STYInc, isa.STZInc:
		return 0, 1, true
	case isa.LDXDec, isa.LDYDec, isa.LDZDec, isa.STXDec, isa.STYDec, isa.STZDec:
		return -1, -1, true
	}
	return 0, 0, false
}

// planGuards returns the guard of each instruction of b (by index; zero for instructions that are
// no access through a pointer).
func planGuards(p *emu.Program, b *block) []guardSpan {
	g := make([]guardSpan, len(b.insts))
	type run struct {
		open     bool
		lead     int // index of the run's first access
		off      int // the pointer now, relative to its value before the lead
		min, max int
	}
	var runs [3]run
	limit := min(maxSpan, int(p.Device.SRAMSize)) // a range checks less than SRAM's size
	for k, q := range b.insts {
		o := &p.Code[q]
		addr, step, acc := ptrAccess(o)
		for i := range runs {
			ptr := uint8(26 + 2*i)
			if acc && o.Ptr == ptr && byteRegs(o)&(3<<ptr) == 0 {
				r := &runs[i]
				a := r.off + addr
				if r.open && max(r.max, a)-min(r.min, a) < limit {
					r.min, r.max = min(r.min, a), max(r.max, a)
					g[k].covered = true
				} else {
					if r.open {
						g[r.lead].lo, g[r.lead].hi = r.min, r.max
					}
					*r = run{open: true, lead: k, min: addr, max: addr}
				}
				r.off += step
				continue
			}
			// Any other use of the pointer's bytes (a load into one of them included: byteRegs has
			// its destination) ends the run; such an access checks itself.
			if byteRegs(o)&(3<<ptr) != 0 || writesPair(o, ptr) {
				if r := &runs[i]; r.open {
					g[r.lead].lo, g[r.lead].hi = r.min, r.max
					r.open = false
				}
				if acc && o.Ptr == ptr { // an access through a pointer whose byte it reads or writes: its own guard
					g[k] = guardSpan{lo: addr, hi: addr}
				}
			}
		}
	}
	for i := range runs {
		if r := &runs[i]; r.open {
			g[r.lead].lo, g[r.lead].hi = r.min, r.max
		}
	}
	return g
}

// writesPair reports whether o writes a byte of pointer pair ptr other than through byteRegs' view
// (LPM Z+ and ELPM Z+ increment Z).
func writesPair(o *emu.Op, ptr uint8) bool {
	switch o.Kind {
	case isa.LPMZInc, isa.ELPMZInc:
		return ptr == 30
	}
	return false
}

// hoistGuards moves the range checks of each block's first run through each pointer to the block's
// start (guardSpan.hoisted), where the block's first runs through X, Y and Z are one exit instead
// of three: side exits are what wazero's time compiling a module grows with most. A run qualifies
// when no instruction before it in the block writes or reads its pointer's bytes (so the pointer
// is the same at the block's start) and the run's first access does not either. Self loops keep
// their rotated checks (a self loop's top is no place to leave from: flags are pending there).
func (r *region) hoistGuards(p *emu.Program) {
	for _, b := range r.blocks {
		if b.self {
			continue
		}
		var touched uint8
		for k, q := range b.insts {
			o := &p.Code[q]
			if _, _, acc := ptrAccess(o); acc {
				i := (o.Ptr - 26) / 2
				gs := &b.guards[k]
				if touched&(1<<i) == 0 && !gs.covered && !gs.rotated && byteRegs(o)&(3<<o.Ptr) == 0 {
					gs.hoisted = true
				}
			}
			for i := uint8(0); i < 3; i++ {
				ptr := 26 + 2*i
				if byteRegs(o)&(3<<ptr) != 0 || writesPair(o, ptr) {
					touched |= 1 << i
				}
				if _, _, acc := ptrAccess(o); acc && o.Ptr == ptr {
					touched |= 1 << i // later runs through it start where this one's increments left it
				}
			}
		}
	}
}

// carryPtrs decides, for each block looping on itself, which pointers stay 16-bit values across its
// back edge (block.carry: those it accesses through and whose bytes no instruction of it reads or
// writes otherwise) and which of its guards are rotated (guardSpan.rotated).
func (r *region) carryPtrs(p *emu.Program) {
	for _, b := range r.blocks {
		if !b.self {
			continue
		}
		var used, touched uint8
		for _, q := range b.insts {
			o := &p.Code[q]
			if _, _, acc := ptrAccess(o); acc {
				used |= 1 << ((o.Ptr - 26) / 2)
			}
			for i := 0; i < 3; i++ {
				if byteRegs(o)&(3<<(26+2*i)) != 0 {
					touched |= 1 << i
				}
			}
		}
		b.carry = used &^ touched
		// The first access through a carried pointer opens its first run, at the pointer's value at
		// the loop's top (nothing changed it before): that check can be made at the back edge.
		var seen uint8
		for k, q := range b.insts {
			o := &p.Code[q]
			if _, _, acc := ptrAccess(o); acc {
				bit := uint8(1) << ((o.Ptr - 26) / 2)
				if seen&bit == 0 && b.carry&bit != 0 && !b.guards[k].covered {
					b.guards[k].rotated = true
				}
				seen |= bit
			}
		}
	}
}

// forward is a self loop's store whose byte the next pass's first load through the same pointer
// reads back (planForward): the generator keeps that byte in a local (lFwd) and the load reads the
// local instead of memory (the store is still done, and the load's access record kept). load and
// store are the instructions' indices in the block; ok says the loop has such a pair.
type forward struct {
	ok          bool
	load, store int
}

// planForward finds b's forwarded store and load, when b is a self loop whose instructions write
// data memory only through ST (no PUSH, call, STS, skip, or host instruction), and a carried
// pointer's first access is a load with a rotated guard (checked before the loop and at its back
// edge) that comes before any store of the block, the block's last store is through the same
// pointer, and the store's address is the next pass's load address: the store's offset from the
// pointer at the loop's top is the pointer's change over a pass plus the load's offset. Between
// that store and the next pass's load nothing writes memory, and every pass's load reads an
// address in SRAM (its guard), so the byte it reads is the byte stored; on the way into the loop
// the generator loads it from memory, after the loop's range checks.
func planForward(p *emu.Program, b *block) forward {
	if !b.self {
		return forward{}
	}
	load, lastStore := -1, -1
	var ptr uint8
	for k, q := range b.insts {
		o := &p.Code[q]
		switch class(p.Device, o) {
		case clPlain, clBranch, clJump:
		default:
			return forward{}
		}
		switch o.Kind {
		case isa.PUSH, isa.STS, isa.STSrc:
			return forward{}
		}
		_, _, acc := ptrAccess(o)
		store := acc && isStore(o)
		if store {
			lastStore = k
		}
		if load < 0 && acc && b.carry&(1<<((o.Ptr-26)/2)) != 0 {
			// The first access through a carried pointer: a load, before any store.
			if store || lastStore >= 0 || !b.guards[k].rotated {
				return forward{}
			}
			load, ptr = k, o.Ptr
		}
	}
	if load < 0 || lastStore < load || p.Code[b.insts[lastStore]].Ptr != ptr {
		return forward{}
	}
	// The pointer's change before the store and over the pass (a carried pointer changes only by
	// its accesses' steps).
	off, pass := 0, 0
	for k, q := range b.insts {
		o := &p.Code[q]
		if _, step, acc := ptrAccess(o); acc && o.Ptr == ptr {
			if k == lastStore {
				off = pass
			}
			pass += step
		}
	}
	la, _, _ := ptrAccess(&p.Code[b.insts[load]])
	sa, _, _ := ptrAccess(&p.Code[b.insts[lastStore]])
	if off+sa != pass+la {
		return forward{}
	}
	return forward{ok: true, load: load, store: lastStore}
}

// isStore reports whether o, an access through a pointer pair (ptrAccess), is a store.
func isStore(o *emu.Op) bool {
	switch o.Kind {
	case isa.STX, isa.STY, isa.STZ, isa.STDY, isa.STDZ, isa.STXInc, isa.STYInc, isa.STZInc,
		isa.STXDec, isa.STYDec, isa.STZDec:
		return true
	}
	return false
}
