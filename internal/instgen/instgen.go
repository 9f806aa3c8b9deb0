// Package instgen chooses operand values for generated instruction programs: the programs the
// assembler and disassembler tests write for every form of the isa table and check against avr-as,
// avra and avr-objdump. The choices are reproducible forever (a fixed pseudo-random sequence), so a
// generated program only changes when its generator does.
package instgen

import "github.com/avrlab/avrlab/isa"

// Rand is a splitmix64 generator: its sequence is fixed, whatever the Go release. The zero value
// starts the sequence of seed 0; set S to seed it.
type Rand struct{ S uint64 }

// Next returns the next 64 bits of the sequence.
func (r *Rand) Next() uint64 {
	r.S += 0x9E3779B97F4A7C15
	z := r.S
	z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
	z = (z ^ z>>27) * 0x94D049BB133111EB
	return z ^ z>>31
}

// Between returns a value in [lo, hi].
func (r *Rand) Between(lo, hi int64) int64 { return lo + int64(r.Next()%uint64(hi-lo+1)) }

// Pick returns one of the strings.
func (r *Rand) Pick(s ...string) string { return s[r.Next()%uint64(len(s))] }

// OperandRange is the range values of kind k are drawn from on dev: the kind's range, with jump and
// call targets limited to the device's flash and the ends moved to valid values (r30, not r31, for
// MOVW).
func OperandRange(dev *isa.Device, k isa.Kind) (lo, hi int64) {
	lo, hi = k.Range()
	if k == isa.Abs22 {
		hi = int64(dev.Flash/2 - 1)
	}
	for !k.Valid(lo) && lo < hi {
		lo++
	}
	for !k.Valid(hi) && hi > lo {
		hi--
	}
	return lo, hi
}

// UndefinedCombo reports operand sets whose result the manual leaves undefined: a post-increment or
// pre-decrement through the pointer pair that holds the data register (ld r26, X+; st -Z, r30).
// Assemblers refuse or warn; generators leave them out.
func UndefinedCombo(f *isa.Form, args []int64) bool {
	reg, ptr := int64(-1), isa.KindNone
	for i, op := range f.Operands {
		switch {
		case op.Kind.IsRegister():
			reg = args[i]
		case op.Kind.IsPointer():
			ptr = op.Kind
		}
	}
	var pair int64
	switch ptr {
	case isa.PtrXInc, isa.PtrXDec:
		pair = 26
	case isa.PtrYInc, isa.PtrYDec:
		pair = 28
	case isa.PtrZInc, isa.PtrZDec:
		pair = 30
	default:
		return false
	}
	return reg == pair || reg == pair+1
}

// Corner returns the smallest or largest value of operand i of f on dev: the end of its range, moved
// inwards past undefined combinations (r29, not r31, for ld Rd, Z+).
func Corner(dev *isa.Device, f *isa.Form, i int, high bool) int64 {
	k := f.Operands[i].Kind
	lo, hi := OperandRange(dev, k)
	v, step := lo, int64(1)
	if high {
		v, step = hi, -1
	}
	args := make([]int64, len(f.Operands))
	args[i] = v
	for UndefinedCombo(f, args) {
		v += step
		for !k.Valid(v) {
			v += step
		}
		args[i] = v
	}
	return v
}

// Draw picks a random valid value of kind k on dev.
func Draw(r *Rand, dev *isa.Device, k isa.Kind) int64 {
	lo, hi := OperandRange(dev, k)
	for {
		if v := r.Between(lo, hi); k.Valid(v) {
			return v
		}
	}
}
