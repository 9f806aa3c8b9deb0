// Package atmel is avrlab's front end for the Atmel AVRASM2 dialect (Atmel Studio's assembler, .asm and
// .inc files), beside the GNU avr-as dialect of package asm. It reads the syntax only: what it makes of a
// source is an [obj.Object], the type the GNU front end makes, linked into an asm.Image by asm.Link, so
// expressions (obj.Evaluator), symbols, layout, encoding and diagnostics are shared. It sits where the GNU
// front end does: source → asm/atmel → obj.Object → asm.Link → image → emu.
//
// Simple use (the part comes from the source's .device, or from Config.Device):
//
//	o := atmel.Parse("main.asm", src, atmel.Config{FS: asm.FromFS(os.DirFS(dir))})
//	im, err := asm.Link(o.Device, []*obj.Object{o}, 0) // im.EEPROM: the .eseg bytes
//
// asm.Assemble, asm.Compile and asm.AssembleFiles do this for a source in this dialect (see
// asm.Config.Dialect), so callers of package asm need not call Parse.
//
// [Detect] tells the dialect of a file: its "; avrlab dialect: atmel|gnu" line, else its extension (.asm
// and .inc are AVRASM2). [AtmelHint] and [GNUHint] are the messages for a line of the other dialect.
//
// # Passes
//
//  1. Preparation: ';' comments are blanked (so that the C preprocessor neither reads an apostrophe in
//     "; don't" nor keeps a comment in a #define) and each .include line becomes #include, so that
//     included files share the preprocessor's macros, as AVRASM2 has it (the device definition files
//     guard themselves with #ifndef). Each included file ends with a marker line, for .exit. (The
//     preprocessor reads $hex in #if itself: cpp.Config.DollarHex.)
//  2. The C preprocessor of package asm/cpp: #define (with parameters too), #undef, #if, #ifdef, #ifndef,
//     #elif, #else, #endif, #include, #error, #warning, #pragma, /* */ and // comments, with the -D
//     options and the predefined __AVRASM_VERSION__, __PART_NAME__ and __ATmega128__ (for the part).
//     Device definition files the file system lacks ("m128def.inc", "tn45def.inc", in any case) come
//     from package isa/devreg's tables: Atmel's own files, name for name, where avra ships one. A
//     missing one of a part avrlab does not model ("m161def.inc") is named as such, and a missing file
//     whose name differs only in case from one beside it says so.
//  3. Statements, one per line: labels, directives, instructions, macro calls. Instruction forms are
//     chosen from the isa table by operand shapes and the device; operand expressions are kept for the
//     linker. Code labels are word addresses in expressions (the object keeps byte addresses: each
//     reference to a code label is divided by 2, and jump and branch operands multiplied by 2 for the
//     shared encoder); data and EEPROM labels count bytes. The code segment is the object's only flash
//     section, the data segment its only SRAM one and the EEPROM segment its only EEPROM one, so the
//     linker puts them at flash 0, at the part's SRAM start and at EEPROM 0: addresses are known while
//     reading, as AVRASM2 has them, and .if, .org and .byte can use labels defined above them. For the
//     same reason an AVRASM2 program is one source file (with what it includes): asm links it alone.
//
// The dialect follows Microchip's AVR Assembler user guide: the directives .byte .cseg .csegsize .db
// .dd .def .device .dq .dseg .dw .elif .else .endif .endm .endmacro .equ .error .eseg .exit .if .ifdef
// .ifndef .include .list .listmac .macro .message .nolist .org .overlap .nooverlap .set .undef .warning;
// the functions LOW HIGH BYTE2 BYTE3 BYTE4 LWRD HWRD PAGE EXP2 LOG2 ABS DEFINED STRLEN; C's operators
// and precedence on 64-bit values, comparisons giving 1 or 0 and >> shifting arithmetically; numbers in
// decimal, $hex, 0xhex, 0b binary and octal with a leading 0; character constants with C escapes; literal
// strings, joined when adjacent; PC, the code location counter in words; names, mnemonics, registers and
// directives in any case; register pairs (r25:r24, XH:XL) in movw, adiw and sbiw, and X, Y, Z for their
// pairs in adiw and sbiw; a .def name used before its .def (the name's last .def, as the second pass
// has it); macros with @0..@9 whose labels are local to each expansion. .message and #message are
// info diagnostics, .warning and #warning warnings (obj.SeverityInfo, obj.SeverityWarning), with their
// positions. A .equ or .set of a name the file never defines is an error at its line.
//
// # Differences from AVRASM2
//
//   - Not read: floating-point constants and INT, FRAC, Q7, Q15; avra's extensions (.define, [a:b]
//     macro arguments, %DAY% tags).
//   - Refused where AVRASM2 may accept: code placed over code (.org going back; .overlap is read but
//     changes nothing), more than 10 macro arguments, a .device after code or naming another part than
//     Config.Device, .include after a label on its line.
//   - .include is read by the preprocessor, so a missing file is an error even inside a .if group that
//     is not assembled, and a #define in such a file takes effect.
//
// Its tests compare it with Debian's avra 1.4.2 (internal/oracle.Avra) on generated programs covering
// every instruction form at its operand boundaries and on hand-written programs using each directive and
// function; where avra departs from the guide, the tests follow the guide (testdata/avra-differs.json).
//
// # Limits
//
// The limits of package asm, with the same messages where they apply: source files of at most 1 MiB each
// and 4 MiB in all (Config.MaxFileBytes, MaxTotalBytes), 100 levels of macro calls and includes, 256
// levels of nesting in an expression and of open .if, 1,000,000 statements after expansion, 32 MiB of
// text made by macro arguments, an effort budget of 16,000,000 steps shared with the linker, each segment
// within its memory (flash, SRAM from its start, EEPROM), and Config.MaxErrors errors (10; one per line).
//
// Parse is safe for concurrent use; the object it returns belongs to one link.
package atmel
