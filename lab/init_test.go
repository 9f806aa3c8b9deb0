package lab

import (
	"bytes"
	"os"
	"os/exec"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// initBytes runs this test binary again, running no test, with GODEBUG=inittrace=1, and returns the
// bytes each package's initialisation allocated, by import path.
func initBytes(t *testing.T) map[string]int {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%v: %v\n%s", cmd, err, stderr.Bytes())
	}
	line := regexp.MustCompile(`(?m)^init (\S+) @[^,]*, [^,]* clock, (\d+) bytes, (\d+) allocs$`)
	out := map[string]int{}
	for _, m := range line.FindAllStringSubmatch(stderr.String(), -1) {
		n, _ := strconv.Atoi(m[2])
		out[m[1]] += n
	}
	if len(out) == 0 {
		t.Fatalf("no inittrace lines in\n%s", stderr.Bytes())
	}
	return out
}

// TestInitDoesNoWork holds the start-up of the packages the page's engine links to what their
// declarations cost: the task table (every reference run on its official vector), the embedded
// vectors' JSON, the kernels (P-192's constants in math/big) and the regular expressions are built
// on first use. In WebAssembly every function run at start-up is compiled then, so this is most of
// what the page's engine took before its first call. Before: lab 170 KB, lab/kernel 18 KB, asm/atmel
// 30 KB.
func TestInitDoesNoWork(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the test binary again")
	}
	got := initBytes(t)
	const mod = "github.com/avrlab/avrlab/"
	for pkg, max := range map[string]int{"lab": 4 << 10, "lab/kernel": 2 << 10, "lab/cipher": 1 << 10, "asm/atmel": 16 << 10} {
		n, ok := got[mod+pkg]
		if !ok {
			t.Errorf("%s: no inittrace line", pkg)
			continue
		}
		if n > max {
			t.Errorf("%s: initialisation allocates %d bytes, want at most %d", pkg, n, max)
		}
	}
	if t.Failed() {
		var all []string
		for p, n := range got {
			if strings.HasPrefix(p, mod) {
				all = append(all, p+" "+strconv.Itoa(n))
			}
		}
		t.Log(strings.Join(all, "\n"))
	}
}

// TestLazyTaskChecksItsVector holds the check that building a task makes: its reference must
// reproduce its official vector, or the lookup panics (a table error, not user input).
func TestLazyTaskChecksItsVector(t *testing.T) {
	var row cipherTask
	for _, c := range cipherTasks() {
		if c.id == "cham64-128" {
			row = c
		}
	}
	if tk := newCipherTask(row, findVector); tk.ID != "cham64-128" || len(tk.OfficialCipher) != 8 {
		t.Fatalf("cham64-128: %+v", tk)
	}
	row.vector = vectorKey{"CHAM", "CHAM-64/128", "revised-2019"} // 88 rounds' vector for the 80-round reference
	defer func() {
		if r := recover(); r == nil || !strings.Contains(r.(string), "disagrees with the official vector") {
			t.Errorf("recovered %v, want the disagreement panic", r)
		}
	}()
	newCipherTask(row, findVector)
}

// TestTaskTableIsOneTable checks that a task looked up alone is the one Tasks lists (one build per
// task), and that TaskIDs, which builds none, lists Tasks' IDs in order.
func TestTaskTableIsOneTable(t *testing.T) {
	a := LookupTask("present80")
	all := Tasks()
	ids := TaskIDs()
	if len(ids) != len(all) {
		t.Fatalf("%d IDs, %d tasks", len(ids), len(all))
	}
	found := false
	for i, tk := range all {
		if ids[i] != tk.ID {
			t.Errorf("TaskIDs()[%d] = %q, Tasks()[%d].ID = %q", i, ids[i], i, tk.ID)
		}
		if tk == a {
			found = true
		}
		if LookupTask(tk.ID) != tk {
			t.Errorf("LookupTask(%q) is not Tasks()'s", tk.ID)
		}
	}
	if a == nil || !found {
		t.Errorf("LookupTask(present80) = %p, not in Tasks()", a)
	}
}

// TestFindVectorIsTheFilesInOrder checks that the lazy search over the vector files finds, for every
// cipher task, the vector the decoded concatenation of all of them finds first.
func TestFindVectorIsTheFilesInOrder(t *testing.T) {
	all := mustVectors()
	for _, c := range cipherTasks() {
		k := c.vector
		a, b := findVector(k.family, k.variant, k.revision), all.find(k.family, k.variant, k.revision)
		if a == nil || b == nil || !reflect.DeepEqual(*a, *b) {
			t.Errorf("%s: findVector %+v, the files' first %+v", c.id, a, b)
		}
	}
}
