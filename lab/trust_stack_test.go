package lab_test

import (
	"strings"
	"testing"

	"github.com/avrlab/avrlab/lab"
)

// Every byte moved is seen (issue 17): pushes, pops, calls and returns read and write SRAM through SP
// like loads and stores do, and a byte kept in SP, RAMPZ or EIND is a byte of RAM.

// popTwins returns lab/testdata/speck64.S reading its round keys with LD (ld) and with POP after
// pointing SP at the round-key buffer, SPL written first (pop); both save r28/r29 on the stack, so
// that their stacks are alike.
func popTwins(t *testing.T) (ld, pop string) {
	src := readFile(t, "testdata/speck64.S")
	save := "speck64_128_encrypt:\n        push    r28\n        push    r29\n        in      r28, 0x3d\n        in      r29, 0x3e\n"
	restore := "        pop     r29\n        pop     r28\n        ret\n"
	ld = replaceOnce(t, src, "speck64_128_encrypt:\n", save)
	ld = replaceOnce(t, ld, "        std     Z+7, r21\n        ret\n", "        std     Z+7, r21\n"+restore)
	pop = ld
	// SP = rk - 1 (SPL first, then SPH): each pop reads the next round-key byte.
	pop = replaceOnce(t, pop, "        ldd     r21, Z+7\n", "        ldd     r21, Z+7\n        sbiw    r26, 1\n        out     0x3d, r26\n        out     0x3e, r27\n")
	pop = strings.ReplaceAll(pop, "        ld      r0, X+          ; x ^= k\n", "        pop     r0              ; x ^= k\n")
	pop = strings.ReplaceAll(pop, "        ld      r0, X+\n", "        pop     r0\n")
	pop = replaceOnce(t, pop, "        cpi     r26, 4*ROUNDS", "        in      r26, 0x3d\n        cpi     r26, 4*ROUNDS-1")
	pop = replaceOnce(t, pop, "        st      Z, r22\n", "        out     0x3d, r28\n        out     0x3e, r29\n        st      Z, r22\n")
	if strings.Contains(pop, "ld      r0, X+") {
		t.Fatal("a round-key load is left")
	}
	return ld, pop
}

// TestPopTwin: the routine that reads the round keys with POP reports the RAM of its LD twin: the 108
// round-key bytes it reads and the 2 bytes it pushes.
func TestPopTwin(t *testing.T) {
	ldSrc, popSrc := popTwins(t)
	ld := benchText(t, ldSrc, lab.Options{Vectors: 5})
	pop := benchText(t, popSrc, lab.Options{Vectors: 5})
	if !ld.Pass || !pop.Pass {
		t.Fatalf("twins fail: %s / %s", ld.Error, pop.Error)
	}
	if ld.RAM != 110 || ld.Stack != 2 {
		t.Errorf("LD twin: RAM %d, stack %d; want 110 (108 round-key bytes and 2 pushed)\n%s", ld.RAM, ld.Stack, dump(ld))
	}
	if pop.RAM != ld.RAM || pop.Stack != ld.Stack || pop.Rank > ld.Rank {
		t.Errorf("POP twin: RAM %d, stack %d, RANK %.1f; LD twin: RAM %d, stack %d, RANK %.1f\n%s",
			pop.RAM, pop.Stack, pop.Rank, ld.RAM, ld.Stack, ld.Rank, strings.Join(pop.Measurement, "\n"))
	}
}

// stash returns lab/testdata/speck64.S keeping two bytes before it starts: one in RAMPZ and one in SPH
// (SP saved in r19 and put back), each written and read back (the twin: in SRAM with STS and LDS).
func stash(t *testing.T, inIO bool) string {
	keep := "        ldi     r18, 0x01\n        out     0x3b, r18       ; RAMPZ\n" +
		"        in      r19, 0x3e\n        ldi     r18, 0x5a\n        out     0x3e, r18       ; SPH\n" +
		"        in      r20, 0x3b\n        in      r21, 0x3e\n        out     0x3e, r19\n"
	if !inIO {
		keep = "        ldi     r18, 0x01\n        sts     0x0f00, r18\n        ldi     r18, 0x5a\n        sts     0x0f01, r18\n" +
			"        lds     r20, 0x0f00\n        lds     r21, 0x0f01\n"
	}
	return replaceOnce(t, readFile(t, "testdata/speck64.S"), "speck64_128_encrypt:\n", "speck64_128_encrypt:\n"+keep)
}

// TestIOStash: a byte kept in RAMPZ and one in SPH count 2 bytes of RAM, as the same two bytes in SRAM
// do; RAMPZ keeps only its implemented bit on the ATmega128 (bits 7:1 read 0).
func TestIOStash(t *testing.T) {
	base := benchText(t, readFile(t, "testdata/speck64.S"), lab.Options{Vectors: 3})
	io := benchText(t, stash(t, true), lab.Options{Vectors: 3})
	sram := benchText(t, stash(t, false), lab.Options{Vectors: 3})
	if !base.Pass || !io.Pass || !sram.Pass {
		t.Fatalf("%s / %s / %s", base.Error, io.Error, sram.Error)
	}
	if sram.RAM != base.RAM+2 || io.RAM != sram.RAM {
		t.Errorf("RAM: plain %d, kept in SRAM %d, kept in RAMPZ and SPH %d (want %d)\n%s", base.RAM, sram.RAM, io.RAM, base.RAM+2,
			strings.Join(io.Measurement, "\n"))
	}
	if !strings.Contains(strings.Join(io.Measurement, "\n"), "uses 2 I/O registers as memory (data address 0x5b, 0x5e)") {
		t.Errorf("measurement does not name RAMPZ and SPH:\n%s", strings.Join(io.Measurement, "\n"))
	}
}

// TestIOUsedNotKept: writing RAMPZ for ELPM, saving and restoring it, and a stack frame (SP read,
// lowered, used, read again after calls and pushes, raised) keep no byte: no RAM beyond the frame.
func TestIOUsedNotKept(t *testing.T) {
	src := replaceOnce(t, readFile(t, "testdata/speck64.S"), "speck64_128_encrypt:\n", `speck64_128_encrypt:
        in      r0, 0x3b        ; save RAMPZ, set it, read flash with it, put it back
        ldi     r18, 1
        out     0x3b, r18
        ldi     r30, 0
        ldi     r31, 0
        elpm    r18, Z
        out     0x3b, r0
        push    r28
        push    r29
        in      r28, 0x3d       ; a 4-byte frame
        in      r29, 0x3e
        sbiw    r28, 4
        out     0x3e, r29
        out     0x3d, r28
        std     Y+1, r1
        std     Y+2, r1
        std     Y+3, r1
        std     Y+4, r1
        rcall   leaf
        push    r0
        pop     r0
        in      r28, 0x3d       ; free it
        in      r29, 0x3e
        adiw    r28, 4
        out     0x3e, r29
        out     0x3d, r28
        pop     r29
        pop     r28
        rjmp    body
leaf:
        ret
body:
`)
	rep := benchText(t, src, lab.Options{Vectors: 3})
	if !rep.Pass {
		t.Fatalf("%s", rep.Error)
	}
	// 2 pushed, the 4-byte frame, 2 of the return address of rcall (the pushed r0 reuses a byte).
	if rep.Stack != 8 || rep.RAM != 8+108 {
		t.Errorf("stack %d, RAM %d; want 8 and %d\n%s", rep.Stack, rep.RAM, 8+108, strings.Join(rep.Measurement, "\n"))
	}
}

// TestSPMStorage: two bytes kept in flash with SPM (written, then read back with LPM) count as RAM,
// as the same two bytes in SRAM do: flash rewritten by the routine is storage, not program. With the
// round keys in a flash table (the example's speck64_128_rk), the keys the harness writes there are
// not the routine's: still 2 B (it was 110: the 108 key bytes looked changed by SPM).
func TestSPMStorage(t *testing.T) {
	for _, file := range []string{"testdata/speck64.S", "../examples/speck64.S"} {
		base := benchText(t, readFile(t, file), lab.Options{Vectors: 3})
		spm := replaceOnce(t, readFile(t, file), "speck64_128_encrypt:\n", `speck64_128_encrypt:
        ldi     r30, 0x00       ; Z = 0x1000, flash the source does not use
        ldi     r31, 0x10
        ldi     r18, 0x5a
        mov     r0, r18
        ldi     r18, 0xa5
        mov     r1, r18
        spm                     ; flash[0x1000..0x1001] = r1:r0
        clr     r1
        lpm     r18, Z+
        lpm     r19, Z
`)
		rep := benchText(t, spm, lab.Options{Vectors: 3})
		if !rep.Pass || !base.Pass {
			t.Fatalf("%s: %s / %s", file, rep.Error, base.Error)
		}
		if rep.RAM != base.RAM+2 || !strings.Contains(strings.Join(rep.Measurement, "\n"), "keeps 2 B in flash with SPM") {
			t.Errorf("%s: RAM %d (plain %d), want %d\n%s", file, rep.RAM, base.RAM, base.RAM+2, strings.Join(rep.Measurement, "\n"))
		}
	}
	// A routine that uses its own round-key table as scratch with SPM keeps those bytes: they count.
	scratch := replaceOnce(t, readFile(t, "../examples/speck64.S"), "speck64_128_encrypt:\n", `speck64_128_encrypt:
        ldi     r30, lo8(speck64_128_rk + 104) ; the last round key's word
        ldi     r31, hi8(speck64_128_rk + 104)
        lpm     r18, Z+
        lpm     r19, Z
        sbiw    r30, 1
        com     r18
        mov     r0, r18
        mov     r1, r19
        spm                     ; flash[rk+104] = its complement, rk+105 as it was
        clr     r1
        lpm     r18, Z          ; read back: storage
`)
	rep := benchText(t, scratch, lab.Options{Vectors: 3})
	if !strings.Contains(strings.Join(rep.Measurement, "\n"), "keeps 1 B in flash with SPM") {
		t.Errorf("SPM over the round-key table: %v\n%s", rep.Error, strings.Join(rep.Measurement, "\n"))
	}
}
