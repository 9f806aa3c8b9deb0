package translate

import "slices"

// A small WebAssembly binary writer: just what the translator emits (one function type, an
// imported memory, globals, functions of which one is exported). Spec: WebAssembly Core Specification 2.0,
// §5 "Binary Format".

// Opcodes (§5.4).
const (
	opBlock     = 0x02
	opLoop      = 0x03
	opIf        = 0x04
	opElse      = 0x05
	opEnd       = 0x0B
	opBr        = 0x0C
	opBrIf      = 0x0D
	opBrTable   = 0x0E
	opReturn    = 0x0F
	opCall      = 0x10
	opDrop      = 0x1A
	opSelect    = 0x1B
	opLocalGet  = 0x20
	opLocalSet  = 0x21
	opLocalTee  = 0x22
	opGlobalGet = 0x23
	opGlobalSet = 0x24
	opI32Load   = 0x28
	opI64Load   = 0x29
	opI32Load8U = 0x2D
	opI32Load16 = 0x2F
	opI32Store  = 0x36
	opI64Store  = 0x37
	opI32Store8 = 0x3A
	opI32Stor16 = 0x3B
	opI32Const  = 0x41
	opI64Const  = 0x42
	opI32Eqz    = 0x45
	opI32Eq     = 0x46
	opI32Ne     = 0x47
	opI32LtU    = 0x49
	opI32GtU    = 0x4B
	opI32LeU    = 0x4D
	opI32GeU    = 0x4F
	opI64LtU    = 0x54
	opI64GeS    = 0x59
	opI64GeU    = 0x5A
	opI32Add    = 0x6A
	opI32Sub    = 0x6B
	opI32Mul    = 0x6C
	opI32And    = 0x71
	opI32Or     = 0x72
	opI32Xor    = 0x73
	opI32Shl    = 0x74
	opI32ShrS   = 0x75
	opI32ShrU   = 0x76
	opI64Add    = 0x7C
	opI64Sub    = 0x7D
	opI64Mul    = 0x7E
	opI64Xor    = 0x85
	opI64ExtU   = 0xAD // i64.extend_i32_u

	opMiscPrefix   = 0xFC // followed by a LEB128 sub-opcode
	miscMemoryFill = 11   // memory.fill (bulk memory, WebAssembly 2.0)

	blockVoid = 0x40
	typeI32   = 0x7F
	typeI64   = 0x7E
)

// buf is a byte buffer with LEB128 writers.
type buf []byte

//go:noinline
func (b *buf) byte(v byte) { *b = append(*b, v) }

//go:noinline
func (b *buf) u32(v uint32) {
	for {
		c := byte(v & 0x7F)
		v >>= 7
		if v != 0 {
			c |= 0x80
		}
		*b = append(*b, c)
		if v == 0 {
			return
		}
	}
}

//go:noinline
func (b *buf) s64(v int64) {
	for {
		c := byte(v & 0x7F)
		v >>= 7
		done := (v == 0 && c&0x40 == 0) || (v == -1 && c&0x40 != 0)
		if !done {
			c |= 0x80
		}
		*b = append(*b, c)
		if done {
			return
		}
	}
}

func (b *buf) name(s string) {
	b.u32(uint32(len(s)))
	*b = append(*b, s...)
}

// section appends section id with contents c.
func (b *buf) section(id byte, c buf) {
	b.byte(id)
	b.u32(uint32(len(c)))
	*b = append(*b, c...)
}

// fnBody is one function of a module: its code (after the locals) and the offsets in it of the
// ifs that leave the code for the runner (exits, limit checks), which the module hints as unlikely.
type fnBody struct {
	code     []byte
	unlikely []uint32
}

// branchHints is the name of the custom section of branch hints (the WebAssembly branch hinting
// proposal, phase 5; V8 since Chrome 136): a hint "unlikely" on an if lets V8's optimising compiler
// lay the if's code out of line and keep its register moves and spills there (deferred code), so
// that the values an exit writes back are not stored at every definition in a hot loop. Engines
// that do not know the section ignore it.
const branchHints = "metadata.code.branch_hint"

// localsDecl is the locals declaration that starts every function's code: nI32 i32 and nI64 i64.
func localsDecl(nI32, nI64 uint32) buf {
	var fn buf
	fn.u32(2)
	fn.u32(nI32)
	fn.byte(typeI32)
	fn.u32(nI64)
	fn.byte(typeI64)
	return fn
}

// hintSection writes the branch hints of fns (offsets from each function's code start, its locals
// declaration of locals bytes): every recorded if unlikely (size 1, value 0).
func hintSection(fns []fnBody, locals uint32) buf {
	var h buf
	h.name(branchHints)
	n := 0
	for _, f := range fns {
		if len(f.unlikely) > 0 {
			n++
		}
	}
	h.u32(uint32(n))
	for i, f := range fns {
		if len(f.unlikely) == 0 {
			continue
		}
		h.u32(uint32(i))
		h.u32(uint32(len(f.unlikely)))
		for _, off := range f.unlikely {
			h.u32(locals + off)
			h.u32(1)
			h.byte(0)
		}
	}
	return h
}

// module assembles a module: memory "env" "mem" imported with at least minPages pages, nGlobals
// mutable i32 globals (0), the branch hints of fns, and functions of type (i32 base, i32 pc, i32
// mode) -> i32 with the given i32 and i64 locals and code (each ending in opEnd), the first
// exported as "run".
func module(minPages uint32, nGlobals int, nI32, nI64 uint32, fns ...fnBody) []byte {
	var m buf
	m = append(m, 0x00, 0x61, 0x73, 0x6D, 0x01, 0x00, 0x00, 0x00)

	var types buf
	types.u32(1)
	types.byte(0x60)
	types.u32(3)
	types.byte(typeI32)
	types.byte(typeI32)
	types.byte(typeI32)
	types.u32(1)
	types.byte(typeI32)
	m.section(1, types)

	var imports buf
	imports.u32(1)
	imports.name("env")
	imports.name("mem")
	imports.byte(0x02) // memory
	imports.byte(0x00) // no maximum
	imports.u32(minPages)
	m.section(2, imports)

	var funcs buf
	funcs.u32(uint32(len(fns)))
	for range fns {
		funcs.u32(0)
	}
	m.section(3, funcs)

	if nGlobals > 0 {
		var g buf
		g.u32(uint32(nGlobals))
		for i := 0; i < nGlobals; i++ {
			g.byte(typeI32)
			g.byte(1) // mutable
			g.byte(opI32Const)
			g.s64(0)
			g.byte(opEnd)
		}
		m.section(6, g)
	}

	var exports buf
	exports.u32(1)
	exports.name("run")
	exports.byte(0x00)
	exports.u32(0)
	m.section(7, exports)

	locals := localsDecl(nI32, nI64)
	m.section(0, hintSection(fns, uint32(len(locals))))

	var code buf
	code.u32(uint32(len(fns)))
	for _, f := range fns {
		fn := append(slices.Clone(locals), f.code...)
		code.u32(uint32(len(fn)))
		code = append(code, fn...)
	}
	m.section(10, code)
	return m
}
