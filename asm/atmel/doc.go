// Package atmel is avrlab's front end for the Atmel AVRASM2 dialect (Atmel Studio's assembler, .asm
// and .inc files), beside the GNU avr-as dialect of package asm. It reads the syntax only: what it
// makes of a source is the same object the GNU front end makes, linked into an asm.Image by the same
// code, so expressions, symbols, layout and diagnostics are shared.
//
// Its tests compare it with Debian's avra 1.4.2 (internal/oracle.Avra) on generated programs covering
// every instruction form at its operand boundaries and on hand-written programs using each directive
// and function; where avra departs from Microchip's AVR Assembler user guide, the tests
// follow the guide.
package atmel
