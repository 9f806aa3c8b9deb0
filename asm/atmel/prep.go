package atmel

import (
	"errors"
	"io/fs"
	"path"
	"strings"
	"unicode/utf8"

	"github.com/avrlab/avrlab/asm/cpp"
	"github.com/avrlab/avrlab/asm/internal/srcfile"
	"github.com/avrlab/avrlab/internal/srcpos"
	"github.com/avrlab/avrlab/internal/textf"
	"github.com/avrlab/avrlab/isa"
	"github.com/avrlab/avrlab/isa/devreg"
)

// eofMarker is the line the preprocessing step appends to every included file, so that the parser
// knows where an included file ends (for .exit). No source can write it: the preprocessor's output
// for a user's line never starts with this spelling unless the user typed it, and a name starting
// with "__" is reserved.
const eofMarker = ".__avrlab_end_of_file__"

// prepare turns an AVRASM2 source file into what the C preprocessor reads: ';' comments blanked
// (stripComments), and each .include line (the directive in any case, first on its line) turned into
// #include, spelled with as many characters, so that the preprocessor includes the file in place with
// its macros shared, as AVRASM2 does (the device definition files guard themselves with #ifndef).
// Included files (included true) end with the eofMarker line. includes lists the (1-based) lines
// whose .include became #include.
func prepare(src []byte, included bool) (out []byte, includes []int) {
	out = stripComments(src)
	copied := len(out) > 0 && &out[0] != &src[0]
	for i, line := 0, 1; i < len(out); line++ {
		j := i
		for j < len(out) && (out[j] == ' ' || out[j] == '\t') {
			j++
		}
		if j+8 <= len(out) && strings.EqualFold(string(out[j:j+8]), ".include") &&
			(j+8 == len(out) || out[j+8] == ' ' || out[j+8] == '\t' || out[j+8] == '"' || out[j+8] == '<') {
			if !copied {
				out = append([]byte(nil), out...)
				copied = true
			}
			copy(out[j:], "#include")
			includes = append(includes, line)
		}
		for i = j; i < len(out) && out[i] != '\n'; i++ {
		}
		i++
	}
	if included {
		if !copied {
			out = append([]byte(nil), out...)
		}
		// A blank line first ends a last line that has no newline or ends in a backslash.
		out = append(out, "\n\n"+eofMarker+"\n"...)
	}
	return out, includes
}

// preprocessConfig is what the preprocessing step needs from the assembly.
type preprocessConfig struct {
	fs                srcfile.Files
	include           []string // -I folders
	maxFile, maxTotal int64    // size limits of each file and of all files (0: srcfile's defaults)
	defines           map[string]string
	maxDepth          int
	warn              func(*cpp.Error)
	included          func(file string, at srcpos.Position)       // where each included file is first included
	followed          func(name, file string, at srcpos.Position) // every .include and #include met (cpp.Config.Followed)
}

// preprocess runs the C preprocessor of package asm/cpp over the prepared source: #define, #if, #include
// and the rest of AVRASM2's preprocessor, and .include (turned into #include by prepare). Included
// files are read with the size limits of cfg, the main source counted in, and prepared; a device definition
// file that the file system does not have ("m128def.inc", "tn45def.inc", in any case) is generated from
// the device tables of package isa/devreg, as AVRASM2 finds Atmel's files in its own folder.
//
// The lines holding a .include are returned by file (the preprocessor's messages about them say
// "#include").
func preprocess(name string, src []byte, cfg preprocessConfig) ([]cpp.Line, map[string][]int, error) {
	fsys := cfg.fs
	if fsys == nil {
		fsys = noFiles{} // the preprocessor reads no file without an FS, not even a generated one
	}
	includes := map[string][]int{}
	reader := &srcfile.Reader{FS: fsys, MaxFile: cfg.maxFile, MaxTotal: cfg.maxTotal, Used: int64(len(src))}
	read := func(p string) ([]byte, error) {
		b, err := reader.Read(p)
		if errors.Is(err, fs.ErrNotExist) {
			if dev := devreg.IncDevice(path.Base(p)); dev != "" {
				b, err = []byte(devreg.AtmelInc(dev)), nil
			}
		}
		if err != nil {
			return nil, err
		}
		out, incs := prepare(b, true)
		includes[p] = incs
		return out, nil
	}
	main, incs := prepare(src, false)
	includes[name] = incs
	lines, err := cpp.Preprocess(name, main, cpp.Config{
		DollarHex:       true, // the guide's preprocessor reads $abcd in #if (and #define bodies used there)
		FS:              fsys,
		IncludeDirs:     cfg.include,
		Defines:         cfg.defines,
		MaxIncludeDepth: cfg.maxDepth,
		ReadFile:        read,
		Warn:            cfg.warn,
		Included:        cfg.included,
		Followed:        cfg.followed,
		NotFound:        func(name string, dirs []string) string { return notFound(fsys, name, dirs) },
	})
	return lines, includes, err
}

// noFiles is a file system without files.
type noFiles struct{}

// StatSource says that name does not exist, as fs.Stat of an empty fs.FS does.
func (noFiles) StatSource(name string) (srcfile.Info, error) {
	return srcfile.Info{}, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
}

// OpenSource says that name does not exist.
func (noFiles) OpenSource(name string) (srcfile.File, error) {
	return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
}

// SourceNames says that dir does not exist, as fs.ReadDir of an empty fs.FS does.
func (noFiles) SourceNames(dir string) ([]string, error) {
	return nil, &fs.PathError{Op: "open", Path: dir, Err: fs.ErrNotExist}
}

// incPrefixes are the part prefixes of Atmel's device definition file names, in the order of the
// expression incPart stands for.
var incPrefixes = [...]string{"m", "tn", "pwm", "usb", "can", "atmega", "attiny", "atxmega", "at90s", "at90pwm", "at90usb", "at90can"}

// incPart matches the name of an Atmel device definition file (m161def.inc, tn13Adef.inc,
// 2313def.inc for the AT90S2313, pwm3def.inc, usb1287def.inc, can128def.inc, ATxmega128A1def.inc) as
// ^(?i)(m|tn|pwm|usb|can|atmega|attiny|atxmega|at90s|at90pwm|at90usb|at90can)?([0-9]+[a-z0-9]*)def\.inc$
// does, without the regexp package (TestIncPartAsRegexp, FuzzIncPart): the prefix (as written) and the
// part number, ok false when name is not one.
func incPart(name string) (prefix, num string, ok bool) {
	rest, ok := cutFoldSuffix(name, "def.inc")
	if !ok {
		return "", "", false
	}
	for _, p := range incPrefixes {
		if n, ok := foldPrefix(rest, p); ok && isPartNumber(rest[n:]) {
			return rest[:n], rest[n:], true
		}
	}
	if isPartNumber(rest) {
		return "", rest, true
	}
	return "", "", false
}

// foldPrefix matches lit (ASCII lower case) at the start of s as (?i) does, by Unicode simple case
// folding (where ſ is an s): the length of the match in s.
func foldPrefix(s, lit string) (int, bool) {
	n := 0
	for i := 0; i < len(lit); i++ {
		r, w := utf8.DecodeRuneInString(s[n:])
		if w == 0 || !strings.EqualFold(string(r), lit[i:i+1]) {
			return 0, false
		}
		n += w
	}
	return n, true
}

// cutFoldSuffix cuts lit (ASCII lower case, without s or k) from the end of s in any case.
func cutFoldSuffix(s, lit string) (string, bool) {
	if len(s) < len(lit) || !strings.EqualFold(s[len(s)-len(lit):], lit) {
		return s, false
	}
	return s[:len(s)-len(lit)], true
}

// isPartNumber reports whether s is [0-9]+[a-z0-9]* under (?i), where ſ and K (the Kelvin sign) are
// letters too.
func isPartNumber(s string) bool {
	if s == "" || s[0] < '0' || s[0] > '9' {
		return false
	}
	for _, r := range s {
		if !(r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r == 'ſ' || r == 'K') {
			return false
		}
	}
	return true
}

// IncPart returns the part an Atmel device definition file is for, spelled as Atmel does
// ("m161def.inc" → "ATmega161", "tn13Adef.inc" → "ATtiny13A", "2313def.inc" → "AT90S2313"), or "" for
// a name that is not one.
func IncPart(file string) string {
	prefix, part, ok := incPart(path.Base(file))
	if !ok {
		return ""
	}
	num := strings.ToUpper(part)
	switch strings.ToLower(prefix) {
	case "m", "atmega":
		return "ATmega" + num
	case "tn", "attiny":
		return "ATtiny" + num
	case "atxmega":
		return "ATxmega" + num
	case "pwm", "at90pwm":
		return "AT90PWM" + num
	case "usb", "at90usb":
		return "AT90USB" + num
	case "can", "at90can":
		return "AT90CAN" + num
	}
	return "AT90S" + num
}

// notFound is the message of an .include or #include whose file is in none of dirs: a device
// definition file of a part avrlab does not model says so, with the parts it models; a file beside
// the includer whose name differs only in case is named (AVRASM2 runs on Windows, where case does
// not matter; here it does).
func notFound(fsys srcfile.Files, name string, dirs []string) string {
	base := path.Base(name)
	if devreg.IncDevice(base) == "" {
		if part := IncPart(base); part != "" {
			return textf.Sprintf("avrlab does not model %s (%s is its device definition file); modelled parts: %s",
				part, base, strings.Join(modelledParts(), ", "))
		}
	}
	for _, dir := range dirs {
		names, err := fsys.SourceNames(dir)
		if err != nil {
			continue
		}
		for _, n := range names {
			if n != base && strings.EqualFold(n, base) {
				return textf.Sprintf("file not found, but %s is there: file names differ in case here (AVRASM2 on Windows ignores case)",
					quote(path.Join(dir, n)))
			}
		}
	}
	return ""
}

// modelledParts lists the parts avrlab models, as Atmel spells them.
func modelledParts() []string {
	var parts []string
	for _, name := range isa.DeviceNames() {
		parts = append(parts, partName(isa.LookupDevice(name)))
	}
	return parts
}
