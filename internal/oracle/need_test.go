package oracle

import (
	"errors"
	"strings"
	"testing"
)

// recorder is a testing.TB that records how Require ended the test.
type recorder struct {
	testing.TB
	fatal, skip string
}

func (r *recorder) Helper()                   {}
func (r *recorder) Fatalf(f string, a ...any) { r.fatal = strings.TrimSpace(f) }
func (r *recorder) Skipf(f string, a ...any)  { r.skip = strings.TrimSpace(f) }

// TestRequire: a missing tool fails the test under CI and skips it elsewhere; a present one does
// neither.
func TestRequire(t *testing.T) {
	missing := errors.New("not found")
	t.Setenv("CI", "true")
	r := &recorder{}
	Require(r, "avra", missing, "apt-get install avra")
	if r.fatal == "" || r.skip != "" {
		t.Errorf("CI set: fatal %q, skip %q; want a failure", r.fatal, r.skip)
	}
	t.Setenv("CI", "")
	r = &recorder{}
	Require(r, "avra", missing, "apt-get install avra")
	if r.fatal != "" || r.skip == "" {
		t.Errorf("CI unset: fatal %q, skip %q; want a skip", r.fatal, r.skip)
	}
	r = &recorder{}
	Require(r, "avra", nil, "")
	if r.fatal != "" || r.skip != "" {
		t.Errorf("present: fatal %q, skip %q", r.fatal, r.skip)
	}
}
