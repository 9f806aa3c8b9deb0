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
	"encoding/hex"
	"strings"
	"sync"

	"github.com/avrlab/avrlab/internal/textf"
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
	cpa func() *cpaTarget // the first round CPA attacks, nil when it knows none (see cipherTask)
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
func Tasks() []*Task { return allTasks() }

// LookupTask returns the task with the given ID, or nil. It builds only that task (a cipher's checks
// its reference against its official vector then).
func LookupTask(id string) *Task {
	for _, e := range cipherTaskTable() {
		if e.id == id {
			return e.get()
		}
	}
	for _, t := range kernelTasks() {
		if t.ID == id {
			return t
		}
	}
	return nil
}

// NeedsTools reports whether task id is a kernel task whose Go reference this build does not link
// (kernel.Kernel.HasReference): in the page's engine (build tag avrlab_core) the P-192 systems,
// Ring-LWE, SNEIKHA256 and SNEIKEN128, which it lists but cannot check, so that their benches go to
// tools.wasm. False in every other build, and for any other ID.
func NeedsTools(id string) bool {
	t := LookupTask(id)
	return t != nil && t.Kernel != nil && !t.Kernel.HasReference()
}

// TaskIDs returns the IDs of all tasks in order.
func TaskIDs() []string {
	var ids []string
	for _, e := range cipherTaskTable() {
		ids = append(ids, e.id)
	}
	for _, t := range kernelTasks() {
		ids = append(ids, t.ID)
	}
	return ids
}

// DetectTask returns the task ID named by a line "; avrlab task: ID" (or "// avrlab task: ID") within
// the first 20 lines of src, or "" when there is none.
func DetectTask(src []byte) string {
	lines := bytes.SplitN(src, []byte("\n"), 21)
	if len(lines) > 20 {
		lines = lines[:20]
	}
	for _, l := range lines {
		if v, ok := lineValue(l, "task", taskValue); ok {
			return string(v)
		}
	}
	return ""
}

// The task table is built on first use, one task at a time: a program's start pays for none of it
// (the page's engine starts in a browser, where every function run at start-up is compiled then), and
// looking one task up builds that task alone.

// lazyTask is one row of the table: its ID, and the task, built (and checked against its official
// vector) on the first call of get.
type lazyTask struct {
	id  string
	get func() *Task
}

// cipherTaskTable returns the cipher tasks, in cipherTasks' order, each built on first use.
var cipherTaskTable = sync.OnceValue(func() []lazyTask {
	var ts []lazyTask
	for _, c := range cipherTasks() {
		ts = append(ts, lazyTask{id: c.id, get: sync.OnceValue(func() *Task { return newCipherTask(c, findVector) })})
	}
	return ts
})

// kernelTasks returns the kernel tasks, in kernel.Kernels' order.
var kernelTasks = sync.OnceValue(func() []*Task {
	var ts []*Task
	for _, k := range kernel.Kernels() {
		ts = append(ts, &Task{ID: k.ID, Name: k.Name, Kind: KindKernel, Entry: k.Entry, Device: k.Device, Kernel: k,
			Scenario: ScenarioKernel, Layout: k.Prototype()})
	}
	return ts
})

// allTasks returns every task, the cipher tasks then the kernel tasks, in a new slice.
func allTasks() []*Task {
	var ts []*Task
	for _, e := range cipherTaskTable() {
		ts = append(ts, e.get())
	}
	return append(ts, kernelTasks()...)
}

// newCipherTask makes the task of one row of cipherTasks: the row's fields, the sizes its reference
// gives, and its official vector (found by find), which the reference must reproduce.
func newCipherTask(c cipherTask, find func(family, variant, revision string) *vector) *Task {
	t := &Task{ID: c.id, Name: c.name, Cipher: c.cipher, Kind: KindCipher, Device: c.device, Scenario: c.scenario,
		ECRYPT: c.ecrypt, Layout: c.layout, Entry: c.sym + "_encrypt", DecEntry: c.sym + "_decrypt", RK: c.sym + "_rk",
		BlockBytes: c.ref.BlockSize(), KeyBytes: c.ref.KeySize(), ref: c.ref, cpa: c.cpa}
	t.RKBytes = len(c.ref.RoundKeys(make([]byte, t.KeyBytes)))
	t.official(find(c.vector.family, c.vector.variant, c.vector.revision))
	return t
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

// VariantNote says how an ATtiny45 row's cipher differs from the task's in block or key size ("its key
// is 80 bits, this task's 64"), or "" when the sizes are the same. A row of another variant is
// still the cipher's published figure, but it does not measure the same computation: the report and
// the page print the note beside it.
func (t *Task) VariantNote(r ATtiny45Row) string {
	var d []string
	if r.Block != 0 && r.Block != 8*t.BlockBytes {
		d = append(d, textf.Sprintf("its block is %d bits, this task's %d", r.Block, 8*t.BlockBytes))
	}
	if r.Key != 0 && r.Key != 8*t.KeyBytes {
		d = append(d, textf.Sprintf("its key is %d bits, this task's %d", r.Key, 8*t.KeyBytes))
	}
	return strings.Join(d, "; ")
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

// officialFrom names the published vector a bench runs first: a cipher's official vector, a
// kernel's when it has one (kernel.Kernel.Official); "" when its first vector is an edge input.
func (t *Task) officialFrom() string {
	if t.Kernel != nil {
		return t.Kernel.Official
	}
	return "the official vector of " + t.Cipher
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
func describeHex(b []byte) string { return hex.EncodeToString(b) }

// normalizeID lower-cases a task ID and trims blanks.
func normalizeID(id string) string { return strings.ToLower(strings.TrimSpace(id)) }
