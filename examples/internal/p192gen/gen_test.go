package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestCommitted runs the generator into a temporary directory and compares its output with the
// committed example byte for byte: it cannot drift from the generator.
func TestCommitted(t *testing.T) {
	dir := t.TempDir()
	if err := write(dir); err != nil {
		t.Fatal(err)
	}
	for name := range files() {
		got, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		want, err := os.ReadFile(filepath.Join("..", "..", name))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("examples/%s differs from the generator's output: run go generate ./examples", name)
		}
	}
}
