// Package asm is avrlab's assembler: the GNU avr-as dialect as avr-gcc uses it on .S files, and (through
// package asm/atmel) the Atmel AVRASM2 dialect of .asm files. It sits between the source and everything
// that runs code: source → asm → [Image] → emu → lab.
//
// Simple use:
//
//	im, err := asm.AssembleFile("main.S", asm.Config{Device: "atmega128", FS: asm.FromFS(os.DirFS(dir))})
//	if err != nil { // an ErrorList: "file:line:col: message", one per line, in source order
//		...
//	}
//	fmt.Printf("% x\n", im.Flash)
//
// The returned [Image] is immutable and safe to share between goroutines (many emulator runs of one
// program); [Assemble] itself is safe for concurrent use.
//
// A program of several files is assembled file by file and linked as avr-gcc -nostartfiles
// -nostdlib a.S b.S links it:
//
//	im, err := asm.AssembleFiles([]string{"main.S", "round.S", "tables.S"}, cfg)
//
// Underneath, [Compile] runs the front end of the file's dialect on one file and returns its
// [obj.Object] (sections of items whose expressions are the relocations, symbols, diagnostics), and
// [Link] builds the image of one or more objects.
//
// # Dialects
//
// Each file is read in its own dialect unless [Config.Dialect] names one ([DialectOf]): the one its
// "; avrlab dialect: atmel" (or gnu) line names, else the one its extension implies: .asm and .inc are
// AVRASM2 (package asm/atmel), everything else, .S and .s included, GNU (this package). Both front ends
// make the same objects, linked by the same linker, so expressions, symbols, layout, encoding, the
// image and the diagnostics are shared. An AVRASM2 source is a program of its own (AVRASM2 has no
// linker: its addresses are fixed while it is read), so it is linked alone; with [Config.Device] empty
// it is assembled for the part its .device line names. A GNU source that holds AVRASM2 text says so
// where it starts: `".def" is an AVRASM2 directive: name the file .asm or add "; avrlab dialect:
// atmel"`, and the same for LOW() and the other AVRASM2 functions, $1F where an operand goes
// (elsewhere '$' still separates statements, as in avr-as), .equ X = 16 and .include "m128def.inc".
//
// # Passes
//
//  1. Preprocess: the source goes through the C preprocessor (package asm/cpp), as with avr-gcc
//     -x assembler-with-cpp. avrlab supplies the predefined device macros (__AVR_ATmega128__,
//     __AVR_ARCH__, __AVR_HAVE_MUL__, …) and virtual headers: <avr/sfr_defs.h> and <avr/common.h>
//     (_SFR_IO8 … _SFR_MEM32, _SFR_IO_ADDR, _BV, __SFR_OFFSET: 0x20 on classic parts, 0 on
//     AVRxm/AVRxt, SP, SREG_C…SREG_I) and <avr/io.h> with every name avr-libc's header defines for
//     the device, from the tables of isa/devreg: registers, bit numbers (PB3, PINB0), bit masks,
//     memory constants (RAMEND, XRAMEND, FLASHEND, E2END, SPM_PAGESIZE …) and XL…ZH. -I folders
//     ([Config.Include]) are searched after the including file's folder.
//  2. Pass 1 reads statement by statement (';' comments, '#' comment lines, '$' separators), expands
//     .macro/.rept/.irp/.irpc, follows .if/.else/.endif and .include, defines labels and assigned
//     symbols, chooses each instruction's form from the [isa] table by operand shapes and the device
//     (so sizes are known) and lays out every section. Expressions are kept with their symbols bound:
//     a symbol redefined by .set keeps, in earlier expressions, the value it had there.
//  3. Link: sections are placed as avr-gcc's default linker script does: .vectors, .progmem.gcc*,
//     .progmem*, .jumptables, .lowtext, .init0-9, .text, .text.*, .fini9-0 in flash from 0 (each part
//     aligned, ALIGN(2) where the script has it); .data (.data, .data.*, .rodata*) in SRAM from the
//     device's SRAMStart with its initial bytes in flash right after .text, padded even; .bss
//     (.bss, .lcomm, .bss.*, .comm) after .data; the .eeprom* sections in the EEPROM from address 0
//     ([Image.EEPROM], written by [Image.WriteEEPROMHex] as avr-objcopy -j .eeprom writes it). As in
//     avr-as, every section is padded to its largest alignment, and data-space symbols carry
//     avr-gcc's 0x800000 offset in expressions (hh8 of a .data label is 0x80), EEPROM symbols its
//     0x810000.
//  4. Pass 2 evaluates every expression with the final addresses, checks operand ranges, register
//     classes and branch reach (BRxx -64..+63 words, RJMP/RCALL -2048..+2047 words, no wrap-around)
//     and encodes with [isa.Form.Encode]. Padding, alignment and .org gaps are marked in
//     [Image.Emitted].
//
// The dialect follows avr-as 2.26 (checked byte for byte against avr-gcc 5.4 by the tests, see
// testdata/gnu): GNU as operator precedence (* / % << >> above | & ^ ! above + - above comparisons,
// which give -1 or 0, above && above ||), 64-bit values with a logical >>, lo8 hi8 hh8 hlo8 hhi8 pm
// pm_lo8 pm_hi8 pm_hh8 gs (lower case only), numeric local labels (1: 1b 1f), "." as the address
// after the instruction in an instruction operand (rjmp . falls through, rjmp .-2 loops) and as the
// current location elsewhere, register names r0–r31 and XL XH YL YH ZL ZH in any case (XL..ZH only where a
// register goes; in an expression they are symbols, as in avr-as), X/Y/Z with + and -, Y+q and Z+q,
// registers given as numbers or symbols (mov 3, r1), macros that override mnemonics and are found in
// any case, and the directives .section .text .data .pushsection .popsection .previous .org .byte
// .word .hword .short .2byte .long .int .4byte .quad .8byte .ascii .asciz .string .space .skip .zero
// .fill .align .p2align .balign .equ .set .equiv .eqv = == .global .globl .weak .local .extern .type .size
// .func .endfunc .file .ident .macro .endm .exitm .purgem .rept .irp .irpc .endr .if .ifdef .ifndef
// .ifnotdef .ifeq .ifne .ifgt .ifge .iflt .ifle .ifb .ifnb .ifc .ifnc .ifeqs .ifnes .elseif .else
// .endif .include .error .err .warning .print .end .lcomm .comm .list .nolist .psize .title .sbttl
// .eject .struct, and ". = expr" (as .org). An .eqv or "==" symbol is read again at each use, with
// the symbols as they are then; a register given by an expression must have its value where it is
// used (avr-as: "constant value required": not a label, not a symbol defined further down or in
// another file).
//
// # Differences from avr-as
//
// Where avr-as only warns, is silent, or leaves the problem to the linker, avrlab refuses with an
// error on the offending line:
//   - operand values out of range: ldi/subi/cpi/andi/ori/sbci/cbr/sbr take -255..255 (low 8 bits
//     used, as avr-as does silently) but not -256 or 256; in/out/sbi/cbi addresses, bit numbers,
//     displacements and adiw/sbiw constants must be in range (avr-as takes in r16, -1 as 0x3f);
//     lds/sts addresses must be 0..0xffff (or a data-space symbol); .byte takes -128..255, .word
//     -32768..65535 (or a data-space address), .long 32 bits;
//   - undefined symbols, branch targets out of reach and odd branch or jump targets (the linker's
//     job with avr-gcc) are reported on the instruction's line, with the distance;
//   - division by zero, shift counts outside 0..63, missing expressions (".byte 1,,2"), unterminated
//     strings, .endm/.endr without an opening directive, .fill sizes above 8, and a label that
//     reuses a name given by "=" or .equ;
//   - ldi r16, pm(label) (use pm_lo8(label) or lo8(pm(label))), a bare .bss directive (use
//     .section .bss), r25:r24 pairs, subsections (.text 1) and sections the default script does not
//     place or avrlab does not model (.noinit, .fuse, .lock, .signature, custom names) are refused as
//     in avr-as or with a clearer message; data or instructions in .bss, and instructions in .eeprom,
//     are refused.
//
// avrlab is more permissive than avr-as in a few places: lo8() and friends may appear inside larger
// expressions (lo8(x)+1), expressions on addresses are evaluated after layout (label/2), and an
// .include'd file may start with a UTF-8 byte-order mark (avr-gcc's preprocessor drops it from the
// main file and #include'd files, but avr-as rejects it in an .include'd one). .include looks for
// the file next to the including file first, then next to the main file (where avr-as looks), then
// in the -I folders (avr-gcc gives -I to the preprocessor only). One rule confines every include
// ([IncludePath]): absolute paths, backslashes and paths leaving the file system root are refused.
// Included files are read only through [Config.FS].
//
// Diagnostics come in source order, as avr-as prints them: an included file's at the line that
// includes it, among the includer's own (not sorted by file name).
//
// Not modelled: the jmp stubs avr-ld adds on devices with EIND (atmega2560, atxmega128a1) for each
// pm()/gs() target; avrlab resolves gs(x) to x/2 (right for targets below 128 KiB) and refuses
// targets above, so with pm()/gs() on those devices code addresses differ from avr-gcc's by the
// stubs' size. Linker relaxation and --pmem-wrap-around are not done either.
//
// Symbols are resolved as avr-ld resolves them in ELF objects: a definition overrides a .weak one
// (in every file, the weak one's own included), the first of two weak definitions is kept, and a weak
// symbol no file defines is 0. The .comm symbols of one name are one block of the largest size and
// alignment (avr-as's default alignment: the size rounded up to a power of 2, at most 16), unless a
// file defines the name, which overrides them; the blocks go after every file's .bss, in each file's
// COMMON in the order of avr-ld's symbol table (BFD's hash of the name modulo 4051). Beyond 3,038
// global symbols avr-ld's table grows and its order changes; avrlab keeps the first order.
//
// # Limits
//
// Hostile or runaway input (a student's submission graded with many others) ends with a positioned
// error, not with a crash, a hang or exhausted memory; user input never panics. With the defaults an
// assembly stops within a second or two and a few hundred MB at the very worst. The limits, with
// their messages:
//
//   - Source files. Only regular files are read, and a file's type is checked with fs.Stat before it
//     is opened, so a named pipe is never opened (that would wait for a writer; give an FS that
//     implements [fs.StatFS], as os.DirFS and os.Root.FS do): `"x.inc" is not a regular file (named
//     pipe)` (also device, socket, folder). Each file, the src given to [Assemble] included, has at
//     most [Config.MaxFileBytes] (1 MiB by default) and is read through a limit, never whole:
//     `"big.inc" is 1258291200 bytes; the limit is 1048576 bytes per file`. All files of one assembly
//     have at most [Config.MaxTotalBytes] (4 MiB) together: `"c.inc" would bring the source read to
//     4194400 bytes; the limit is 4194304 bytes in all`. A #include'd file gives the reason after
//     `#include "x.h": `. [ReadSource] does the same checks for callers that read the main file
//     themselves.
//   - Nesting. 100 levels of macro calls, .rept/.irp/.irpc bodies and .include files: `nesting too
//     deep (more than 100 levels of macros, repetitions and includes)`, `.include nested too deeply
//     (more than 100 levels)`. 256 levels of parentheses, functions and unary operators in one
//     expression: `expression nested deeper than 256 levels`, found by the lexer (and the
//     preprocessor) at the 257th level of parentheses or unary operators in a row, before the rest
//     of the line is read, so a million of them cost what 257 do. 256 open .if (of any kind): `.if nested
//     deeper than 256 levels`. A symbol defined from a symbol defined from ... is evaluated without
//     recursion, whatever the length of the chain.
//   - Work. 1,000,000 statements after expansion: `more than 1000000 statements after macro and .rept
//     expansion` (and `.rept count 10000000 is more than the limit of 1000000 statements`); 32 MiB of
//     text made by macro argument substitution: `macro expansion produces more than 32 MiB of text`;
//     and an effort budget of 16,000,000 steps, where a step is a token of a statement read (after
//     expansion, also in skipped .if groups and recorded bodies), 8 bytes of its text, a macro
//     parameter set or an expression node evaluated, and a statement copied for a macro or .irp
//     expansion counts 4 steps: `assembly effort limit reached (.rept at 3:1 expands to more than 16000000 steps
//     of work)`, naming the outermost macro call (`macro "m" called at 7:2`), .rept, .irp or .irpc
//     being expanded, at the statement where the budget ran out. The programs of the tests and
//     examples use under 2,000 steps; 130,000 instructions filling the 256 KiB flash of an
//     atmega2560 about 900,000.
//   - Sizes, checked without overflow. Every section holds at most the device's flash (SRAM for .data
//     and .bss, EEPROM for .eeprom; the EEPROM sections together too): `section .text grows to 131074 bytes, beyond the 131072 bytes of flash of atmega128`
//     (for .space, .skip, .zero, .org, alignment, .lcomm, .comm and code); `.fill of
//     2305843009213693952 × 8 bytes does not fit in the 131072 bytes of flash of atmega128`; alignment
//     at most 1 MiB; the program as a whole: `program needs 3145728000 bytes of flash, more than the
//     131072 of atmega128` (the partial image then stops at the end of the flash).
//   - Preprocessor (package asm/cpp): #if expressions nested 256 levels, #if nested 256 levels in a
//     file, macro expansions and macro calls in macro arguments nested 256 levels, 2M tokens of macro
//     expansion work, 8 MiB read counting every #include again, 64 MiB and 1M lines of output.
//   - Errors: [Config.MaxErrors] (10 by default) per file, counting one error per line: a main file
//     reaching it stops the assembly; an included file's further errors are dropped after `too many
//     errors in "x.inc"; its other errors are not reported`, so that the includer's own errors are
//     still reported; all files together stop at ten times the limit. [AssembleFiles] links at most
//     [MaxFiles] files.
package asm
