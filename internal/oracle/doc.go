// Package oracle runs the reference tools that avrlab's assembler and
// emulator are tested against: the GNU AVR toolchain (avr-gcc, avr-as,
// avr-objcopy), avra (the free work-alike of Atmel's AVRASM2) and the
// simavr simulator. It is test support: it only uses
// the standard library, imports no other avrlab package, and always works in
// batches, one process for many programs, so that test suites stay fast.
//
// # GNU toolchain
//
// GNUAssemble runs, for each Source, the same commands as a user building a
// .S file (or several, Source.Link) without start-up code:
//
//	avr-gcc -mmcu=MCU -nostartfiles -nostdlib -x assembler-with-cpp -o out.elf NAME [LINK...] [-D...] [-I...]
//	avr-objcopy -O ihex -j .text -j .data out.elf out.hex
//
// All sources are written to one temporary directory and handled by a
// single sh process (two worker loops run in parallel). The HEX file is
// decoded, not compared as text, into GNUResult.Flash: bytes from address 0
// to the highest address in the file, with addresses the file does not
// cover set to 0xFF (erased flash); GNUResult.Present marks the bytes the
// file contains, and GNUResult.Hex keeps the file's text. As avr-as-notes.md describes, the image is .text followed
// by the initial bytes of .data (linked in SRAM, stored in flash), each
// padded to an even size with 0x00 by the linker; those pad bytes are
// present in the HEX file. Sources that fail get their messages in
// GNUResult.Err; the others are unaffected.
//
// The EEPROM contents of a GNU program (.eeprom sections) are not in
// GNUResult: asm's EEPROM test runs avr-objcopy -O ihex -j .eeprom
// --change-section-lma .eeprom=0 itself and commits its answer.
//
// # avra
//
// Avra assembles each Source in the AVRASM2 dialect, as a user builds a
// .asm file:
//
//	avra [-D NAME[=VALUE]...] -o out.hex -e out.eep -d out.obj NAME
//
// in one sh process for the batch, as GNUAssemble does. The device is the
// one the source's .device line (or its .include'd definition file) names;
// avra searches its own folder (/usr/share/avra on Debian) for Atmel's
// definition files. Both HEX files are decoded into AvraResult: Flash and
// Present for the code segment, EEPROM and EEPresent for the EEPROM
// segment (nil without one). avra writes only the bytes a source put in a
// segment, so .org gaps are not Present. Where avra 1.4.2 departs from
// Microchip's AVR Assembler user guide, asm/atmel's tests follow the guide
// and commit avra's differing answer (asm/atmel/testdata/avra-differs.json).
// Tests that need it start with NeedAvra(t).
//
// # simavr
//
// Simavr feeds a batch of SimJobs to one process of a small C program,
// testdata/simavr_runner.c, linked with libsimavr (Debian libsimavr-dev,
// simavr 1.6). The runner is compiled with cc on first use and cached under
// os.UserCacheDir()/avrlab-oracle, named by a hash of its source. For each
// job it makes a fresh avr_t (avr_make_mcu_by_name, avr_init), copies the
// image to flash address 0 (the rest of flash stays 0xFF), and calls
// avr_run, which executes exactly one instruction per call, until it stops.
// Then it reports state, cycles, PC, SP, SREG, r0..r31, I/O space and SRAM.
//
// Conventions measured with simavr 1.6 (and checked by this package's
// tests against the cycle counts of the AVR Instruction Set Manual):
//
//   - Reset state: registers, I/O space and SRAM zero (except I/O registers
//     whose reset value simavr's peripherals set), SREG 0, PC 0, cycle
//     counter 0, and SP = RAMEND on every device. (A real ATmega128 resets
//     SP to 0; simavr does not model that.) Nothing copies .data to SRAM:
//     there is no start-up code.
//   - Cycles counts every cycle of every executed instruction, with the
//     manual's AVRe/AVRe+ timings (e.g. LDI 1, RJMP 2, JMP 3, RCALL 3,
//     CALL 4, RET 4, PUSH 2, LD/ST 2, LPM 3, taken branch 2; 22-bit-PC
//     devices such as the ATmega2560: RCALL/ICALL/EICALL 4, CALL 5, RET 5).
//   - SLEEP takes 1 cycle and is counted; PC then points past it. With the
//     I flag clear simavr ends the run itself (cpu_Done): StateDone. With I
//     set the state is StateSleep; simavr would add (1 + time to the next
//     timer event) to the counter while asleep, but the runner reads the
//     counter before that, so Cycles is the same in both cases.
//   - BREAK without a gdb connection is a 1-cycle no-op in simavr. The
//     runner looks at the opcode before each step and, after a BREAK has
//     executed, stops with StateBreak: Cycles includes the BREAK's cycle,
//     PC points past it. So for a program that ends in SLEEP or BREAK,
//     Cycles = sum of the manual's cycles of all executed instructions,
//     the final SLEEP/BREAK counted as 1.
//   - PC: simavr keeps a byte address; SimState.PC is that divided by 2,
//     the word address.
//   - SREG: simavr keeps the flags unpacked in avr->sreg[8] and does not
//     always write them back to data space 0x5F (after SEI the I/O copy
//     still reads 0), so SimState.SREG is packed from the flag array.
//   - MaxCycles is checked before each instruction: a job stops with
//     StateLimit at the first instruction boundary where Cycles >=
//     MaxCycles, so Cycles may exceed the limit by up to one instruction
//     minus one cycle.
//   - Crashes (access outside data space, a stack past RAMEND, PC past the
//     end of flash) end the job with StateCrashed and simavr's message in
//     SimState.Log; popping from an empty stack (SP = RAMEND) is such a
//     crash. Other jobs in the batch are unaffected. Should the runner
//     process die outright, that job gets StateError and a new runner
//     takes the remaining jobs.
//
// # Tests and cost
//
// Tests that need these tools start with NeedGNU(t), NeedAvra(t) or NeedSimavr(t): they
// skip with an install hint when a tool is missing, and fail instead when
// the environment variable CI is set.
//
// Measured on the 2-core development machine: avr-gcc + avr-objcopy cost
// 50 to 150 ms of wall time per source even in a batch, depending on load (four processes per
// source), so put many test cases into one source where possible. Simavr
// runs 200 small jobs in about 0.2 s and about 240 million AVR cycles per
// second.
package oracle
