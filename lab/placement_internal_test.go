package lab

import "testing"

// TestPlaceCTApart: on every seed, each buffer of the constant-time machine starts at another address
// than on the vectors' machine, an odd number of bytes on (so one of the two is odd), the round keys
// keep their 256-byte alignment, nothing overlaps, and all end 16 bytes below the stack's low mark;
// without room the layouts stay shared and placeCT says so with "".
func TestPlaceCTApart(t *testing.T) {
	kinds := BufferKinds()
	kind := func(r Role) BufferKind {
		for _, k := range kinds {
			if k.Role == r {
				return k
			}
		}
		t.Fatalf("no kind %s", r)
		return BufferKind{}
	}
	mk := func() *harness {
		h := &harness{free: 0x100}
		free := uint32(0x100)
		for _, r := range []Role{RoleBlock, RoleRK, RoleOut} {
			b := buffer{BufferKind: kind(r), size: 8}
			if r == RoleRK {
				b.size = 108
			}
			a := uint32(b.Align)
			free = (free + a - 1) &^ (a - 1)
			b.addr, b.addrCT = uint16(free), uint16(free)
			free += uint32(b.size)
			h.bufs = append(h.bufs, b)
		}
		return h
	}
	shifts := map[uint16]bool{}
	for seed := uint64(0); seed < 64; seed++ {
		h := mk()
		h.opts.Seed = seed
		if at := h.placeCT(0x10ff); at == "" {
			t.Fatalf("seed %d: no room found in 4 KB", seed)
		}
		end := uint32(0)
		for _, b := range h.bufs {
			d := b.addrCT - b.addr
			switch {
			case b.Align >= 256 && (b.addrCT%256 != 0 || b.addrCT == b.addr):
				t.Errorf("seed %d: round keys at 0x%x (vectors' 0x%x)", seed, b.addrCT, b.addr)
			case b.Align < 256 && d%2 != 1:
				t.Errorf("seed %d: %s moved by %d", seed, b.Role, d)
			}
			if uint32(b.addrCT) < end {
				t.Errorf("seed %d: %s at 0x%x overlaps the buffer before it (ends 0x%x)", seed, b.Role, b.addrCT, end)
			}
			end = uint32(b.addrCT) + uint32(b.size)
			if b.Role == RoleBlock {
				shifts[d] = true
			}
		}
		if end+16 > 0x10ff {
			t.Errorf("seed %d: buffers end at 0x%x", seed, end)
		}
	}
	if len(shifts) < 4 {
		t.Errorf("the block moved by only %v over 64 seeds: predictable", shifts)
	}
	h := mk()
	if at := h.placeCT(0x100 + 8 + 16); at != "" || h.bufs[0].addrCT != h.bufs[0].addr {
		t.Errorf("no room, yet placed: %q", at)
	}
}
