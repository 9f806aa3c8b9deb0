// Package translate runs AVR programs as WebAssembly: it turns the lowered program of an
// [emu.Machine] ([emu.Program], the same [emu.Op]s the interpreter reads) into a WebAssembly module
// and runs it on the machine's own state memory, natively with wazero's compiler ([NewWazero]) and,
// in the page, with the browser's WebAssembly API. It sits beside package emu, which stays the
// reference: every instruction translated code does not run itself goes back to the interpreter,
// and every run with trace, profile or breakpoints on, and every Step, is interpreted.
//
// Simple use:
//
//	eng := translate.NewNative() // safe for concurrent use; share it between machines
//	m := emu.New(dev, image.Flash, emu.Config{Engine: eng})
//	stop := m.Run(limit) // the same stop and state as without Engine
//
// Translation is transparent: registers, SREG, SP, SRAM, the cycle counter, the stop reason, a
// fault's PC and kind, the stack low-water mark, the output and, with Config.Access, the access
// record are what the interpreter gives. The tests check that on emu's 750 generated simavr programs
// (TestTranslateDiffCorpus), on lab's examples (the whole bench report), and on random images on
// every device (FuzzTranslate).
//
// # How
//
// A region is what one module holds: every instruction reachable from its roots (the PC of the first
// Run, then targets found at run time) through fall-through, branches, skips, jumps and calls, cut in
// blocks of straight-line code. The module has one function, "run" (state memory address, PC, mode) ->
// exit code, whose body is the region's blocks in address order nested in WebAssembly blocks, so that
// a forward branch is a plain br; a block that branches back to its own start is a loop, and so is a
// range of blocks entered only at its first that branches back to it; other backward branches and
// computed jumps (RET, IJMP, ICALL) set the PC and go through one br_table over the entries. r0..r31, the eight flags, SP, the cycle counter and the stack low-water mark are
// locals, loaded at entry and stored at exit. In a region that logs the trace hash's steps, loops
// that are the same code at different addresses are one more function of the module, a loop
// function, which "run" calls at each copy's head with the state in the state memory (see
// loopFn in share.go).
//
// Translated code leaves ("side exit") before any instruction it does not run: SLEEP, BREAK, SPM,
// DES, an access outside SRAM (registers mapped at 0x00..0x1F, I/O with side effects, faults), a
// push or call out of the stack, the RET that pops the return sentinel, an illegal word. The machine
// interprets that one instruction and calls back; the next instruction is an entry. The cycle limit
// is checked in the dispatch (every way in, every computed jump and every backward branch other than
// a loop's own) and at each loop's back edge, against the most cycles the code can run before the
// next check, so translated code never starts an instruction at or past the limit; when the check
// fails the interpreter runs the last stretch. SPM or WriteFlash into translated code (a word whose
// lowered op changed) makes the next Run retranslate.
//
// # Why
//
// The choices were measured with BenchmarkRun (the register-only ARX loop) and BenchmarkLoadStore
// (its load/store mix over SRAM) in package emu, on the shared 2-core development machine, wazero
// v1.12.0's compiler; interpreter and simavr in the same run (cpu-MHz, -count 3).
//   - Registers and flags as WebAssembly locals, written back only at exits, not kept in linear
//     memory: the compiler keeps them in machine registers. ARX loop 5.5-5.6 GHz against 820-835 MHz
//     interpreted and simavr's 124-125 MHz (45x); the load/store mix 2.5 GHz against 900 MHz and
//     simavr's 151-156 MHz (16x).
//   - Flags only where read: each instruction computes the flags a later one reads (a backward
//     analysis over the region). The flags only an exit could need (a guard before they are set
//     again) stay pending: the instruction's operands are kept in locals and the exit path computes
//     them (QEMU's cc_op idea, kept to exits): load/store mix 2.10 to 2.21 GHz, 1.70 to 1.86 with
//     the access record. Checking the limit at loop back edges rather than at loop heads, which made
//     every flag live around each loop, took the ARX loop from 4.5 to 5.4 GHz. The guards of loads
//     and stores (every access is checked to be in SRAM) are why the mix runs at half the ARX loop.
//   - X, Y and Z as 16-bit locals within a block: a run of LD X+ or ST Y+ updates one local, the
//     register bytes written only where something else reads them, at an exit or at the block's
//     end: load/store mix 2.20 to 2.64 GHz, 1.88 to 2.19 with the access record.
//   - One range check per run of accesses through a pointer (planGuards) at one address local, each
//     access a load or store at a constant offset (and a load of the run's top byte, which tells
//     wazero's compiler the run is in bounds: it checks every access against the memory's size
//     otherwise); a self loop keeps its pointers as 16-bit locals across the back edge and checks
//     its first access's range before the loop and at the back edge, so the flags only exits need
//     stay pending for the whole pass (carryPtrs): load/store mix 1.87 to 2.10 GHz, then to 3.0
//     (medians, a loaded machine). Keeping r0..r31 in the register file between blocks instead of
//     in locals (wazero's register allocator copies the loop's values between stack slots at a
//     back edge) was slower on both loops: 2.07 to 1.59 GHz on the mix, 3.4 to 2.8 on the ARX loop.
//   - A machine that gets hot steps to the next backward jump before translating: translated from
//     wherever the hot threshold was crossed, that PC was an entry inside the loop, which then went
//     through the dispatch (1.37 against 2.87 GHz on the ATmega2560 build of the mix).
//   - Exactness by leaving: translated code never faults, never stops the machine and never
//     models an I/O register with side effects; the interpreter does all of that, so the two cannot
//     disagree on the rare paths. Side exits are rare in crypto code; the cost is on programs that
//     use registers as memory (SIMON's register swap: about 30 side exits per call, and the rest of
//     each block stepped by the interpreter). Making every instruction after a load or store an
//     entry instead cut the load/store mix to 830 MHz (the loop in ten blocks): reverted.
//   - The access record (lab's measured flash and RAM) is kept by translated code itself: each
//     block marks its words once per access epoch (a global per block), loads and stores set their
//     data bytes, LPM its flash byte; a side exit marks the words of its block that ran. With it the
//     load/store mix runs at 2.1-2.2 GHz against 295-322 MHz interpreted with the record (7x).
//   - Calls and returns go through the dispatch (a return is a computed jump; a call target before
//     the caller is a backward jump): a loop calling a 12-instruction routine twice per pass runs at
//     about 1.3 GHz, a quarter of the same code inline. Duplicating small routines per call site
//     would avoid it; not done.
//   - Loops as WebAssembly loops, not through the dispatch: the prototype measured +47% for a block
//     looping on itself; a loop of several blocks (the ARX loop with a skip inside) ran at 2.6 GHz
//     through the dispatch and 4.3 GHz as one loop. A loop with a call inside keeps the dispatch
//     (the return point is an entry, which a label inside a loop cannot be).
//   - One module per region, not per block: jumps between blocks stay inside WebAssembly, and the
//     locals stay in registers across calls and returns (a call is a jump, a return a br_table).
//   - A hot threshold: wazero compiles about 11-19 ms per KB of AVR code (TestTranslateDiffCorpus
//     logs it; the WebAssembly is about 16 bytes per AVR byte), as long as interpreting a few million
//     cycles. NewNative translates after max(MinHot = 1M, HotPerByte = 4K x code bytes) interpreted
//     cycles (the region is discovered first: that is cheap); NewBrowserEngine after half of that
//     (BrowserHot = 512K, 2K x code bytes): V8 translates at about 3.5 ms per KB; and a machine's
//     current run alone (its cycle counter: since its reset, or since a harness call's start) after
//     BrowserRunHot = 64K cycles, or 512 per code byte: a long run from reset is translated after
//     64K cycles, where the total's 512K kept bench.html's loop interpreting for 5-15 ms, while a
//     harness's calls (CHAM-64's 1,611 cycles each) are short runs and wait for the total.
//     A machine told how many cycles are to come (emu's Machine.Expect: bench's harness after its
//     first call, the calls left times that call's cycles) counts them as run: a long kernel is
//     translated from its second call. A bench of CHAM-64 (165 calls of 1611 cycles) never
//     reaches it; the NTT example (1.9 KB of code, 165 calls of 67,638 cycles) is translated after
//     its first call and runs 1.4-1.6x the interpreter's speed end to end (wazero's compiling, about
//     20 ms, is half of its translated bench; 1.1-1.2x with the exits below), a 1024-bit
//     multiplication (80 B, 165 calls of 264,988 cycles) 4.8-5.3x (lab's BenchmarkBenchKernels,
//     CPU time, load average 3). A machine that got hot steps to the next backward jump (see
//     below), unless it is where its first Run started (the harness's call entry), which is also an
//     entry, and a machine of a program another machine of the engine got hot on translates at once.
//   - Few side exits and ifs: wazero's compile time grows with the exits (each a branch to the
//     epilogue carrying every local) and ifs more than with bytes. LPM has no check where flash is
//     64 KB or more, a run of PUSHes or POPs one at its first, a block's first runs through X, Y
//     and Z one exit at the block's start (hoistGuards), a side exit's trace hash steps are the
//     runner's (tracePartial), and blocks other than self loops mark the access record with plain
//     stores, not under an if once per epoch: the NTT's module from 95 exits to 12, its
//     compile from 36.4 to 21.1 ms of CPU. NewBackground compiles on another goroutine while
//     the machine interprets: about as fast by wall time on the shared 2-core machine, slower by CPU.
//   - The trace hash's steps logged: each stretch of instructions stores a 16-bit index of its
//     list of addresses in a log after the machine's state memory (a machine without the hash
//     stores to one slot: no if on the mode), and the runner steps the hash over the log after
//     the call (traceLog; a traced machine's calls last 64K cycles at most, so the 128K-entry log
//     cannot fill). The NTT's module from 39.6 to 33.6 KB, wazero compiling it 0.74x (medians of
//     20 compiles of each, interleaved, load average 23). Until session 10 a region of 256 bytes
//     of code or less kept the steps inline, a multiply per address alongside the code (a
//     1024-bit multiplication's bench, its module cached, spent 26% of its CPU in the runner's
//     hashing with a log, before the call memo below).
//     The runner keeps a trace memo (stepSegment): for a logged segment of 8 addresses or more,
//     the hash it ended at from the hash it started at. The constant-time check's calls start
//     from the reset's hash and, on constant-time code, log the same segments in the same order,
//     so from the second call each is one lookup: the NTT example's bench steps 140K addresses
//     itself rather than 3.2M, its hashing from 8.6% to 1.7% of the bench's CPU.
//     And a call memo (stepLog): for a call's whole log, the hash it ended at from the hash it
//     started at and the log's bytes. The hash after a call is a function of those two alone,
//     so a call whose log and starting hash equal a kept call's ends where that one ended, exactly;
//     a constant-time routine's calls (each from the reset's hash and cycle 0) log the same
//     entries, so from a machine's second call on a log is one comparison.
//   - Flags and masks: SBC, SBCI and CPC read Z only where their own Z is live (the SUB before
//     them then computes no Z), an unsigned MUL's product and 16-bit register pairs are written
//     without masks they cannot need: the NTT's module from 33.6 to 30.9 KB, and no change in
//     wazero's compile time that 40 interleaved compiles could show (0.96-1.00x, load 14-18):
//     bytes are not what it grows with.
//   - Identical loops as one loop function (region.outline): a multi-block loop or self loop
//     without calls, returns or computed jumps that is the same code as another of the region
//     (the same lowered ops, its branch targets counted from its head) is written once, on the
//     lowest copy's addresses; "run" writes its state back, calls it at each copy's head with the
//     copy's head as PC (the function adds the distance to every address it leaves or records:
//     its exit PC, its access marks, its trace log's segments, each copy having its own) and loads
//     again what the function may have written; the loop around each copy becomes a WebAssembly
//     loop (the copy is one block now). The NTT example's six copies of its 91-instruction group
//     loop (stages 2..7): its module 30.8 to 22.4 KB, wazero compiling it 0.77-0.87x (0.56-0.70x
//     with the garbage collector off; BenchmarkCompileNTT), and the calls cost its translated run
//     1.10-1.63x (BenchmarkRunNTT: 126 calls a transform, about 40 values of state written and
//     loaded each). What is left of its compile is "run"'s own code (about 90%): each loop
//     compiled alone takes about 2 ms, so wazero's cost is per loop and per block of code, not per
//     copy of a shape.
//   - Translations are cached by the lowered code they cover (and the roots, device and layout), so
//     machines of the same image, and a machine whose region was invalidated by a write elsewhere,
//     reuse the module; wazero's compilation cache shares the compiled code between machines.
//     The trace hash is not part of a module: "run"'s mode says whether the machine keeps it, and
//     each stretch of instructions up to an exit updates it under one branch on the mode (one
//     multiply per instruction when taken), or logs its steps (above). A machine of a program another machine got hot on
//     translates that machine's roots. So the harness's measuring machine and its constant-time
//     machine compile one module, not two: wazero compiled about 1 ms per 1 KB of WebAssembly
//     (an NTT's 44 KB: 40 ms, twice before), the most of a bench's cost after running.
//   - In the browser the module imports the Go program's own memory (no copy in or out) and a long
//     run is cut into calls of at most 2^20 cycles by the engine itself (NewPage, BrowserSlice:
//     every run of the page), so that V8's optimising tier, which does not replace code already
//     running, takes over: from about the fourth call a call of the load/store loop of the browser
//     test takes 0.3-0.4 ms in headless Chromium (2.6-3.5 GHz), the loop's own bound on that
//     machine (its store feeds the next pass's load). The page's modules leave out wazero's bounds
//     hints (V8 checks accesses with guard pages), and the browser runtime compiles each module's
//     bytes once. What a short run in a fresh page pays on top is V8 compiling the Go code the
//     run first uses (README, bench.html).
package translate
