package wasmdata

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"maps"
	"slices"
	"strings"
)

// The fields of a _func that RenameFuncs reads, and the function ids it keeps names for
// (internal/abi.FuncID).
const (
	funcNameOff   = 4  // _func.nameOff: the name's offset in funcnametab (0: no name)
	funcFuncID    = 40 // _func.funcID
	funcIDWrapper = 23 // abi.FuncIDWrapper: compiler-made code, among it the wrappers panicwrap reads

	// chainLen is how many functions share one run of a short-name chain (see RenameFuncs).
	chainLen = 16
	// runtimePrefix is what the runtime looks for at the start of a name: a goroutine started in
	// such a function is a system goroutine (isSystemGoroutine), and a traceback hides its frames.
	runtimePrefix = "runtime."
)

// Names maps the short names RenameFuncs gave a module's functions back to the names the runtime
// would have printed for them (the printed form: a generic function's shapes as "[...]").
type Names map[string]string

// RenameFuncs returns module, a Go program built for GOOS=js GOARCH=wasm whose inline trees
// StripTraceback has left out, with each function's name replaced by a short one that no other
// function has, the bytes the long names took zeroed, and the table that gives the names back.
//
// The runtime reads a function's name to print it (tracebacks, fatal errors), for runtime.Frames and
// FuncForPC, and in three places for what it does: whether a goroutine's start function begins with
// "runtime." (a system goroutine, left out of NumGoroutine and of the deadlock check), which value
// method a wrapper called on a nil pointer wraps (panicwrap parses the wrapper's name into its panic
// message), and whether a frame is reflect's makeFuncStub or methodValueCall. So a short name keeps
// "runtime." where the name had it, and the names of wrappers, of those two stubs, of
// runtime.gopanic (printed "panic") and of the runtime's exported functions stay as they are; every
// other name becomes one that a traceback shows and hides exactly as it did the long one. What a
// program computes is the same, and a traceback it prints, with each short name replaced through the
// table (Names.Translate), is the one it printed before.
//
// The short names are suffixes of chains: a run of up to chainLen functions shares the bytes
// ".....•_id" (or "runtime.runtime.•_id" for the runtime's), each function's name starting one unit
// further in, so that a function costs a byte or so of names and offsets that grow by one unit.
// It fails, never panicking, on a module it cannot read, one that keeps an inline tree (whose calls
// name functions too: StripTraceback first), and names outside funcnametab.
func RenameFuncs(module []byte) (out []byte, names Names, err error) {
	names = Names{}
	out, _, _, err = rewriteFuncTable(module, func(t *funcTable) (int, int, error) {
		return t.rename(names)
	})
	if err != nil {
		return nil, nil, err
	}
	return out, names, nil
}

// shortNamer lays out the new funcnametab: the kept names and the chains of short ones.
type shortNamer struct {
	tab   []byte
	kind  int // the open chain's: 0 none, 1 dots, 2 "runtime."
	count int // functions in the open chain
	id    int // the next chain's number
	open  []uint32
	names Names
	long  []string // the printed names of the open chain's functions, in order
}

// keep appends name itself and returns its offset.
func (s *shortNamer) keep(name string) uint32 {
	s.close()
	off := uint32(len(s.tab))
	s.tab = append(append(s.tab, name...), 0)
	return off
}

// short returns the offset of a new short name for the function printed as long: the next unit of
// the open chain when it is of the same kind and not full, else of a new one.
func (s *shortNamer) short(runtime bool, long string) uint32 {
	kind := 1
	if runtime {
		kind = 2
	}
	if s.kind != kind || s.count == chainLen {
		s.close()
		s.kind = kind
	}
	off := uint32(len(s.tab))
	if kind == 2 {
		s.tab = append(s.tab, runtimePrefix...)
	} else {
		s.tab = append(s.tab, '.')
	}
	s.count++
	s.open = append(s.open, off)
	s.long = append(s.long, long)
	return off
}

// close ends the open chain with its number, so that its names are known.
func (s *shortNamer) close() {
	if s.kind == 0 {
		return
	}
	end := len(s.tab)
	s.tab = append(s.tab, '_')
	s.tab = append(s.tab, fmt.Sprintf("%x", s.id)...)
	tail := string(s.tab[end:])
	s.tab = append(s.tab, 0)
	for i, off := range s.open {
		s.names[string(s.tab[off:end])+tail] = s.long[i]
	}
	s.id++
	s.kind, s.count, s.open, s.long = 0, 0, s.open[:0], s.long[:0]
}

// rename is RenameFuncs on the image's function table.
func (t *funcTable) rename(names Names) (funcs, zeroed int, err error) {
	s := &shortNamer{tab: []byte{0}, names: names} // offset 0 is "no name"
	moved := map[uint32]uint32{}
	for i := range t.nfunc {
		off := uint64(binary.LittleEndian.Uint32(t.ftab[i*functabStride+4:]))
		if off > uint64(len(t.pclntable)) || uint64(len(t.pclntable))-off < funcPcdata {
			return 0, 0, fmt.Errorf("wasmdata: Go's function table: function %d at %d, outside pclntable", i, off)
		}
		f := t.pclntable[off:]
		if err := t.checkNoInlineTree(f); err != nil {
			return 0, 0, fmt.Errorf("wasmdata: Go's function table: function %d: %v", i, err)
		}
		old := binary.LittleEndian.Uint32(f[funcNameOff:])
		if old == 0 {
			continue
		}
		nw, ok := moved[old]
		if !ok {
			name, err := nameAt(t.funcnametab, old)
			if err != nil {
				return 0, 0, err
			}
			if keepName(name, f[funcFuncID]) {
				nw = s.keep(name)
			} else {
				nw = s.short(strings.HasPrefix(name, runtimePrefix), nameForPrint(name))
			}
			moved[old] = nw
		}
		binary.LittleEndian.PutUint32(f[funcNameOff:], nw)
		funcs++
	}
	s.close()
	if len(s.tab) > len(t.funcnametab) {
		return 0, 0, fmt.Errorf("wasmdata: the short names (%d bytes) do not fit in funcnametab (%d)", len(s.tab), len(t.funcnametab))
	}
	for i := range t.funcnametab {
		var b byte
		if i < len(s.tab) {
			b = s.tab[i]
		}
		if t.funcnametab[i] != b {
			t.funcnametab[i] = b
			zeroed++
		}
	}
	return funcs, zeroed, nil
}

// checkNoInlineTree fails when the _func at the start of f still has an inline tree, whose
// records name functions by their offsets in funcnametab too.
func (t *funcTable) checkNoInlineTree(f []byte) error {
	np, nfd := int(binary.LittleEndian.Uint32(f[funcNpcdata:])), int(f[funcNfuncdata])
	if np > maxPcdata || len(f) < funcPcdata+4*(np+nfd) {
		return fmt.Errorf("%d pcdata and %d funcdata tables", np, nfd)
	}
	if nfd > funcdataInlTree && binary.LittleEndian.Uint32(f[funcPcdata+4*np+4*funcdataInlTree:]) != noFuncdata {
		return fmt.Errorf("it has an inline tree (StripTraceback first)")
	}
	return nil
}

// keepName reports whether the runtime reads the name of a function with id funcID for what it
// does or prints it other than as it is: see RenameFuncs.
func keepName(name string, funcID byte) bool {
	switch {
	case funcID == funcIDWrapper:
		return true
	case name == "runtime.gopanic", name == "reflect.makeFuncStub", name == "reflect.methodValueCall":
		return true
	}
	return exportedRuntime(name)
}

// exportedRuntime reports whether a traceback shows the runtime's function name although it hides
// the runtime's frames: an exported function, or an exported method of an exported type.
func exportedRuntime(name string) bool {
	rest, ok := strings.CutPrefix(name, runtimePrefix)
	if !ok {
		return false
	}
	recv := ""
	if i := strings.LastIndexByte(rest, '.'); i >= 0 {
		recv, rest = rest[:i], rest[i+1:]
		if len(recv) >= 3 && strings.HasPrefix(recv, "(*") && strings.HasSuffix(recv, ")") {
			recv = recv[2 : len(recv)-1]
		}
	}
	upper := func(s string) bool { return s != "" && 'A' <= s[0] && s[0] <= 'Z' }
	return upper(rest) && (recv == "" || upper(recv))
}

// nameForPrint is how the runtime prints a function's name: from a generic function's first '[' to
// its last ']' as "[...]".
func nameForPrint(name string) string {
	i, j := strings.IndexByte(name, '['), strings.LastIndexByte(name, ']')
	if i < 0 || j <= i {
		return name
	}
	return name[:i] + "[...]" + name[j+1:]
}

// nameAt returns the name at off of funcnametab.
func nameAt(tab []byte, off uint32) (string, error) {
	if uint64(off) >= uint64(len(tab)) {
		return "", fmt.Errorf("wasmdata: Go's function table: a name at %d, outside funcnametab", off)
	}
	n := bytes.IndexByte(tab[off:], 0)
	if n < 0 {
		return "", fmt.Errorf("wasmdata: Go's function table: the name at %d runs past funcnametab", off)
	}
	return string(tab[off : off+uint32(n)]), nil
}

// Marshal writes the table as text, a line "short\tname" for each function, sorted by short name.
func (n Names) Marshal() []byte {
	var b bytes.Buffer
	for _, k := range slices.Sorted(maps.Keys(n)) {
		b.WriteString(k)
		b.WriteByte('\t')
		b.WriteString(n[k])
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// ParseNames reads a table Marshal wrote; lines that start with '#' are comments.
func ParseNames(text []byte) (Names, error) {
	n := Names{}
	for i, line := range bytes.Split(text, []byte("\n")) {
		if len(line) == 0 || line[0] == '#' {
			continue
		}
		short, long, ok := bytes.Cut(line, []byte("\t"))
		if !ok || !isShortName(string(short)) {
			return nil, fmt.Errorf("wasmdata: names line %d: not a short name and a tab", i+1)
		}
		n[string(short)] = string(long)
	}
	return n, nil
}

// Translate returns text (what a program printed: a traceback, a fatal error) with every short
// name of the table that stands alone in it replaced by its function's name.
func (n Names) Translate(text string) string {
	var b strings.Builder
	for i := 0; i < len(text); {
		if j := shortNameEnd(text, i); j > i && (i == 0 || !isNamePart(text[i-1])) {
			if long, ok := n[text[i:j]]; ok {
				b.WriteString(long)
				i = j
				continue
			}
		}
		b.WriteByte(text[i])
		i++
	}
	return b.String()
}

// shortNameEnd returns the end of the short name at text[i:] (i when none starts there): a run of
// "runtime." or of '.', then '_' and lower-case hex digits.
func shortNameEnd(text string, i int) int {
	j := i
	if strings.HasPrefix(text[j:], runtimePrefix) {
		for strings.HasPrefix(text[j:], runtimePrefix) {
			j += len(runtimePrefix)
		}
	} else {
		for j < len(text) && text[j] == '.' {
			j++
		}
	}
	if j == i || j >= len(text) || text[j] != '_' {
		return i
	}
	j++
	k := j
	for k < len(text) && (text[k] >= '0' && text[k] <= '9' || text[k] >= 'a' && text[k] <= 'f') {
		k++
	}
	if k == j || k < len(text) && isNamePart(text[k]) {
		return i
	}
	return k
}

// isShortName reports whether s is a whole short name as RenameFuncs writes them.
func isShortName(s string) bool { return shortNameEnd(s, 0) == len(s) && s != "" }

// isNamePart reports whether c may continue a Go symbol name next to a short one.
func isNamePart(c byte) bool {
	return c == '_' || c == '.' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}
