package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// nttExample is a bench long enough (its default vectors) that NewNative translates it.
const nttExample = "../../examples/ntt256-xmega.S"

// cacheEntries returns the compilation cache's entries under dir (wazero's version directory),
// by name.
func cacheEntries(t *testing.T, dir string) map[string]os.FileInfo {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(dir, "wazero-*", "*"))
	if err != nil {
		t.Fatal(err)
	}
	m := map[string]os.FileInfo{}
	for _, n := range names {
		st, err := os.Stat(n)
		if err != nil {
			t.Fatal(err)
		}
		m[n] = st
	}
	return m
}

// largestEntry names the largest entry (the NTT's code module; the memory module's is 35 bytes).
func largestEntry(t *testing.T, entries map[string]os.FileInfo) string {
	t.Helper()
	var big string
	for n, st := range entries {
		if big == "" || st.Size() > entries[big].Size() {
			big = n
		}
	}
	if big == "" || entries[big].Size() < 1000 {
		t.Fatalf("no module's code in the cache: %v", slices.Collect(func(yield func(string) bool) {
			for n := range entries {
				if !yield(n) {
					return
				}
			}
		}))
	}
	return big
}

// benchNTT runs `avrlab bench -json -seed 1` on the NTT example with args, and fails the test unless
// it passes.
func benchNTT(t *testing.T, args ...string) (stdout, stderr string) {
	t.Helper()
	code, out, errOut := runCLI(t, append(append([]string{"bench", "-json", "-seed", "1"}, args...), nttExample)...)
	if code != 0 {
		t.Fatalf("bench %v: exit %d: %s", args, code, errOut)
	}
	return out, errOut
}

// TestCacheSecondRun: a second bench on the same cache directory reads the compiled modules
// (every entry stays the file the first wrote: a miss writes a new one and renames it over) and
// reports byte for byte what the first, and the interpreter, did.
func TestCacheSecondRun(t *testing.T) {
	dir := t.TempDir()
	first, errOut := benchNTT(t, "-cache", dir)
	if errOut != "" {
		t.Errorf("stderr: %s", errOut)
	}
	entries := cacheEntries(t, dir)
	largestEntry(t, entries)
	second, errOut := benchNTT(t, "-cache", dir)
	if errOut != "" {
		t.Errorf("stderr: %s", errOut)
	}
	if second != first {
		t.Errorf("the second report differs:\n%s\nfirst:\n%s", second, first)
	}
	again := cacheEntries(t, dir)
	if len(again) != len(entries) {
		t.Errorf("%d entries after the second run, %d after the first", len(again), len(entries))
	}
	for n, st := range entries {
		if a, ok := again[n]; !ok || !os.SameFile(a, st) {
			t.Errorf("%s was written again: the second run missed the cache", n)
		}
	}
	if interp, _ := benchNTT(t, "-interp", "-cache", dir); interp != first {
		t.Errorf("the interpreter's report differs:\n%s\ntranslated:\n%s", interp, first)
	}
}

// TestCacheBadEntry: an entry with a byte flipped in its code, cut short or emptied still gives the
// same report, says so once, and is written anew for the next run.
func TestCacheBadEntry(t *testing.T) {
	dir := t.TempDir()
	want, _ := benchNTT(t, "-cache", dir)
	big := largestEntry(t, cacheEntries(t, dir))
	good, err := os.ReadFile(big)
	if err != nil {
		t.Fatal(err)
	}
	flipped := slices.Clone(good)
	flipped[len(flipped)/2] ^= 0x40
	for _, c := range []struct {
		name string
		data []byte
	}{{"a byte of its code flipped", flipped}, {"cut to half", good[:len(good)/2]}, {"empty", nil}} {
		if err := os.WriteFile(big, c.data, 0o600); err != nil {
			t.Fatal(err)
		}
		got, errOut := benchNTT(t, "-cache", dir)
		if got != want {
			t.Errorf("%s: the report differs:\n%s\nwant:\n%s", c.name, got, want)
		}
		if strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, "compilationcache:") {
			t.Errorf("%s: stderr %q, want one line on the bad entry", c.name, errOut)
		}
		if b, err := os.ReadFile(big); err != nil || !slices.Equal(b, good) {
			t.Errorf("%s: the entry was not written again (%d bytes, %v)", c.name, len(b), err)
		}
	}
	if _, errOut := benchNTT(t, "-cache", dir); errOut != "" {
		t.Errorf("after the repairs, stderr: %s", errOut)
	}
}

// TestCacheOff: -cache off and AVRLAB_CACHE=off write nothing, the default writes in the user's
// cache directory, and -cache wins over AVRLAB_CACHE.
func TestCacheOff(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CACHE_HOME", filepath.Join(home, "cache"))
	base, err := os.UserCacheDir()
	if err != nil || !strings.HasPrefix(base, home) {
		t.Skipf("the user cache directory %q (%v) is not under HOME here", base, err)
	}
	env := t.TempDir()
	t.Setenv(cacheEnv, env)
	want, _ := benchNTT(t, "-cache", "off")
	t.Setenv(cacheEnv, "off")
	if got, _ := benchNTT(t); got != want {
		t.Errorf("AVRLAB_CACHE=off: the report differs")
	}
	if n, _ := filepath.Glob(filepath.Join(env, "*")); len(n) != 0 {
		t.Errorf("-cache off wrote %v", n)
	}
	if _, err := os.Stat(base); err == nil {
		t.Errorf("AVRLAB_CACHE=off wrote %s", base)
	}
	t.Setenv(cacheEnv, "")
	if got, _ := benchNTT(t); got != want {
		t.Errorf("with the default cache: the report differs")
	}
	largestEntry(t, cacheEntries(t, filepath.Join(base, "avrlab")))
}

// TestCacheUnusable: a cache directory that cannot be made, or that other users may write, is said
// once on stderr and left alone; the bench gives the same report.
func TestCacheUnusable(t *testing.T) {
	want, _ := benchNTT(t, "-cache", "off")
	tmp := t.TempDir()
	file := writeFile(t, tmp, "file", "")
	shared := filepath.Join(tmp, "shared")
	if err := os.Mkdir(shared, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(shared, 0o777); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ dir, says string }{{filepath.Join(file, "cache"), "not a directory"}, {shared, "writable by other users"}} {
		got, errOut := benchNTT(t, "-cache", c.dir)
		if got != want {
			t.Errorf("%s: the report differs", c.dir)
		}
		if strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, c.says) {
			t.Errorf("%s: stderr %q, want one line saying %q", c.dir, errOut, c.says)
		}
	}
	if n, _ := filepath.Glob(filepath.Join(shared, "*")); len(n) != 0 {
		t.Errorf("the shared directory was written: %v", n)
	}
}

// TestCacheGrade: grade's children share the parent's cache directory (two submissions of one
// program write the same entry at once); a second grade reads it and gives the same table.
func TestCacheGrade(t *testing.T) {
	class, cache := t.TempDir(), t.TempDir()
	ntt := readFile(t, nttExample)
	mkfile(t, class, "a.S", ntt)
	mkfile(t, class, "b.S", ntt)
	grade := func() string {
		run := runBinary(t, class, 60*time.Second, "grade", "-json", "-seed", "1", "-cache", cache, ".")
		if run.code != 0 || run.stderr != "" {
			t.Fatalf("exit %d: %s", run.code, run.stderr)
		}
		return run.stdout
	}
	first := grade()
	entries := cacheEntries(t, cache)
	largestEntry(t, entries)
	if second := grade(); second != first {
		t.Errorf("the second table differs:\n%s\nfirst:\n%s", second, first)
	}
	for n, st := range cacheEntries(t, cache) {
		if old, ok := entries[n]; !ok || !os.SameFile(old, st) {
			t.Errorf("%s was written by the second grade", n)
		}
	}
}
