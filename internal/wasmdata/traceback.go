package wasmdata

import (
	"encoding/binary"
	"fmt"
	"slices"
)

// The tables of a Go function that only a traceback, runtime.Callers and its Frames, FuncForPC and
// the execution tracer read (internal/abi: FUNCDATA_*, PCDATA_*; runtime/symtabinl.go, traceback.go).
const (
	pcdataUnsafePoint  = 0 // where asynchronous preemption may stop: js/wasm's runtime never reads it
	pcdataInlTreeIndex = 2 // which inlined call a pc is in
	pcdataArgLiveIndex = 3 // the argument liveness index printArgs reads
	funcdataInlTree    = 3 // the inlined calls: inlinedCall records
	funcdataArgInfo    = 5 // the arguments' layout printArgs reads
	funcdataArgLive    = 6 // the arguments' liveness printArgs reads

	funcCuOffset    = 32 // _func.cuOffset: the file names' table of the function's unit
	funcStartLine   = 36 // _func.startLine
	funcNfuncdata   = 43 // _func.nfuncdata, the last byte of the fixed part
	inlinedCallSize = 16 // funcID, pad, nameOff, parentPc, startLine
	inlNameOff      = 4  // inlinedCall.nameOff
	noFuncdata      = ^uint32(0)
)

// StripTraceback returns module, a Go program built for GOOS=js GOARCH=wasm whose line tables
// StripLines has left out, with what else only tracebacks read left out too: every function's inline
// tree (its inlined calls) with the pc table that indexes it, its arguments' layout and liveness for
// printing them, its start line and its unit's file table offset (read only with a file table), and
// the names only inline trees named; and its unsafe points, which only asynchronous preemption and
// debugger calls read, neither of which js/wasm's runtime has. The offsets become "no table"
// (funcdata ^0, pcdata 0) and the bytes zeros, but where a table that stays shares them. What a
// program computes is the same: the
// runtime reads those tables to print a traceback, for runtime.Callers, CallersFrames and FuncForPC
// (which then see the function a pc is in, not the calls inlined into it, and no start line), a
// memory profile's stacks and the execution tracer's; and to decide whether a recover() is called
// by the deferred function itself, which it always is there: the compiler inlines no function that
// calls recover, so the inlined calls around one never come into it. A panic's traceback names the
// functions the code is in, without their arguments' values. It returns how many functions it
// rewrote and how many bytes it zeroed, and fails, never panicking, where StripLines would, on a
// function that still has its line tables, and on tables outside the memory.
func StripTraceback(module []byte) (out []byte, funcs, zeroed int, err error) {
	return rewriteFuncTable(module, (*funcTable).stripTraceback)
}

// tracebackOnly is what stripTraceback found: the funcdata tables to zero (by offset from gofunc)
// unless a kept one starts at the same offset, and the pctab bytes to zero unless a kept table covers
// them.
type tracebackOnly struct {
	drop           []dropped
	keepData       map[uint32]bool
	dropPc, keepPc []bool
}

// dropped is a funcdata table that only tracebacks read.
type dropped struct {
	off, size uint32
	inline    bool // an inline tree, whose names are dropped with it
}

// stripTraceback is StripTraceback on the image's function table.
func (t *funcTable) stripTraceback() (funcs, zeroed int, err error) {
	if t.gofunc == nil {
		return 0, 0, fmt.Errorf("wasmdata: Go's function table: moduledata.gofunc outside the memory")
	}
	tb := tracebackOnly{keepData: map[uint32]bool{}, dropPc: make([]bool, len(t.pctab)), keepPc: make([]bool, len(t.pctab))}
	for i := range t.nfunc {
		off := uint64(binary.LittleEndian.Uint32(t.ftab[i*functabStride+4:]))
		if off > uint64(len(t.pclntable)) || uint64(len(t.pclntable))-off < funcPcdata {
			return 0, 0, fmt.Errorf("wasmdata: Go's function table: function %d at %d, outside pclntable", i, off)
		}
		if err := t.stripFunc(t.pclntable[off:], &tb); err != nil {
			return 0, 0, fmt.Errorf("wasmdata: Go's function table: function %d: %v", i, err)
		}
		funcs++
	}
	for i := range t.pctab {
		if tb.dropPc[i] && !tb.keepPc[i] && t.pctab[i] != 0 {
			t.pctab[i] = 0
			zeroed++
		}
	}
	n, err := t.zeroFuncdata(&tb)
	return funcs, zeroed + n, err
}

// stripFunc clears the traceback-only offsets and fields of the _func at the start of f and notes
// the tables they led to in tb.
func (t *funcTable) stripFunc(f []byte, tb *tracebackOnly) error {
	u32 := func(at int) uint32 { return binary.LittleEndian.Uint32(f[at:]) }
	put := func(at int, v uint32) { binary.LittleEndian.PutUint32(f[at:], v) }
	np, nfd := int(u32(funcNpcdata)), int(f[funcNfuncdata])
	if np > maxPcdata || len(f) < funcPcdata+4*(np+nfd) {
		return fmt.Errorf("%d pcdata and %d funcdata tables", np, nfd)
	}
	if u32(funcPcfile) != 0 || u32(funcPcln) != 0 {
		return fmt.Errorf("it has its line tables (StripLines first)")
	}
	if err := t.mark(tb.keepPc, u32(funcPcsp)); err != nil {
		return err
	}
	inlRecords := uint32(0) // 1 + the largest index the inline tree's pc table gives
	for j := range np {
		at := funcPcdata + 4*j
		if j != pcdataUnsafePoint && j != pcdataInlTreeIndex && j != pcdataArgLiveIndex {
			if err := t.mark(tb.keepPc, u32(at)); err != nil {
				return err
			}
			continue
		}
		if err := t.mark(tb.dropPc, u32(at)); err != nil {
			return err
		}
		if j == pcdataInlTreeIndex {
			inlRecords = uint32(t.maxValue(u32(at)) + 1)
		}
		put(at, 0)
	}
	for j := range nfd {
		at := funcPcdata + 4*np + 4*j
		o := u32(at)
		switch {
		case o == noFuncdata:
			continue
		case uint64(o) >= uint64(len(t.gofunc)):
			return fmt.Errorf("funcdata %d at %d, outside the memory", j, o)
		case j == funcdataInlTree:
			tb.drop = append(tb.drop, dropped{off: o, size: inlRecords * inlinedCallSize, inline: true})
		case j == funcdataArgInfo:
			tb.drop = append(tb.drop, dropped{off: o, size: argInfoSize(t.gofunc[o:])})
		case j == funcdataArgLive:
			// a few bytes in a few functions: the reference goes, the bytes stay
		default:
			tb.keepData[o] = true
			continue
		}
		put(at, noFuncdata)
	}
	put(funcCuOffset, 0)
	put(funcStartLine, 0)
	return nil
}

// maxValue returns the largest value of the pc-value table at off of pctab (-1 for none); mark has
// checked that it lies in pctab. Values start at -1 and change by zig-zag varint deltas.
func (t *funcTable) maxValue(off uint32) int32 {
	best, val := int32(-1), int32(-1)
	if off == 0 {
		return best
	}
	for p, first := int(off), true; p < len(t.pctab); first = false {
		if t.pctab[p] == 0 && !first {
			break
		}
		d, n := binary.Uvarint(t.pctab[p:])
		if n <= 0 {
			break
		}
		val += int32(-(uint32(d) & 1) ^ (uint32(d) >> 1))
		best = max(best, val)
		_, m := binary.Uvarint(t.pctab[p+n:])
		if m <= 0 {
			break
		}
		p += n + m
	}
	return best
}

// argInfoSize returns the length of the argument layout table at the start of b as printArgs reads
// it (internal/abi.TraceArgs*): (offset, size) pairs and single marker bytes, ended by 0xff, at most
// 10 entries' worth of bytes.
func argInfoSize(b []byte) uint32 {
	const endSeq, maxLen = 0xff, 10 * 2 * 4 // TraceArgsEndSeq; TraceArgsMaxLen bounds it far below
	for i := 0; i < len(b) && i < maxLen; {
		o := b[i]
		i++
		switch {
		case o == endSeq:
			return uint32(i)
		case o >= 0xfb: // StartAgg, EndAgg, Dotdotdot, OffsetTooLarge: no size follows
		default:
			i++
		}
	}
	return 0 // not a table it knows: nothing is zeroed
}

// zeroFuncdata zeroes each dropped funcdata table where no kept table starts inside it, and the names
// of dropped inline trees in funcnametab where no function keeps them.
func (t *funcTable) zeroFuncdata(tb *tracebackOnly) (zeroed int, err error) {
	keepName := make([]bool, len(t.funcnametab))
	dropName := make([]bool, len(t.funcnametab))
	for i := range t.nfunc {
		off := binary.LittleEndian.Uint32(t.ftab[i*functabStride+4:])
		if err := markName(keepName, t.funcnametab, binary.LittleEndian.Uint32(t.pclntable[off+4:])); err != nil {
			return 0, err
		}
	}
	kept := make([]uint32, 0, len(tb.keepData))
	for o := range tb.keepData {
		kept = append(kept, o)
	}
	slices.Sort(kept)
	var zero [][]byte
	for _, d := range tb.drop {
		end := uint64(d.off) + uint64(d.size)
		if end > uint64(len(t.gofunc)) {
			return 0, fmt.Errorf("wasmdata: Go's function table: a funcdata table at %d runs past the memory", d.off)
		}
		table := t.gofunc[d.off:end]
		names := dropName
		if i, _ := slices.BinarySearch(kept, d.off); i < len(kept) && uint64(kept[i]) < end {
			names = keepName // a kept table shares its bytes: they and its names stay
		} else {
			zero = append(zero, table)
		}
		for r := 0; d.inline && r < len(table); r += inlinedCallSize {
			if err := markName(names, t.funcnametab, binary.LittleEndian.Uint32(table[r+inlNameOff:])); err != nil {
				return 0, err
			}
		}
	}
	for _, table := range zero {
		for k := range table {
			if table[k] != 0 {
				table[k] = 0
				zeroed++
			}
		}
	}
	for i := range t.funcnametab {
		if dropName[i] && !keepName[i] && t.funcnametab[i] != 0 {
			t.funcnametab[i] = 0
			zeroed++
		}
	}
	return zeroed, nil
}

// markName sets m over the name at off in names and its terminating zero byte.
func markName(m []bool, names []byte, off uint32) error {
	if uint64(off) >= uint64(len(names)) {
		return fmt.Errorf("wasmdata: Go's function table: a name at %d, outside funcnametab", off)
	}
	for i := int(off); i < len(names); i++ {
		m[i] = true
		if names[i] == 0 {
			return nil
		}
	}
	return fmt.Errorf("wasmdata: Go's function table: the name at %d runs past funcnametab", off)
}
