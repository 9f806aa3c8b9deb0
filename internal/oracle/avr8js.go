package oracle

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// Avr8jsVersion is the avr8js release the browser comparison runs (.ci/run installs it).
const Avr8jsVersion = "0.21.1"

// Avr8jsDir returns the directory of the avr8js npm package (its package.json and dist/), or "":
// $AVR8JS_DIR, else the copy .ci/run installs under the user cache directory
// (avrlab-npm/node_modules/avr8js), else the global npm root's.
func Avr8jsDir() string {
	var dirs []string
	if d := os.Getenv("AVR8JS_DIR"); d != "" {
		dirs = append(dirs, d)
	}
	if c, err := os.UserCacheDir(); err == nil {
		dirs = append(dirs, filepath.Join(c, "avrlab-npm", "node_modules", "avr8js"))
	}
	if out, err := exec.Command("npm", "root", "-g").Output(); err == nil {
		dirs = append(dirs, filepath.Join(strings.TrimSpace(string(out)), "avr8js"))
	}
	for _, d := range dirs {
		if _, err := os.Stat(filepath.Join(d, "dist", "esm", "index.js")); err == nil {
			return d
		}
	}
	return ""
}

// NeedAvr8js returns Avr8jsDir, or skips the test with an install hint, or fails it when the
// environment variable CI is set.
func NeedAvr8js(tb testing.TB) string {
	tb.Helper()
	if d := Avr8jsDir(); d != "" {
		return d
	}
	if os.Getenv("CI") != "" {
		tb.Fatal("avr8js not found (CI is set; .ci/run installs it)")
	}
	tb.Skip("avr8js not found; install with: npm install --prefix ~/.cache/avrlab-npm avr8js@" + Avr8jsVersion + " (or set AVR8JS_DIR)")
	return ""
}
