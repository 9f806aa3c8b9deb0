package lab

import "unsafe"

// The access records of a machine are one bool per flash word or byte, nearly all false (the flash
// is 64-256 KB, a routine a few hundred bytes): the size walks skip eight false values at a time.

// words8 views b as the uint64s of its 8-byte-aligned middle: b[lo:lo+8*len(w)] is w; lo is where
// it starts (b's bools before lo, and after, are not in w).
func words8(b []bool) (w []uint64, lo int) {
	if len(b) == 0 {
		return nil, 0
	}
	p := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	lo = int((8 - p%8) % 8)
	if lo >= len(b) {
		return nil, len(b)
	}
	return unsafe.Slice((*uint64)(unsafe.Pointer(&b[lo])), (len(b)-lo)/8), lo
}

// nextTrue returns the first index at or after i where b is true, or len(b).
func nextTrue(b []bool, i int) int {
	w, lo := words8(b)
	hi := lo + 8*len(w)
	for ; i < len(b) && (i < lo || i >= hi || (i-lo)%8 != 0); i++ {
		if b[i] {
			return i
		}
	}
	for ; i < hi && w[(i-lo)/8] == 0; i += 8 {
	}
	for ; i < len(b); i++ {
		if b[i] {
			return i
		}
	}
	return len(b)
}

// lastTrue returns the last index where b is true, or -1.
func lastTrue(b []bool) int {
	w, lo := words8(b)
	hi := lo + 8*len(w)
	i := len(b) - 1
	for ; i >= hi; i-- {
		if b[i] {
			return i
		}
	}
	for ; i >= lo+7 && w[(i-lo)/8] == 0; i -= 8 {
	}
	for ; i >= 0; i-- {
		if b[i] {
			return i
		}
	}
	return -1
}

// countTrue returns how many of b are true.
func countTrue(b []bool) int {
	n := 0
	for i := nextTrue(b, 0); i < len(b); i = nextTrue(b, i+1) {
		n++
	}
	return n
}
