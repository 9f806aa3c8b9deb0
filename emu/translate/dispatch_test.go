//go:build !js

package translate

import "testing"

// TestSparse: a cluster of entries is a br_table only with minTable entries or more filling at
// least half of its span; the NTT example's are all compares (wazero made each of their 129 slots
// a block of its own), and so its region's function has no br_table but the loop function's.
func TestSparse(t *testing.T) {
	for _, c := range []struct {
		words  []uint32
		sparse bool
	}{
		{[]uint32{5}, true},
		{[]uint32{0, 42}, true},
		{[]uint32{0, 1, 2, 3, 4, 5, 6}, true},
		{[]uint32{0, 1, 2, 3, 4, 5, 6, 7}, false},
		{[]uint32{0, 2, 4, 6, 8, 10, 12, 14}, false},
		{[]uint32{0, 2, 4, 6, 8, 10, 12, 15}, false},
		{[]uint32{0, 2, 4, 6, 8, 10, 12, 16}, true},
	} {
		if got := sparse(c.words); got != c.sparse {
			t.Errorf("sparse(%v) = %v, want %v", c.words, got, c.sparse)
		}
	}
	p, r := nttRegion(t)
	n := 0
	for _, c := range clusters(r.entries) {
		if !sparse(c) {
			t.Errorf("NTT cluster %v is a table", c)
		}
		n += len(c)
	}
	if n < 2 {
		t.Fatalf("NTT region has %d entries", n)
	}
	g := &gen{p: p, r: r, d: p.Device, lay: p.Layout, hint: true}
	g.open(opBlock, labNoCode)
	for i := len(r.blocks) - 1; i >= 0; i-- {
		if !r.interior(i) {
			g.open(opBlock, i)
		}
	}
	at := len(g.b)
	g.dispatchTable()
	// One compare per entry: local.get lPC, i32.const w, i32.eq, br_if; nothing else.
	code, k := g.b[at:], 0
	for i := 0; i < len(code); k++ {
		if code[i] != opLocalGet || code[i+1] != lPC || code[i+2] != opI32Const {
			t.Fatalf("NTT dispatch, compare %d: % x", k, code[i:])
		}
		i += 3
		if w := sleb(code, &i); w != int64(r.entries[k]) {
			t.Fatalf("NTT dispatch, compare %d: word %d, want %d", k, w, r.entries[k])
		}
		if code[i] != opI32Eq || code[i+1] != opBrIf {
			t.Fatalf("NTT dispatch, compare %d: % x", k, code[i:])
		}
		i += 2
		uleb(code, &i)
	}
	if k != n {
		t.Errorf("NTT dispatch: %d compares for %d entries", k, n)
	}
}

// sleb reads a signed LEB128 at b[*i], advancing *i.
func sleb(b []byte, i *int) int64 {
	var v int64
	var shift uint
	for {
		c := b[*i]
		*i++
		v |= int64(c&0x7F) << shift
		shift += 7
		if c&0x80 == 0 {
			if shift < 64 && c&0x40 != 0 {
				v |= -1 << shift
			}
			return v
		}
	}
}
