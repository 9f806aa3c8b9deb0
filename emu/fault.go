package emu

import (
	"errors"

	"github.com/avrlab/avrlab/internal/srcpos"
	"github.com/avrlab/avrlab/internal/textf"
	"github.com/avrlab/avrlab/isa"
)

// Sentinel errors wrapped by [Fault]; test for them with errors.Is.
var (
	// ErrPCOutOfFlash: the program counter left program memory (a jump, return or fall-through past
	// the last flash word).
	ErrPCOutOfFlash = errors.New("pc outside flash")
	// ErrIllegalOpcode: the word at the program counter is not an instruction of the device's core.
	ErrIllegalOpcode = errors.New("illegal opcode")
	// ErrNotOnDevice: the instruction exists in the instruction set but the device lacks it (MUL on an
	// ATtiny85, EICALL on an ATmega128).
	ErrNotOnDevice = errors.New("instruction not available on device")
	// ErrStackOverflow: a push or call would write below the first SRAM address, into the I/O space.
	ErrStackOverflow = errors.New("stack overflow")
	// ErrDataOutOfRange: a load or store outside the device's data space (or a write to memory-mapped
	// flash), a pop above RAMEND, or a program-memory read past the end of flash.
	ErrDataOutOfRange = errors.New("data address out of range")
	// ErrNotImplemented: an instruction avrlab does not model.
	ErrNotImplemented = errors.New("not implemented")
)

// FaultKind classifies a [Fault]; each kind wraps one of the Err sentinels.
type FaultKind uint8

// Fault kinds, one per sentinel error.
const (
	FaultPCOutOfFlash   FaultKind = iota + 1 // ErrPCOutOfFlash
	FaultIllegalOpcode                       // ErrIllegalOpcode
	FaultNotOnDevice                         // ErrNotOnDevice
	FaultStackOverflow                       // ErrStackOverflow
	FaultDataOutOfRange                      // ErrDataOutOfRange
	FaultNotImplemented                      // ErrNotImplemented
)

var faultErrs = [...]error{
	FaultPCOutOfFlash:   ErrPCOutOfFlash,
	FaultIllegalOpcode:  ErrIllegalOpcode,
	FaultNotOnDevice:    ErrNotOnDevice,
	FaultStackOverflow:  ErrStackOverflow,
	FaultDataOutOfRange: ErrDataOutOfRange,
	FaultNotImplemented: ErrNotImplemented,
}

// String returns the text of the kind's sentinel error, e.g. "illegal opcode".
func (k FaultKind) String() string {
	if int(k) < len(faultErrs) && faultErrs[k] != nil {
		return faultErrs[k].Error()
	}
	return textf.Sprintf("FaultKind(%d)", int(k))
}

// Fault is a run-time error of the emulated program. The machine stays at the faulting instruction:
// PC, registers, memory and the cycle counter are as they were before it began, so Cycle equals the
// machine's Cycles() after the fault.
type Fault struct {
	Kind  FaultKind
	PC    uint32    // word address of the faulting instruction (the out-of-range PC for FaultPCOutOfFlash)
	Cycle uint64    // cycle count when the instruction began
	Addr  uint32    // data-space (or program-memory byte) address for data faults, else 0
	Form  *isa.Form // the instruction, when it decoded (nil for illegal words and PC faults)
	Msg   string    // what happened, lower case, without the position
}

// Error returns the message with the program counter, e.g. "illegal opcode 0xffff at pc 0x0012".
func (f *Fault) Error() string {
	if f.Kind == FaultPCOutOfFlash {
		return f.Msg
	}
	return textf.Sprintf("%s at pc %#04x", f.Msg, f.PC)
}

// Unwrap returns the sentinel error of the fault's kind.
func (f *Fault) Unwrap() error {
	if int(f.Kind) < len(faultErrs) {
		return faultErrs[f.Kind]
	}
	return nil
}

// SourceMap maps a word address of program memory to the source position that produced it. asm.Image
// implements it; emu declares it so that neither package imports the other.
type SourceMap interface {
	SourceAt(pc uint32) (srcpos.Position, bool)
}

// Describe returns Error() followed by the source position of the faulting PC when src knows it, e.g.
// "illegal opcode 0xffff at pc 0x0012 (main.S:14:2)". src may be nil.
func (f *Fault) Describe(src SourceMap) string {
	s := f.Error()
	if src == nil {
		return s
	}
	if pos, ok := src.SourceAt(f.PC); ok && pos.IsValid() {
		s += " (" + pos.String() + ")"
	}
	return s
}

// StopReason says why Run or Step returned.
type StopReason uint8

// Stop reasons.
const (
	StopNone       StopReason = iota // Step executed one instruction and nothing else happened
	StopSleep                        // SLEEP executed (its cycle counted, PC after it)
	StopBreak                        // BREAK executed (its cycle counted, PC after it)
	StopReturn                       // RET or RETI popped the return sentinel (its cycles counted)
	StopBreakpoint                   // the next instruction is at a breakpoint; it has not run
	StopLimit                        // the cycle counter reached the limit given to Run
	StopFault                        // a fault; Stop.Fault says which
)

var stopNames = [...]string{"none", "sleep", "break", "return", "breakpoint", "limit", "fault"}

// String returns a lower-case name such as "sleep".
func (r StopReason) String() string {
	if int(r) < len(stopNames) {
		return stopNames[r]
	}
	return textf.Sprintf("StopReason(%d)", int(r))
}

// Stop is the result of Run and Step: the reason and, for StopFault, the fault.
type Stop struct {
	Reason StopReason
	Fault  *Fault // non-nil exactly when Reason is StopFault
}

// Err returns the fault as an error, or nil when the stop is not a fault.
func (s Stop) Err() error {
	if s.Fault == nil {
		return nil
	}
	return s.Fault
}

// String returns the reason, or the fault message for StopFault.
func (s Stop) String() string {
	if s.Fault != nil {
		return "fault: " + s.Fault.Error()
	}
	return s.Reason.String()
}
