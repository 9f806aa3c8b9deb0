package translate

import (
	"encoding/binary"

	"github.com/avrlab/avrlab/emu"
)

// A loop function: loops of a region that are the same code at different flash addresses (the
// NTT example's stages 2..7 run one 91-instruction loop at six addresses) are written once, as a
// function of the module of their own, which "run" calls at each copy's head (callLoop) instead of
// holding each copy's code: wazero compiles the loop once, not once per copy. The function has
// "run"'s type and locals; its code works on the addresses of the lowest copy (the canonical one)
// and is told its copy's by the call: PC is the copy's head (lDelta: how far it is from the
// canonical head), and mode carries the index of the copy's first trace segment (lSegB). What
// leaves the function in an address is the copy's: the PC it exits at (the epilogue adds lDelta),
// the words it marks executed (at lXB = lBase + lDelta) and its trace log's entries (each copy
// has its own segments, the canonical ones moved by its delta): every result is the one the
// copy's own code would give.
//
// The registers, flags and the rest of the state go through the state memory: "run" writes them
// back before the call (spill) and loads them after (fill), the loop function loads and stores
// them as "run" does at its entry and exit. Only modules that log the trace hash share loops
// (a small region keeps its steps inline, and has few loops to share).

// loopFn is a loop function: the canonical copy's blocks as a region of their own (sub), entered at
// its head, every jump out of it an exit; used, written and segs are what its generator found:
// the registers it keeps in locals, those it may change, and its trace segments.
type loopFn struct {
	sub     *region
	head    uint32
	used    [32]bool
	written [32]bool
	segs    [][]uint32
}

// loopCall is one copy of a loop function in "run": fn is the function's index in region.fns,
// delta the copy's head less the canonical one, last the index of the copy's last block in the
// region, exits the addresses the copy can jump to out of the loop.
type loopCall struct {
	fn, last int
	delta    uint32
	exits    []uint32
	seg      int // the index of its first trace segment in the module's (copySegs sets it)
}

// unit is a loop of a region: blocks h..l.
type unit struct{ h, l int }

// sharedLoops returns the region's loops (multi-block loops and self loops not inside one) that
// are the same code as another of them (loopSig), in sets of identical loops, each in address
// order.
func sharedLoops(p *emu.Program, r *region) [][]unit {
	groups := map[string][]unit{}
	var order []string
	var sig []byte // each loop's in turn (a new group's key is a copy)
	for h, b := range r.blocks {
		var l int
		switch {
		case b.loop == h+1:
			l = b.end
		case b.self && b.loop == 0:
			l = h
		default:
			continue
		}
		var ok bool
		if sig, ok = loopSig(p, r, h, l, sig[:0]); !ok {
			continue
		}
		if us, seen := groups[string(sig)]; seen {
			groups[string(sig)] = append(us, unit{h, l})
			continue
		}
		key := string(sig)
		order = append(order, key)
		groups[key] = []unit{{h, l}}
	}
	var out [][]unit
	for _, sig := range order {
		if us := groups[sig]; len(us) >= 2 {
			out = append(out, us)
		}
	}
	return out
}

// outline makes each set of identical loops of a region of more than shareMin bytes of code one
// loop function (see loopFn): each copy's head calls it
// (block.call), its other blocks are hidden (no code in "run"; they stay in the region for the
// runner's side exits, blockAt), and the rest of the region is looked at again with each copy one
// block that jumps where the loop leaves to: its WebAssembly loops (a loop around a copy can be
// one now), entries (a copy's head is no longer one unless for another reason), cycles to the
// next limit check (a copy's own are the function's) and live flags. It runs once per region.
func (r *region) outline(p *emu.Program) {
	if r.outlined {
		return
	}
	r.outlined = true
	if codeBytes(p, r) <= shareMin {
		return
	}
	sets := sharedLoops(p, r)
	if len(sets) == 0 {
		return
	}
	snaps := make([][]block, len(sets))
	for n, us := range sets {
		for k := us[0].h; k <= us[0].l; k++ {
			snaps[n] = append(snaps[n], *r.blocks[k])
		}
		f := &loopFn{head: r.blocks[us[0].h].start}
		for _, u := range us {
			c := &loopCall{fn: n, last: u.l, delta: r.blocks[u.h].start - f.head}
			for k := u.h; k <= u.l; k++ {
				for _, s := range r.blocks[k].succ {
					if j, in := r.index[s]; !in || j < u.h || j > u.l {
						c.exits = appendNew(c.exits, s)
					}
				}
			}
			head := r.blocks[u.h]
			head.call, head.succ, head.self, head.carry, head.cycles = c, c.exits, false, 0, 0
			for k := u.h + 1; k <= u.l; k++ {
				r.blocks[k].hidden, r.blocks[k].succ = true, nil
			}
		}
		r.fns = append(r.fns, f)
	}
	for _, b := range r.blocks {
		b.loop, b.end, b.back = 0, 0, false
		b.entry = b.root && !b.hidden
		b.live, b.liveX, b.top = 0, 0, 0
	}
	for i, b := range r.blocks {
		for _, s := range b.succ {
			if j, ok := r.index[s]; ok && j <= i {
				r.blocks[j].entry = true
			}
		}
	}
	r.entries = r.entries[:0]
	for _, b := range r.blocks {
		if b.entry || b.call != nil {
			// A copy's head is an entry of the dispatch's (entryLoop), not of the code around
			// it: a loop around the copy can be a WebAssembly loop.
			r.entries = append(r.entries, b.start)
		}
	}
	r.findLoops()
	r.delays()
	r.liveness(p)
	for n, us := range sets {
		f := r.fns[n]
		out := map[uint32]int{}
		for _, u := range us {
			c := r.blocks[u.h].call
			for _, t := range c.exits {
				if j, ok := r.index[t]; ok {
					out[t-c.delta] = max(out[t-c.delta], r.blocks[j].d)
				}
			}
		}
		f.sub = subRegion(p, snaps[n], out)
	}
}

func appendNew(xs []uint32, x uint32) []uint32 {
	for _, y := range xs {
		if y == x {
			return xs
		}
	}
	return append(xs, x)
}

// loopSig returns the loop of blocks h..l relative to its head: every block's start, length, kind
// and successors, every instruction's lowered op with the addresses it holds (branch, jump and
// skip targets) counted from the head. Two loops of equal signatures run the same code, their
// addresses apart by the heads' difference. A loop with a call, a return or a computed jump has
// none (ok false): those hold or read code addresses the loop function would have to move. It is
// appended to b.
func loopSig(p *emu.Program, r *region, h, l int, b []byte) (sig []byte, ok bool) {
	base := r.blocks[h].start
	put := func(v uint32) { b = binary.LittleEndian.AppendUint32(b, v) }
	put(uint32(l - h))
	for k := h; k <= l; k++ {
		blk := r.blocks[k]
		fl := uint32(0)
		if blk.self {
			fl |= 1
		}
		if blk.back {
			fl |= 2
		}
		put(blk.start - base)
		put(uint32(len(blk.insts)))
		put(fl)
		for _, q := range blk.insts {
			o := &p.Code[q]
			c := class(p.Device, o)
			switch c {
			case clCall, clICall, clRet, clIJmp:
				return b, false
			}
			t := o.Target
			if c == clBranch || c == clJump {
				t -= base
			}
			put(q - base)
			put(uint32(o.Kind) | uint32(o.Cyc)<<8 | uint32(o.Words)<<16 | uint32(o.Skip)<<24)
			put(uint32(o.Rd) | uint32(o.Rr)<<8 | uint32(o.Bit)<<16 | uint32(o.Ptr)<<24)
			put(uint32(o.K) | uint32(o.Addr)<<16)
			put(t)
		}
		put(uint32(len(blk.succ)))
		for _, s := range blk.succ {
			put(s - base)
		}
	}
	return b, true
}

// subRegion returns blocks (a loop, its head first, as they were in their region) as a region
// entered at its head only, whose jumps out of the loop leave it (every flag live there) and may
// run out[address] cycles before their next limit check: the loop function's.
func subRegion(p *emu.Program, blocks []block, out map[uint32]int) *region {
	s := &region{index: map[uint32]int{}, outD: out}
	for k := range blocks {
		c := blocks[k]
		c.entry = k == 0
		c.loop, c.end, c.back = 0, 0, false
		c.live, c.liveX, c.top = 0, 0, 0
		s.index[c.start] = len(s.blocks)
		s.blocks = append(s.blocks, &c)
		s.insts += len(c.insts)
	}
	s.roots = []uint32{s.blocks[0].start}
	s.entries = s.roots
	for _, b := range s.blocks {
		for _, x := range b.succ {
			if _, ok := s.index[x]; !ok {
				b.dyn = true
			}
		}
	}
	s.findLoops()
	s.delays()
	s.liveness(p)
	return s
}

// callLoop writes copy c of a loop function in "run", at its head block: the state written back
// (the registers the function uses), the call; an exit code other than codeNoCode is "run"'s at
// once (the other registers written back: the state is in the state memory); codeNoCode (the copy jumped out of its loop): the state the function changed
// loaded again, and the code goes on where it left to, as a jump from the head (the function's
// limit checks counted the cycles there up to the next check: out in subRegion).
func (g *gen) callLoop(c *loopCall) {
	f := g.fns[c.fn]
	var rest [32]bool // registers "run" keeps that the function does not use
	for k := range rest {
		rest[k] = g.used[k] && !f.used[k]
	}
	g.spill(used(f.used, g.used))
	g.call(c)
	g.tee(lCode)
	g.i32(codeNoCode)
	g.op(opI32Ne)
	g.open(opIf, labAnon)
	g.storeRegs(rest)
	g.get(lCode)
	g.op(opReturn)
	g.end()
	g.fill(used(f.written, g.used), true)
	g.get(lBase)
	g.mem(opI32Load, emu.CtlPC)
	g.set(lPC)
	for _, t := range c.exits {
		g.get(lPC)
		g.i32(int64(t))
		g.op(opI32Eq)
		g.open(opIf, labAnon)
		g.jump(t, false)
		g.end()
	}
	g.get(lCode) // not reached: the function leaves with codeNoCode to its exits only
	g.op(opReturn)
}

// call pushes the result of copy c's loop function called on the state memory.
func (g *gen) call(c *loopCall) {
	g.get(lBase)
	g.i32(int64(g.fns[c.fn].head + c.delta))
	g.get(lMode)
	g.i32(int64(c.seg) << 1)
	g.op(opI32Or)
	g.op(opCall)
	g.b.u32(uint32(1 + c.fn))
}

// copySegs gives each copy of the region's loop functions its trace segments, the first of the
// module's: the function's moved by the copy's delta.
func (g *gen) copySegs() {
	for _, b := range g.r.blocks {
		c := b.call
		if c == nil {
			continue
		}
		f := g.fns[c.fn]
		if len(g.segs)+len(f.segs) > maxSegs {
			panic("translate: internal error: too many trace segments")
		}
		c.seg = len(g.segs)
		for _, s := range f.segs {
			m := make([]uint32, len(s))
			for i, q := range s {
				m[i] = q + c.delta
			}
			g.segs = append(g.segs, m)
		}
	}
}

// used returns the registers of a that are in b.
func used(a, b [32]bool) (c [32]bool) {
	for k := range c {
		c[k] = a[k] && b[k]
	}
	return c
}
