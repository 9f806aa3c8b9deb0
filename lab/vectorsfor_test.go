package lab_test

import (
	"testing"

	"github.com/avrlab/avrlab/lab"
)

// TestVectorsFor: 0 asks for the task's default (the P-192 verification's 9: its 8 fixed vectors and
// 2 random, 100 for most, 100 with no task), a negative count for none, any other count for itself.
func TestVectorsFor(t *testing.T) {
	for _, c := range []struct {
		task    string
		n, want int
	}{
		{"p192-ecdsa-verify", 0, 9}, {"p192-ecdsa-sign", 0, 6}, {"cham64-128", 0, 100}, {"", 0, 100},
		{"no-such-task", 0, 100}, {"p192-ecdsa-verify", -1, 0}, {"p192-ecdsa-verify", 5, 5}, {"cham64-128", 3000, 3000},
	} {
		if got := lab.VectorsFor(c.task, c.n); got != c.want {
			t.Errorf("VectorsFor(%q, %d) = %d, want %d", c.task, c.n, got, c.want)
		}
	}
}
