package lab_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/avrlab/avrlab/lab"
	"github.com/avrlab/avrlab/lab/cipher"
)

// A harness a student can read must not be predictable (issue 17): the constant-time check, the
// planted registers and the vectors are drawn from the run's seed, and constant time is one property
// of every call.

// oldConstantTimeKey is the key every constant-time input of a bench of SPECK-64/128 with seed 0 and
// n random vectors had before the inputs varied the key: the draw after the vectors' keys and blocks.
func oldConstantTimeKey(n int) []byte {
	rng := rand.New(rand.NewPCG(0, 0x61767266))
	draw := func(k int) []byte {
		b := make([]byte, k)
		for i := range b {
			b[i] = byte(rng.Uint32())
		}
		return b
	}
	for i := 0; i < n; i++ {
		draw(16)
		draw(8)
	}
	return draw(16)
}

// keyPrologue returns lab/testdata/speck64.S (with -D defines applied by the caller) entered through
// a prologue that returns at once when the first round key is k0: the check's key.
func keyPrologue(t *testing.T, k0 []byte) string {
	src := readFile(t, "testdata/speck64.S")
	var p strings.Builder
	p.WriteString("speck64_128_encrypt:\n\tmovw r26, r22\n")
	for _, b := range k0[:4] {
		fmt.Fprintf(&p, "\tld r18, X+\n\tcpi r18, 0x%02x\n\tbrne real\n", b)
	}
	p.WriteString("\tret\nreal:\n")
	return replaceOnce(t, src, "speck64_128_encrypt:\n", p.String())
}

// TestConstantTimeKeyPrologue: a routine with a data-dependent branch (BUG_BRANCH) that returns at
// once on the key the constant-time check used to run all its inputs under is "constant time: no".
// Before, the check's 64 inputs shared that predictable key and their outputs were not checked.
func TestConstantTimeKeyPrologue(t *testing.T) {
	const n = 20
	speck, err := cipher.Speck(64, 128)
	if err != nil {
		t.Fatal(err)
	}
	k0 := speck.RoundKeys(oldConstantTimeKey(n))
	for _, seed := range []uint64{0, 1, 0xdeadbeef} {
		rep := benchText(t, keyPrologue(t, k0), lab.Options{Vectors: n, Seed: seed, Defines: map[string]string{"BUG_BRANCH": "1"}})
		if rep.ConstantTime || rep.CTDetail == "" {
			t.Errorf("seed %d: the leaky routine with the key prologue is constant time (%q)\n%s", seed, rep.CTDetail, dump(rep))
		}
		if rep.Seed != seed {
			t.Errorf("report seed %d, want %d", rep.Seed, seed)
		}
	}
	// The same prologue in front of the constant-time routine changes nothing: it never fires.
	if rep := benchText(t, keyPrologue(t, k0), lab.Options{Vectors: n}); !rep.Pass || !rep.ConstantTime {
		t.Errorf("the constant-time routine with the prologue: pass %v, constant time %v: %s %s", rep.Pass, rep.ConstantTime, rep.Error, rep.CTDetail)
	}
}

// TestConstantTimeRoundKeyBranch: a branch on a bit of the first round key (2 cycles or 3) is
// "constant time: no": the constant-time inputs vary the key, and every call's cycles are compared.
func TestConstantTimeRoundKeyBranch(t *testing.T) {
	src := replaceOnce(t, readFile(t, "testdata/speck64.S"), "speck64_128_encrypt:\n",
		"speck64_128_encrypt:\n\tmovw r26, r22\n\tld r18, X\n\tsbrc r18, 0\n\trjmp 1f\n1:\n")
	for _, vecs := range []int{-1, 20} { // with the official vector alone, the constant-time inputs find it
		rep := benchText(t, src, lab.Options{Vectors: vecs})
		if !rep.Pass {
			t.Fatalf("the routine is correct: %s", rep.Error)
		}
		if rep.ConstantTime {
			t.Errorf("vectors %d: a branch on a round-key bit is constant time\n%s", vecs, dump(rep))
		}
	}
}

// TestConstantTimeInputsChecked: a routine that is right on the vectors but not on the constant-time
// inputs (here: any key whose first byte is odd gives a wrong block) fails with a reason naming the
// constant-time input.
func TestConstantTimeInputsChecked(t *testing.T) {
	// Only the official vector runs besides the constant-time inputs; its first round-key byte is even.
	src := replaceOnce(t, readFile(t, "testdata/speck64.S"), "        st      Z, r22\n",
		"        subi r26, 4*ROUNDS\n        ld r0, X\n        sbrc r0, 0\n        inc r22\n        st      Z, r22\n")
	speck, _ := cipher.Speck(64, 128)
	if off := lab.LookupTask("speck64-128").OfficialKey; speck.RoundKeys(off)[0]&1 != 0 {
		t.Fatalf("the official key's first round-key byte is odd: the test needs another bit")
	}
	rep := benchText(t, src, lab.Options{Vectors: -1})
	if rep.Pass || !strings.Contains(rep.Error, "wrong output on constant-time input") || rep.FirstFailure == nil {
		t.Errorf("a routine wrong on the constant-time inputs passes: %s\n%s", rep.Error, dump(rep))
	}
}

// TestPlantedRegistersRandom: a routine that uses r14..r16 without saving them and "restores" them
// with the values the harness used to plant (0xA5 ^ 37r) is "ABI broken": the planted values are
// random per call, from the run's seed.
func TestPlantedRegistersRandom(t *testing.T) {
	old := func(r int) uint8 { return uint8(0xA5 ^ r*37) }
	restore := fmt.Sprintf("        ldi r16, 0x%02x\n        mov r14, r16\n        ldi r16, 0x%02x\n        mov r15, r16\n        ldi r16, 0x%02x\n        ret\n",
		old(14), old(15), old(16))
	src := readFile(t, "testdata/speck64.S")
	src = replaceOnce(t, src, "        std     Z+7, r21\n        ret\n", "        std     Z+7, r21\n"+restore)
	src = replaceOnce(t, src, "round:\n", "        clr r14\n        clr r15\n        clr r16\nround:\n")
	for _, seed := range []uint64{0, 7} {
		rep := benchText(t, src, lab.Options{Vectors: 5, Seed: seed})
		if rep.ABIOK || rep.Pass || !strings.Contains(rep.ABIDetail, "callee-saved r14, r15, r16 not restored") {
			t.Errorf("seed %d: the routine restoring r14..r16 with constants keeps the ABI: %q", seed, rep.ABIDetail)
		}
	}
	// The honest routine keeps it under any seed.
	for _, seed := range []uint64{0, 7, 1 << 63} {
		if rep := benchText(t, readFile(t, "testdata/speck64.S"), lab.Options{Vectors: 5, Seed: seed}); !rep.Pass || !rep.ABIOK {
			t.Errorf("seed %d: speck64.S: %s %s", seed, rep.Error, rep.ABIDetail)
		}
	}
}

// TestSeedReproduces: the same seed gives the same report; another seed other random vectors.
func TestSeedReproduces(t *testing.T) {
	src := readFile(t, "testdata/speck64.S")
	a, b := benchText(t, src, lab.Options{Vectors: 5, Seed: 99}), benchText(t, src, lab.Options{Vectors: 5, Seed: 99})
	if dump(a) != dump(b) {
		t.Errorf("seed 99 twice gives two reports")
	}
	c := benchText(t, replaceOnce(t, src, "        ret\n", "        ldi r18, 1\n        sts 0x0100, r18\n        ret\n"), lab.Options{Vectors: 5, Seed: 100})
	if c.Official == nil || c.Seed != 100 {
		t.Fatalf("report %s", dump(c))
	}
}

// TestOfficialVectorNotTimed: a routine that recognises the official vector (public, the same in every
// run) and answers it from constants is not faster on average than the honest one: the mean is over the
// random vectors. With three random vectors, timing the official one too gave it a quarter off.
func TestOfficialVectorNotTimed(t *testing.T) {
	task := lab.LookupTask("speck64-128")
	speck, _ := cipher.Speck(64, 128)
	ct := make([]byte, 8)
	speck.Encrypt(ct, task.OfficialPlain, task.OfficialKey)
	var p strings.Builder
	p.WriteString("speck64_128_encrypt:\n\tmovw r26, r24\n")
	for _, b := range task.OfficialPlain {
		fmt.Fprintf(&p, "\tld r18, X+\n\tcpi r18, 0x%02x\n\tbrne real\n", b)
	}
	p.WriteString("\tmovw r26, r24\n")
	for _, b := range ct {
		fmt.Fprintf(&p, "\tldi r18, 0x%02x\n\tst X+, r18\n", b)
	}
	p.WriteString("\tret\nreal:\n")
	src := readFile(t, "testdata/speck64.S")
	honest := benchText(t, src, lab.Options{Vectors: 3, Seed: 4})
	cheat := benchText(t, replaceOnce(t, src, "speck64_128_encrypt:\n", p.String()), lab.Options{Vectors: 3, Seed: 4})
	if !honest.Pass || !cheat.Pass {
		t.Fatalf("%s / %s", honest.Error, cheat.Error)
	}
	if cheat.Official.Cycles >= honest.Official.Cycles {
		t.Fatalf("the shortcut is not taken: %d cycles", cheat.Official.Cycles)
	}
	if cheat.CyclesMean < honest.CyclesMean || cheat.Rank > honest.Rank || cheat.ConstantTime {
		t.Errorf("official-vector shortcut: mean %.1f, RANK %.2f, constant time %v; honest: mean %.1f, RANK %.2f",
			cheat.CyclesMean, cheat.Rank, cheat.ConstantTime, honest.CyclesMean, honest.Rank)
	}
}
