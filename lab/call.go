package lab

import (
	"bytes"
	"strconv"
	"strings"

	"github.com/avrlab/avrlab/internal/textf"
	"github.com/avrlab/avrlab/lab/kernel"
)

// Role names what a buffer of a call holds. A call's pointer arguments each point at one buffer.
type Role string

// The buffer roles a call can take, in the order the harness lays them out in SRAM.
const (
	RoleBlock Role = "block" // the input block, encrypted (or decrypted) in place
	RoleIn    Role = "in"    // the input block, read only
	RoleOut   Role = "out"   // the buffer the output block is written to
	RoleKey   Role = "key"   // the master key, for routines that schedule keys themselves
	RoleRK    Role = "rk"    // round keys the harness prepares in SRAM in the task's layout
	RoleRKOut Role = "rkout" // an empty buffer the routine fills with round keys
	// RoleRand is RandBytes fresh random bytes per call (masks for a masked implementation): the
	// bench draws them from its seed for each vector, the leakage assessment anew for each trace.
	RoleRand Role = "rand"
)

// RandBytes is the size of the rand buffer.
const RandBytes = 32

// BufferKind is one row of the buffer table: what a role means to the harness.
type BufferKind struct {
	Role Role
	Dir  kernel.Dir // which way its bytes flow across the call
	// Counted buffers count as RAM where the routine touches them (measured); the others are the
	// harness's input and output, which the published tables do not count.
	Counted bool
	// Align is the data-space alignment the harness gives the buffer.
	Align int
	// Doc says what the buffer holds.
	Doc string
	// Size is the buffer's size for a task (0 in BufferKinds, which is task-independent).
	Size int
	// Value arguments are a byte passed in the low register of the pair (uint8_t), not a pointer.
	Value bool
}

// BufferKinds returns the buffer table, in layout order. The slice is new on each call.
func BufferKinds() []BufferKind {
	return []BufferKind{
		{Role: RoleBlock, Dir: kernel.InOut, Counted: false, Align: 16, Doc: "the input block; the routine leaves its result in it"},
		{Role: RoleIn, Dir: kernel.In, Counted: false, Align: 16, Doc: "the input block, read only"},
		{Role: RoleOut, Dir: kernel.Out, Counted: false, Align: 16, Doc: "the output block"},
		{Role: RoleKey, Dir: kernel.In, Counted: false, Align: 16, Doc: "the master key"},
		{Role: RoleRK, Dir: kernel.In, Counted: true, Align: 256, Doc: "round keys prepared by the harness in the task's layout"},
		{Role: RoleRKOut, Dir: kernel.Out, Counted: true, Align: 256, Doc: "an empty buffer the routine fills with round keys"},
		{Role: RoleRand, Dir: kernel.In, Counted: false, Align: 16, Doc: "random bytes, fresh for every call (masks)"},
	}
}

// bufferKind returns the row of role r, or nil.
func bufferKind(r Role) *BufferKind {
	for _, k := range BufferKinds() {
		if k.Role == r {
			return &k
		}
	}
	return nil
}

// roleNames lists the roles for messages.
func roleNames() string {
	var s []string
	for _, k := range BufferKinds() {
		s = append(s, string(k.Role))
	}
	return strings.Join(s, ", ")
}

// Call is a calling convention: the routine to enter and the buffers its pointer arguments point at,
// in avr-gcc's argument order (the first in r25:r24, then r23:r22, r21:r20, ... down to r9:r8).
type Call struct {
	// Entry is a symbol, or a flash byte address written as a number ("0x1A0").
	Entry string
	Args  []Role
	// Writable lists the read-only inputs the routine may overwrite, written NAME! in the spec
	// ("AES_Encrypt128(in, out, key!)": a key expanded in place). The harness refills them before
	// every call and does not check them after it; the bytes the routine touches in them count as
	// RAM, as its working memory.
	Writable []Role
}

// writable reports whether the call lets the routine overwrite the buffer of role r.
func (c Call) writable(r Role) bool {
	for _, w := range c.Writable {
		if w == r {
			return true
		}
	}
	return false
}

// maxArgs is how many 16-bit arguments avr-gcc passes in registers (r25:r24 down to r9:r8).
const maxArgs = 9

// argReg returns the low register of argument i: 24, 22, 20, ...
func argReg(i int) int { return 24 - 2*i }

// ArgRegisters returns the register pair of argument i as avr-gcc writes it ("r25:r24").
func ArgRegisters(i int) string { return textf.Sprintf("r%d:r%d", argReg(i)+1, argReg(i)) }

// String writes the call as it is given to -call: "NAME(ARG, ...)".
func (c Call) String() string {
	s := make([]string, len(c.Args))
	for i, a := range c.Args {
		s[i] = string(a)
		if c.writable(a) {
			s[i] += "!"
		}
	}
	return c.Entry + "(" + strings.Join(s, ", ") + ")"
}

// has reports whether the call passes a buffer of role r.
func (c Call) has(r Role) bool {
	for _, a := range c.Args {
		if a == r {
			return true
		}
	}
	return false
}

// ParseCall reads a block cipher's call spec "NAME(ARG, ...)": NAME a symbol or a byte address, each
// ARG one of the roles (block, in, out, key, rk, rkout, rand), each role at most once. An input the
// routine may overwrite is written with a '!' after it (key!, in!, rk!): see Call.Writable.
func ParseCall(s string) (Call, error) { return parseCall(s, BufferKinds(), true) }

// ParseCallFor reads a call spec of task t: a block cipher's roles, or the buffer names of a kernel.
func ParseCallFor(s string, t *Task) (Call, error) {
	return parseCall(s, t.BufferKinds(), t.Kind != KindKernel)
}

func parseCall(s string, kinds []BufferKind, cipherRules bool) (Call, error) {
	var names []string
	known := map[Role]bool{}
	for _, k := range kinds {
		names = append(names, string(k.Role))
		known[k.Role] = true
	}
	list := strings.Join(names, ", ")
	entry, args, ok := splitCallSyntax(s)
	if !ok {
		return Call{}, textf.Errorf("call %q: want NAME(ARG, ...), e.g. cham64_encrypt(out, in, rk); ARG is one of %s", s, list)
	}
	c := Call{Entry: entry}
	if strings.TrimSpace(args) == "" {
		return c, nil
	}
	dirs := map[Role]BufferKind{}
	for _, k := range kinds {
		dirs[k.Role] = k
	}
	for _, a := range strings.Split(args, ",") {
		name, bang := strings.CutSuffix(strings.TrimSpace(a), "!")
		r := Role(strings.ToLower(strings.TrimSpace(name)))
		if !known[r] {
			return Call{}, textf.Errorf("call %q: unknown argument %q (known: %s)", s, strings.TrimSpace(a), list)
		}
		if c.has(r) {
			return Call{}, textf.Errorf("call %q: %s passed twice", s, string(r))
		}
		if bang {
			if k := dirs[r]; k.Dir != kernel.In || k.Value {
				return Call{}, textf.Errorf("call %q: %s!: only a read-only input buffer can be marked writable (%s is %s)", s, string(r), string(r), k.Dir.String())
			}
			c.Writable = append(c.Writable, r)
		}
		c.Args = append(c.Args, r)
	}
	if len(c.Args) > maxArgs {
		return Call{}, textf.Errorf("call %q: %d arguments; avr-gcc passes at most %d in registers", s, len(c.Args), maxArgs)
	}
	if !cipherRules {
		return c, nil
	}
	if c.has(RoleBlock) && (c.has(RoleIn) || c.has(RoleOut)) {
		return Call{}, textf.Errorf("call %q: block is in and out at once; use block, or in and out", s)
	}
	if c.has(RoleIn) != c.has(RoleOut) {
		return Call{}, textf.Errorf("call %q: in and out go together (or use block for in place)", s)
	}
	return c, nil
}

// entryAddress returns the byte address an entry names as a number, and whether it is one.
func entryAddress(entry string) (uint32, bool) {
	v, err := strconv.ParseUint(entry, 0, 32)
	if err != nil {
		return 0, false
	}
	return uint32(v), true
}

// DetectCall returns the call spec named by a line "; avrlab call: NAME(ARG, ...)" within the first 20
// lines of src, or "" when there is none.
func DetectCall(src []byte) string {
	lines := bytes.SplitN(src, []byte("\n"), 21)
	if len(lines) > 20 {
		lines = lines[:20]
	}
	for _, l := range lines {
		if v, ok := lineValue(bytes.TrimRight(l, "\r"), "call", callValue); ok {
			return string(v)
		}
	}
	return ""
}

// DetectRK returns the round-key table symbol named by a line "; avrlab rk: NAME" within the first 20
// lines of src (the Options.RK of a source whose table is not the task's, such as a paper's LUT_1), or
// "" when there is none.
func DetectRK(src []byte) string {
	lines := bytes.SplitN(src, []byte("\n"), 21)
	if len(lines) > 20 {
		lines = lines[:20]
	}
	for _, l := range lines {
		if v, ok := lineValue(l, "rk", rkValue); ok {
			return string(v)
		}
	}
	return ""
}

// Scenario is one of the measured situations of the published tables, as a row: which way the
// cipher runs, the default entry and the default call.
type Scenario struct {
	Name    string
	Decrypt bool // the routine decrypts: its input is a ciphertext
	// Args are the default call's arguments; nil means (block) with the source's round-key table when
	// the source defines the task's round-key symbol, (block, rk) otherwise.
	Args []Role
	Doc  string
}

// ScenarioTable returns the scenarios in the order the CLI documents them.
func ScenarioTable() []Scenario {
	return []Scenario{
		{Name: ScenarioFixedKey, Doc: "void ENTRY(uint8_t *block) with the round keys in the source's table, " +
			"or void ENTRY(uint8_t *block, const uint8_t *rk) with them in SRAM"},
		{Name: ScenarioKeySchedule, Args: []Role{RoleBlock, RoleKey, RoleRKOut},
			Doc: "void ENTRY(uint8_t *block, const uint8_t *key, uint8_t *rk): schedule the keys into rk, then encrypt"},
		{Name: ScenarioDecrypt, Decrypt: true, Doc: "as fixed-key, decrypting (entry: the task's decryption symbol)"},
		{Name: ScenarioEncryptKS, Args: []Role{RoleBlock, RoleKey},
			Doc: "void ENTRY(uint8_t *block, const uint8_t *key): encrypt in place, scheduling the keys in the call (the ECRYPT scenario of the ATtiny45 table)"},
		{Name: ScenarioDecryptKS, Decrypt: true, Args: []Role{RoleBlock, RoleKey},
			Doc: "void ENTRY(uint8_t *block, const uint8_t *key): decrypt in place, scheduling the keys in the call (the ATtiny45 table's decryption column; entry: the task's decryption symbol)"},
		{Name: ScenarioKernel, Doc: "a kernel task's routine with its buffers in the task's order (avrlab tasks -v ID)"},
	}
}

// LookupScenario returns the scenario called name, or nil.
func LookupScenario(name string) *Scenario {
	for _, s := range ScenarioTable() {
		if s.Name == name {
			return &s
		}
	}
	return nil
}

// BufferKinds returns the buffer table of task t, with the sizes: a block cipher's roles, or a kernel's
// arguments in its order.
func (t *Task) BufferKinds() []BufferKind {
	var out []BufferKind
	if t.Kernel == nil {
		for _, k := range BufferKinds() {
			k.Size = t.bufferSize(k.Role)
			out = append(out, k)
		}
		return out
	}
	for _, a := range t.Kernel.Args {
		out = append(out, BufferKind{Role: Role(a.Name), Dir: a.Dir, Align: 16, Doc: a.Doc, Size: a.Size, Value: a.Kind == kernel.Byte})
	}
	return out
}

// defaultArgs returns a kernel's arguments in order.
func (t *Task) defaultArgs() []Role {
	var out []Role
	for _, k := range t.BufferKinds() {
		out = append(out, k.Role)
	}
	return out
}

// Calls describes the default call of each scenario for task t, one line per scenario, as
// `avrlab tasks -v` prints them.
func (t *Task) Calls() []string {
	if t.Kind == KindKernel {
		return []string{textf.Sprintf("%-13s %s   /* %s */", ScenarioKernel, Call{Entry: t.Entry, Args: t.defaultArgs()}.String(), t.Kernel.Prototype())}
	}
	var out []string
	for _, sc := range ScenarioTable() {
		if sc.Name == ScenarioKernel {
			continue
		}
		entry := t.Entry
		if sc.Decrypt {
			entry = t.DecEntry
		}
		var line string
		if sc.Args == nil {
			line = textf.Sprintf("%s(block) with the round keys in the source's %s, else %s(block, rk)", entry, t.RK, entry)
		} else {
			line = Call{Entry: entry, Args: sc.Args}.String()
		}
		out = append(out, textf.Sprintf("%-13s %s", sc.Name, line))
	}
	return out
}

// BufferSizes describes the task's buffers ("block 8 B in/out, ..."), for `avrlab tasks -v`.
func (t *Task) BufferSizes() string {
	var s []string
	for _, k := range t.BufferKinds() {
		c := ""
		if k.Counted {
			c = ", counted"
		}
		if k.Value {
			s = append(s, textf.Sprintf("%s uint8_t", string(k.Role)))
			continue
		}
		s = append(s, textf.Sprintf("%s %d B (%s%s)", string(k.Role), k.Size, k.Dir.String(), c))
	}
	return strings.Join(s, ", ")
}

// DetectDevice returns the device named by a line "; avrlab device: NAME" within the first 20 lines
// of src, or "" when there is none: a source that needs another device than its task's (a masked
// AES-128 whose masked S-box table does not fit the ATtiny45's 256 bytes of SRAM) says so there.
func DetectDevice(src []byte) string {
	lines := bytes.SplitN(src, []byte("\n"), 21)
	if len(lines) > 20 {
		lines = lines[:20]
	}
	for _, l := range lines {
		if v, ok := lineValue(l, "device", deviceValue); ok {
			return string(v)
		}
	}
	return ""
}
