// Package lab measures AVR implementations of block ciphers the way the literature does: it runs an
// assembled routine under the emulator against official and random test vectors, checks the avr-gcc
// calling convention and constant-time behaviour, and reports cycles, cycles per byte, flash, RAM and
// RANK = (10^6/cpb)/(flash + 2·RAM).
//
// It sits at the end of avrlab's data flow (source → asm → image → emu → lab) and is what the CLI
// (`avrlab bench`, `avrlab grade`, `avrlab run`) and the browser playground call.
//
// Simple use:
//
//	rep, img, err := lab.BenchFile(os.DirFS("."), "cham64.S", lab.Options{})
//
// [Bench] builds one machine per call and resets it per test vector. Everything exported here is safe
// for concurrent use; each call works on its own machine.
package lab

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"

	"github.com/avrlab/avrlab/lab/cipher"
	"github.com/avrlab/avrlab/lab/kernel"
)

// Task is the contract of one cipher variant: what the routine is called, where its round keys live,
// and which reference cipher checks it.
type Task struct {
	ID         string // e.g. "cham64-128", "cham64-128-r19", "speck64-128"
	Name       string // e.g. "CHAM-64/128 (ICISC'17, 80 rounds)"
	Cipher     string // the published-rows name, e.g. "CHAM-64/128"
	BlockBytes int    // block size in bytes
	KeyBytes   int    // key size in bytes
	Entry      string // default entry symbol, e.g. "cham64_128_encrypt"
	DecEntry   string // default entry of the decrypt scenario, e.g. "cham64_128_decrypt"
	RK         string // default round-key symbol, e.g. "cham64_128_rk"
	RKBytes    int    // size of the round-key table in bytes
	// Layout describes the memory layout of block, key and round keys for `avrlab tasks -v`.
	Layout string
	// Official is the official test vector (memory byte order), from ../shared/data/vectors.json.
	OfficialKey, OfficialPlain, OfficialCipher []byte

	// Kind is KindCipher (a block cipher: cycles per byte and RANK) or KindKernel (any other routine on
	// buffers: cycles per call).
	Kind string
	// Device is the part the published figures were measured on and the default of Options.Device.
	Device string
	// Scenario is the default scenario ("" = fixed-key).
	Scenario string
	// ECRYPT names the ATtiny45 table's rows of this cipher ("PRESENT"), "" when it has none. Every
	// ATtiny45 task has one; so does hight64-128, an ATmega128 task.
	ECRYPT string
	// Kernel describes a kernel task's buffers and computes its reference (nil for ciphers).
	Kernel *kernel.Kernel

	ref cipher.Cipher
}

// Kinds of task.
const (
	KindCipher = "cipher"
	KindKernel = "kernel"
)

// Reference returns the Go reference implementation that checks the task.
func (t *Task) Reference() cipher.Cipher { return t.ref }

// Tasks returns every task in a fixed order. The slice is new on each call; the tasks are shared and
// must not be modified.
func Tasks() []*Task { return append([]*Task(nil), allTasks...) }

// LookupTask returns the task with the given ID, or nil.
func LookupTask(id string) *Task {
	for _, t := range allTasks {
		if t.ID == id {
			return t
		}
	}
	return nil
}

// TaskIDs returns the IDs of all tasks in order.
func TaskIDs() []string {
	var ids []string
	for _, t := range allTasks {
		ids = append(ids, t.ID)
	}
	return ids
}

var taskLine = regexp.MustCompile(`(?:;|//|#)\s*avrlab\s+task:\s*([A-Za-z0-9_-]+)`)

// DetectTask returns the task ID named by a line "; avrlab task: ID" (or "// avrlab task: ID") within
// the first 20 lines of src, or "" when there is none.
func DetectTask(src []byte) string {
	lines := bytes.SplitN(src, []byte("\n"), 21)
	if len(lines) > 20 {
		lines = lines[:20]
	}
	for _, l := range lines {
		if m := taskLine.FindSubmatch(l); m != nil {
			return string(m[1])
		}
	}
	return ""
}

var allTasks = buildTasks()

func buildTasks() []*Task {
	vecs := mustVectors()
	var ts []*Task
	chams := []struct {
		id, name, sym string
		mk            func(int) cipher.Cipher
		r17, r19      int
	}{
		{"cham64-128", "CHAM-64/128", "cham64_128", cipher.CHAM64_128, 80, 88},
		{"cham128-128", "CHAM-128/128", "cham128_128", cipher.CHAM128_128, 80, 112},
		{"cham128-256", "CHAM-128/256", "cham128_256", cipher.CHAM128_256, 96, 120},
	}
	for _, rev := range []string{"original-2017", "revised-2019"} {
		for _, c := range chams {
			rounds, id, label := c.r17, c.id, "ICISC'17"
			if rev == "revised-2019" {
				rounds, id, label = c.r19, c.id+"-r19", "2019 revision"
			}
			ref := c.mk(rounds)
			t := &Task{ID: id, Name: fmt.Sprintf("%s (%s, %d rounds)", c.name, label, rounds), Cipher: c.name,
				Entry: c.sym + "_encrypt", RK: c.sym + "_rk", ref: ref}
			t.Layout = "block: the words X[0..3] each little-endian, X[0] first; round keys: RK[0..2k/w-1] " +
				"each a little-endian word (round i uses RK[i mod 2k/w]); key: K[0..] little-endian words"
			t.official(vecs.find("CHAM", c.name, rev))
			ts = append(ts, t)
		}
	}
	for _, s := range [][2]int{{64, 96}, {64, 128}, {128, 128}, {128, 192}, {128, 256}} {
		ts = append(ts, arxTask(vecs, "speck", "SPECK", s[0], s[1]))
	}
	for _, s := range [][2]int{{64, 128}, {128, 128}} {
		ts = append(ts, arxTask(vecs, "simon", "SIMON", s[0], s[1]))
	}
	lea := &Task{ID: "lea128", Name: "LEA-128 (24 rounds)", Cipher: "LEA-128/128", Entry: "lea128_encrypt",
		RK: "lea128_rk", ref: cipher.LEA128(),
		Layout: "block: X[0..3] 32-bit little-endian words; round keys: 24 rounds x 6 32-bit LE words (RK[i][0..5])"}
	lea.official(vecs.find("LEA", "LEA-128", ""))
	ts = append(ts, lea)
	// HIGHT is an ATmega128 fixed-key task with a row in the ATtiny45 table too: measured with -device
	// attiny45 -scenario encrypt-ks (or decrypt-ks), its report prints the ECRYPT row HIGHT v1.
	hight := &Task{ID: "hight64-128", Name: "HIGHT-64/128 (32 rounds)", Cipher: "HIGHT-64/128", Entry: "hight64_128_encrypt",
		RK: "hight64_128_rk", ref: cipher.HIGHT(), ECRYPT: "HIGHT",
		Layout: "block: P[0..7] bytes; round keys: WK0..WK7 whitening bytes then SK0..SK127 subkey bytes (136 bytes)"}
	hight.official(vecs.find("HIGHT", "HIGHT-64/128", ""))
	ts = append(ts, hight)
	ts = append(ts, attiny45Tasks(vecs)...)
	for _, t := range ts {
		t.Kind = KindCipher
		if t.Device == "" {
			t.Device = "atmega128"
		}
		t.DecEntry = strings.TrimSuffix(t.Entry, "_encrypt") + "_decrypt"
		t.BlockBytes = t.ref.BlockSize()
		t.KeyBytes = t.ref.KeySize()
		t.RKBytes = len(t.ref.RoundKeys(make([]byte, t.KeyBytes)))
	}
	for _, k := range kernel.Kernels() {
		ts = append(ts, &Task{ID: k.ID, Name: k.Name, Kind: KindKernel, Entry: k.Entry, Device: k.Device, Kernel: k,
			Scenario: ScenarioKernel, Layout: k.Prototype()})
	}
	return ts
}

// attiny45Tasks are the block ciphers of the ATtiny45 collection (Eisenbarth et al., Africacrypt 2012),
// measured there with the key scheduled in every call (scenario encrypt-ks) on the ATtiny45.
func attiny45Tasks(vecs *vectorFile) []*Task {
	var ts []*Task
	for _, c := range []struct {
		id, name, sym, family, variant, mode, ecrypt string
		ref                                          cipher.Cipher
		layout                                       string
	}{
		{"aes128", "AES-128 (FIPS-197)", "aes128", "AES", "AES-128", "", "AES", cipher.AES128(),
			"block: in0..in15 as FIPS-197 prints them; key: the 16 key bytes; round keys: w[0..43], 176 bytes, round r XORs bytes 16r..16r+15"},
		{"present80", "PRESENT-80 (31 rounds)", "present80", "PRESENT", "PRESENT-80", "", "PRESENT", cipher.PRESENT80(),
			"block and key: little-endian integers (the printed hex reversed); round keys: K1..K32, each a 64-bit little-endian integer (256 bytes)"},
		{"noekeon-direct", "NOEKEON-128/128, direct key (16 rounds)", "noekeon", "NOEKEON", "NOEKEON-128/128", "direct-key", "NOEKEON",
			cipher.NOEKEONDirect(), "block and key: four 32-bit words, each big-endian; round keys: the 16-byte working key (the key itself)"},
		{"noekeon-indirect", "NOEKEON-128/128, indirect key (16 rounds)", "noekeon", "NOEKEON", "NOEKEON-128/128", "indirect-key", "NOEKEON",
			cipher.NOEKEONIndirect(), "block and key: four 32-bit words, each big-endian; round keys: the 16-byte working key (the key encrypted under the zero key)"},
		{"tea64-128", "TEA-64/128 (32 cycles)", "tea", "TEA", "TEA-64/128", "", "TEA", cipher.TEA(),
			"block: v0, v1, 32-bit little-endian words; key: k0..k3, 32-bit little-endian; round keys: the key itself (16 bytes)"},
		{"klein64", "KLEIN-64 (12 rounds)", "klein64", "KLEIN", "KLEIN-64", "", "KLEIN", mustCipher(cipher.KLEIN(64)),
			"block and key: bytes in printed order; round keys: sk_1..sk_13, 8 bytes each (104 bytes)"},
		{"katan64", "KATAN-64 (254 rounds)", "katan64", "KATAN", "KATAN-64", "", "KATAN", cipher.KATAN64(),
			"block and key: little-endian integers (bit i of the integer is bit i of the state/key); round keys: key bits k0..k507 packed little-endian (64 bytes)"},
		{"idea", "IDEA (8 rounds + output transformation)", "idea", "IDEA", "IDEA", "", "IDEA", cipher.IDEA(),
			"block: X1..X4 and key: Z1..Z8, 16-bit words each big-endian as printed; round keys: the 52 subkeys Z1..Z52, each big-endian (104 bytes)"},
		{"kasumi64", "KASUMI (3GPP TS 35.202, 8 rounds)", "kasumi", "KASUMI", "KASUMI", "", "KASUMI", cipher.KASUMI(),
			"block: L0||R0 and key: K1..K8, big-endian as 3GPP prints them; round keys: per round KL1 KL2 KO1 KO2 KO3 KI1 KI2 KI3, 16-bit big-endian (128 bytes)"},
	} {
		t := &Task{ID: c.id, Name: c.name, Cipher: c.variant, Entry: c.sym + "_encrypt", RK: c.sym + "_rk", ref: c.ref,
			Device: "attiny45", Scenario: ScenarioEncryptKS, ECRYPT: c.ecrypt, Layout: c.layout}
		t.official(vecs.find(c.family, c.variant, c.mode))
		ts = append(ts, t)
	}
	return ts
}

func mustCipher(c cipher.Cipher, err error) cipher.Cipher {
	if err != nil {
		panic("lab: internal error: " + err.Error())
	}
	return c
}

// PublishedATtiny45 returns the ATtiny45 table's rows of the task's cipher (none for other tasks).
func (t *Task) PublishedATtiny45() []ATtiny45Row {
	var out []ATtiny45Row
	for _, r := range ATtiny45Rows() {
		if t.ECRYPT != "" && strings.HasPrefix(r.Cipher, t.ECRYPT+" ") {
			out = append(out, r)
		}
	}
	return out
}

// PublishedKernel returns the published figures of the task (kernel tasks, and PRESENT-80's ATtiny45
// encryption-only rows).
func (t *Task) PublishedKernel() []KernelRow {
	var out []KernelRow
	for _, r := range KernelRows() {
		if r.Kernel == t.ID {
			out = append(out, r)
		}
	}
	return out
}

func arxTask(vecs *vectorFile, id, name string, block, key int) *Task {
	var ref cipher.Cipher
	var err error
	if id == "speck" {
		ref, err = cipher.Speck(block, key)
	} else {
		ref, err = cipher.Simon(block, key)
	}
	if err != nil {
		panic("lab: internal error: " + err.Error())
	}
	sym := fmt.Sprintf("%s%d_%d", id, block, key)
	t := &Task{ID: fmt.Sprintf("%s%d-%d", id, block, key),
		Name:   fmt.Sprintf("%s-%d/%d (%d rounds)", name, block, key, ref.Rounds()),
		Cipher: fmt.Sprintf("%s-%d/%d", name, block, key), Entry: sym + "_encrypt", RK: sym + "_rk", ref: ref,
		Layout: fmt.Sprintf("block: y then x, each a %d-bit little-endian word; round keys: k[0..%d] each a %d-bit "+
			"little-endian word, round 0 first", block/2, ref.Rounds()-1, block/2)}
	t.official(vecs.find(name, fmt.Sprintf("%s %d/%d", name, block, key), ""))
	return t
}

func (t *Task) official(v *vector) {
	if v == nil {
		panic("lab: internal error: no official vector for " + t.ID)
	}
	t.OfficialKey, t.OfficialPlain, t.OfficialCipher = v.key, v.plain, v.ct
	got := make([]byte, len(v.plain))
	t.ref.Encrypt(got, v.plain, v.key)
	if !bytes.Equal(got, v.ct) {
		panic("lab: internal error: reference " + t.ID + " disagrees with the official vector")
	}
}

// bufferSize returns the size of the task's buffer of role r.
func (t *Task) bufferSize(r Role) int {
	switch r {
	case RoleKey:
		return t.KeyBytes
	case RoleRK, RoleRKOut:
		return t.RKBytes
	case RoleRand:
		return RandBytes
	}
	return t.BlockBytes
}

// describeHex formats b as lower-case hex.
func describeHex(b []byte) string { return fmt.Sprintf("%x", b) }

// normalizeID lower-cases a task ID and trims blanks.
func normalizeID(id string) string { return strings.ToLower(strings.TrimSpace(id)) }
