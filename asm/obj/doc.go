// Package obj is avrlab's object layer: what an assembler front end makes of one source file, and
// what asm.Link turns into an image. It sits between the syntax and the image: source → front end
// (the GNU avr-as dialect in package asm, the AVRASM2 dialect, an ELF reader) → [Object] →
// asm.Link → asm.Image. It knows no syntax; it imports only [isa] (instruction forms) and go/token.
//
// # Producing an object
//
// A front end reads its dialect and fills an [Object]:
//
//   - Sections. Start each one with [NewSection] (the name decides where avr-gcc's default linker
//     script puts it: [Classify]; [SecEEPROM] sections go to the EEPROM, from address 0 in link
//     order) and append [Item]s at increasing offsets without gaps, growing
//     [Section.Size]: an instruction ([ItemInst]: an [isa.Form] chosen for the device, one [Operand]
//     per operand of the form), values ([ItemData]: Width bytes each, little-endian, from
//     expressions) or known bytes ([ItemFill]: strings, .space, .fill; alignment padding and .org
//     gaps are fills with Emitted false). Raise [Section.Align] to the largest alignment asked for.
//     The front end checks what only it can know (a section's size against the memory, data in
//     .bss, operand shapes and the form's availability on the device); the linker checks values.
//   - Expressions. Build [Expr] trees with [Num], [Ref], [Dot], [Unary], [Binary] and [Call]; bind
//     each name to the [Symbol] that is its definition where it is used (a later redefinition is a
//     new Symbol). The expressions left in items are the object's relocations: the linker evaluates
//     them with the final addresses. Addresses are byte addresses: a dialect whose code labels are
//     word addresses (AVRASM2) multiplies by 2 where it hands an address to an instruction (jumps,
//     branches) and divides where the source means words.
//   - Evaluation during the front end's own pass (.if, .equ, .org) goes through an [Evaluator]
//     with final false: a label is then a section offset ([Value] with Sec set), and what needs
//     the layout or an undefined symbol fails with [EvalError.NotConst] or [EvalError.Undefined].
//     [Symbol.Assign] records an assigned symbol from such a result, deferring it when it fails for
//     one of those reasons. Set [Evaluator.MaxEffort] and count the front end's own work in
//     [Evaluator.Effort], then copy it to [Object.Effort] so that the linker continues the count.
//   - Symbols. List each name once, with its last definition, in [Object.Symbols] sorted by name;
//     mark .global ones [Symbol.Global] (also when they are undefined here: the linker resolves
//     them to the definition in another object). Data-space labels take [Object.DataBase] in
//     expressions (GNU 0x800000, AVRASM2 0), EEPROM labels [Object.EEPROMBase] (GNU 0x810000,
//     AVRASM2 0).
//   - Dialect. Set [Object.Dialect] ([DialectGNU], [DialectAtmel]): the linker's messages use the
//     dialect's names (.byte or .db), the EEPROM HEX follows the dialect's tool, and an AVRASM2
//     object, whose addresses are fixed as it is read, is linked only on its own.
//   - Positions. Every item and node carries a [Source] (the statement it came from) and byte
//     offsets in it, so that the line map ([Item.Src], [Item.At]) and every message of the linker
//     point where the user typed the text. [At] makes an [Error] from a Source span.
//   - Diagnostics. Put the front end's errors and warnings in [Object.Errors] ([Error] and
//     [ErrorList], one type for the preprocessor, the front ends and the linker); set
//     [Object.Incomplete] when the front end stopped early.
//
// An object is consumed by one link: the linker writes the sections' addresses into them
// ([Section.Addr], [Section.Load]) and symbols remember their values. Nothing here is safe for
// concurrent use; the image the linker builds is.
package obj
