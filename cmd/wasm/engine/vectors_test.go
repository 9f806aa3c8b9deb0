package engine

import (
	"io/fs"
	"reflect"
	"strings"
	"testing"

	"github.com/avrlab/avrlab/examples"
	"github.com/avrlab/avrlab/lab"
)

// TestVectorsRule: the engine takes "0 vectors means the task's default" from the lab
// (lab.VectorsFor) and says the count: the meta's tasks carry theirs (the P-192 verification 9, not
// the 100 the page showed for every task), an answer the count its request resolved to (an
// exercise's tests.txt applied), and a live run's plan starts from the task's count.
func TestVectorsRule(t *testing.T) {
	m := GetMeta()
	got := map[string]int{}
	for _, ti := range m.Tasks {
		got[ti.ID] = ti.Vectors
	}
	if got["p192-ecdsa-verify"] != 9 || got["p192-ecdsa-sign"] != 6 || got["cham64-128"] != 100 || m.Vectors != 100 {
		t.Errorf("meta vectors: %v, default %d", got, m.Vectors)
	}

	src, _ := fs.ReadFile(examples.FS, "cham64-v2.S")
	files := map[string]string{"c.S": string(src)}
	for _, c := range []struct {
		req  Request
		want int
	}{
		{Request{Files: files, Main: "c.S"}, 100},
		{Request{Files: files, Main: "c.S", Vectors: -1}, 0},
		{Request{Files: files, Main: "c.S", Vectors: 7}, 7},
		{Request{Files: files, Main: "c.S", Tests: "vectors: 3\n"}, 3},
	} {
		r := Bench(c.req, nil)
		if r.Vectors != c.want || r.Report == nil || r.Report.Vectors != c.want+1 {
			t.Errorf("vectors %d tests %q: answer says %d (report %+v), want %d", c.req.Vectors, c.req.Tests, r.Vectors, r.Report, c.want)
		}
	}

	// The plan of a live P-192 verification asks for its 9 vectors (before, 100).
	var phases []string
	opts := lab.Options{Task: "p192-ecdsa-verify"}
	ad := plan(nil, &opts, Request{Budget: 5_000_000, CallCycles: 1_000_000}, func(p string) { phases = append(phases, p) })
	if want := (&Adapted{Asked: 9, Used: 8, CallCycles: 1_000_000, Budget: 5_000_000}); !reflect.DeepEqual(ad, want) || opts.Vectors != 8 {
		t.Errorf("plan %+v (vectors %d), want %+v", ad, opts.Vectors, want)
	}
	opts = lab.Options{Task: "p192-ecdsa-verify"}
	if plan(nil, &opts, Request{}, func(p string) { phases = append(phases, p) }); !strings.HasPrefix(phases[len(phases)-1], "benchmarking 1 + 9 vectors") {
		t.Errorf("progress %q", phases)
	}
}
