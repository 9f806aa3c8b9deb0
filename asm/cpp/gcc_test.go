package cpp_test

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/avrlab/avrlab/asm/cpp"
	"github.com/avrlab/avrlab/asm/internal/srcfile"
	"github.com/avrlab/avrlab/internal/oracle"
)

var update = flag.Bool("update", false, "rewrite the avr-gcc answers in testdata/gcc from the real avr-gcc")

// avrLibcInclude is where Debian's avr-libc puts its headers.
const avrLibcInclude = "/usr/lib/avr/include"

// needGCC reports whether avr-gcc is installed; without it the test is
// skipped, or fails when the environment variable CI is set.
func needGCC(t *testing.T) bool {
	t.Helper()
	if _, err := exec.LookPath("avr-gcc"); err == nil {
		return true
	}
	if oracle.InCI() {
		oracle.RequireTool(t, "avr-gcc", "install with: apt-get install gcc-avr binutils-avr avr-libc") // fails the test
	}
	return false
}

// runGCC runs avr-gcc's preprocessor the way avr-gcc treats a .S file, in
// dir, and returns its output and error output.
func runGCC(t *testing.T, dir string, args ...string) (string, string) {
	t.Helper()
	cmd := exec.Command("avr-gcc", append([]string{"-E", "-x", "assembler-with-cpp", "-P"}, args...)...)
	cmd.Dir = dir
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil {
		var exit *exec.ExitError
		if !errors.As(err, &exit) {
			t.Fatalf("avr-gcc: %v", err)
		}
	}
	return out.String(), errOut.String()
}

// words splits preprocessed text into tokens for comparison: string
// literals whole, runs of [A-Za-z0-9_.$] whole, any other non-blank byte
// alone. Spacing is ignored (GNU cpp spaces its output differently).
func words(line string) []string {
	var w []string
	for i := 0; i < len(line); {
		c := line[i]
		switch {
		case c == ' ' || c == '\t' || c == '\r':
			i++
		case c == '"':
			j := i + 1
			for j < len(line) && line[j] != '"' {
				if line[j] == '\\' {
					j++
				}
				j++
			}
			j = min(j+1, len(line))
			w = append(w, line[i:j])
			i = j
		case c == '_' || c == '.' || c == '$' || c >= '0' && c <= '9' || c|0x20 >= 'a' && c|0x20 <= 'z':
			j := i
			for j < len(line) {
				d := line[j]
				if !(d == '_' || d == '.' || d == '$' || d >= '0' && d <= '9' || d|0x20 >= 'a' && d|0x20 <= 'z') {
					break
				}
				j++
			}
			w = append(w, line[i:j])
			i = j
		default:
			w = append(w, line[i:i+1])
			i++
		}
	}
	return w
}

// nonBlank returns the token lists of the lines that have tokens.
func nonBlank(lines []string) [][]string {
	var r [][]string
	for _, l := range lines {
		if w := words(l); len(w) > 0 {
			r = append(r, w)
		}
	}
	return r
}

func compareLines(t *testing.T, got []cpp.Line, want string) {
	t.Helper()
	var texts []string
	for _, l := range got {
		texts = append(texts, l.Text)
	}
	g, w := nonBlank(texts), nonBlank(strings.Split(want, "\n"))
	for i := 0; i < max(len(g), len(w)); i++ {
		var gl, wl []string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if strings.Join(gl, " ") != strings.Join(wl, " ") {
			t.Errorf("line %d differs:\n got: %s\nwant: %s", i+1, strings.Join(gl, " "), strings.Join(wl, " "))
			return
		}
	}
}

// golden checks (or with -update writes) the file holding avr-gcc's
// answer, then returns the stored answer.
func golden(t *testing.T, path string, live func() string) string {
	t.Helper()
	if needGCC(t) {
		got := live()
		if *update {
			if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
				t.Fatal(err)
			}
		} else if old, err := os.ReadFile(path); err != nil || string(old) != got {
			t.Errorf("%s does not hold avr-gcc's current answer; run go test -run TestAgainstGCC -update", path)
		}
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Skipf("%v (install avr-gcc and run with -update)", err)
	}
	return string(b)
}

// TestAgainstGCC preprocesses each testdata/gcc/<case>/main.S and compares
// the token sequence of every non-blank line with avr-gcc -E -P's. The
// avr-gcc answers are stored next to the inputs (want.txt) so that the
// test also runs without the toolchain; when avr-gcc is installed they are
// checked to be current. One avr-gcc run per case.
func TestAgainstGCC(t *testing.T) {
	// avr-gcc predefines many macros (AVR, __AVR_ATmega128__ ...); the
	// assembler passes them as Defines, and so does this test.
	predef := golden(t, filepath.Join("testdata", "gcc", "predef.h"), func() string {
		out, _ := runGCC(t, ".", "-mmcu=atmega128", "-dM", os.DevNull)
		return out
	})
	defines := map[string]string{}
	for _, l := range strings.Split(predef, "\n") {
		if m := regexp.MustCompile(`^#define (\S+(?:\([^)]*\))?) ?(.*)$`).FindStringSubmatch(l); m != nil {
			defines[m[1]] = m[2]
		}
	}
	for _, name := range []string{"macros", "text", "includes", "conditionals", "program", "avrio"} {
		t.Run(name, func(t *testing.T) {
			dir := filepath.Join("testdata", "gcc", name)
			want := golden(t, filepath.Join(dir, "want.txt"), func() string {
				out, errOut := runGCC(t, dir, "-mmcu=atmega128", "-I", "sys", "main.S")
				if strings.Contains(errOut, "error") {
					t.Fatalf("avr-gcc complained:\n%s", errOut)
				}
				return out
			})
			src, err := os.ReadFile(filepath.Join(dir, "main.S"))
			if err != nil {
				t.Fatal(err)
			}
			cfg := cpp.Config{FS: srcfile.FromFS(os.DirFS(dir)), IncludeDirs: []string{"sys"}, Defines: defines}
			if name == "avrio" {
				_, err := os.Stat(filepath.Join(avrLibcInclude, "avr", "io.h"))
				oracle.Require(t, "avr-libc headers", err, "install with: apt-get install avr-libc")
				cfg.FS, cfg.IncludeDirs = srcfile.FromFS(os.DirFS(avrLibcInclude)), []string{"."}
			}
			lines, err := cpp.Preprocess("main.S", src, cfg)
			if err != nil {
				t.Fatal(err)
			}
			compareLines(t, lines, want)
		})
	}
	t.Run("errors", func(t *testing.T) {
		// GNU cpp words its messages differently; the lines must agree.
		dir := filepath.Join("testdata", "gcc", "errors")
		want := golden(t, filepath.Join(dir, "want.txt"), func() string {
			_, errOut := runGCC(t, dir, "-mmcu=atmega128", "main.S")
			var b strings.Builder
			for _, l := range strings.Split(errOut, "\n") {
				if strings.Contains(l, "error: ") {
					b.WriteString(l + "\n")
				}
			}
			return b.String()
		})
		var wantLines []string
		for _, m := range regexp.MustCompile(`(?m)^main\.S:(\d+):`).FindAllStringSubmatch(want, -1) {
			wantLines = append(wantLines, m[1])
		}
		src, err := os.ReadFile(filepath.Join(dir, "main.S"))
		if err != nil {
			t.Fatal(err)
		}
		_, err = cpp.Preprocess("main.S", src, cpp.Config{FS: srcfile.FromFS(os.DirFS(dir)), Defines: defines})
		var list cpp.ErrorList
		if !errors.As(err, &list) {
			t.Fatalf("want an ErrorList, got %v", err)
		}
		var gotLines []string
		for _, e := range list {
			gotLines = append(gotLines, fmt.Sprint(e.Pos.Line))
		}
		if strings.Join(gotLines, " ") != strings.Join(wantLines, " ") {
			t.Errorf("error lines: got %v, avr-gcc %v\nours:\n%v", gotLines, wantLines, err)
		}
	})
	t.Run("ifexpr", func(t *testing.T) {
		// Checks the hand-written answers of ifTests against avr-gcc (live
		// only: the table itself is the stored answer).
		if !needGCC(t) {
			t.Skip("avr-gcc not found: apt-get install gcc-avr")
		}
		var b strings.Builder
		for i, tc := range ifTests {
			fmt.Fprintf(&b, "#if %s\nyes%d\n#else\nno%d\n#endif\n", tc.expr, i, i)
		}
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "main.S"), []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		out, errOut := runGCC(t, dir, "-mmcu=atmega128", "main.S")
		if strings.Contains(errOut, "error") {
			t.Fatalf("avr-gcc:\n%s", errOut)
		}
		got := strings.Fields(out)
		if len(got) != len(ifTests) {
			t.Fatalf("avr-gcc gave %d answers for %d rows", len(got), len(ifTests))
		}
		for i, tc := range ifTests {
			want := fmt.Sprintf("no%d", i)
			if tc.want {
				want = fmt.Sprintf("yes%d", i)
			}
			if got[i] != want {
				t.Errorf("#if %s: avr-gcc says %s, table says %v", tc.expr, got[i], tc.want)
			}
		}
	})
}
