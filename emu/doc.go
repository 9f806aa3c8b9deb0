// Package emu is avrlab's cycle-accurate AVR emulator: it executes a program-memory image on one of
// the devices of package isa and counts clock cycles exactly as the AVR Instruction Set Manual
// (DS40002198) gives them for the device's core.
//
// It sits after the assembler in avrlab's data flow (source → asm → image → emu → lab) and imports
// only isa: every opcode bit, cycle count and device fact comes from there. Cycles are isa's base
// count for the device ([isa.Device.Cycles]) plus the data-dependent extras its rows name
// ([isa.Form.Extra]: a taken branch, the words a skip jumps over, DES after a non-DES).
//
// Simple use:
//
//	m := emu.New(isa.LookupDevice("atmega128"), image.Flash, emu.Config{})
//	stop := m.Run(1_000_000) // until SLEEP, BREAK, a fault or 1,000,000 cycles
//	if stop.Fault != nil {
//		fmt.Println(stop.Fault.Describe(image)) // "illegal opcode 0xffff at pc 0x0012 (main.S:14:2)"
//	}
//
// Repeated runs (a harness calling one function per test vector) build the machine once and reset
// it each time; Reset and Run do not allocate:
//
//	m.Reset()
//	m.SetSP(dev.RAMEND())
//	m.PushReturn(sentinel)
//	m.SetReturnSentinel(sentinel) // the RET that pops it stops Run with StopReturn
//	m.LoadData(addr, input)
//	m.SetPC(entry)
//	stop := m.Run(limit)
//
// A Machine is for one goroutine at a time; machines share nothing mutable.
//
// Translated code: with Config.Engine set (package emu/translate: WebAssembly, run by wazero
// natively), Run executes the program as translated code wherever it can and interprets the rest;
// the state is the same either way. The interpreter stays the reference and the only engine with
// hooks: runs with trace, profile or breakpoints, and Step, are always interpreted. The interpreter
// and an [Engine] read one lowered program ([Program], one [Op] per flash word).
//
// # Notes
//
// What is modelled: all instructions of the device's core that the device has (others fault with
// [ErrNotOnDevice]), SREG and SP in the I/O space, registers mapped at data 0x00–0x1F on classic
// parts and not on AVRxm/AVRxt, flash mapped into data space on the ATmega4809, RAMPZ for ELPM and
// EIND for EIJMP/EICALL, 2- and 3-byte return addresses, writes to the device's UDR as output, and
// the XMEGA DES instruction (see des.go for the register layout between rounds).
//
// What is not: peripherals, interrupts, sleep modes and the watchdog (SLEEP and BREAK stop Run; WDR
// is a no-op), external RAM (the data space ends at RAMEND), RAMPX/RAMPY/RAMPD (LD/ST use 16-bit
// pointers; RAMPZ is not applied to them). SPM writes r1:r0 to the flash word at RAMPZ:Z at once
// (no SPMCSR, page buffer or programming time) and is charged isa's 1 cycle. Two timing notes of the
// manual are not applied because isa has no data for them: the AVRxm "one cycle less when LD
// accesses I/O" and the AVRxt "at least one extra cycle when accessing NVM" (LD/LDS from mapped
// flash on the ATmega4809).
//
// Relative jumps (RJMP, RCALL, branches) wrap around program memory when its size in words is a
// power of two, as the hardware PC does; any other PC outside flash faults with [ErrPCOutOfFlash].
//
// The run loop and its measured design are described at Machine.run in run.go. The differential
// test against simavr (diff_test.go) lists the known differences from simavr in one place.
package emu
