// Command mpmulgen writes examples/mpmul160.S and examples/mpmul256.S: the unrolled constant-time
// Karatsuba multiplications and their headers, generated from the description of the algorithm in
// karatsuba (operand halves, product scanning column by column with the accumulator renamed,
// the middle term D*E with the masked corrections) and the outer level of mpmul256.
//
// Run it from examples/ (go generate ./examples) or give the directory with -dir.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
)

func main() {
	dir := flag.String("dir", ".", "directory to write mpmul160.S and mpmul256.S into")
	flag.Parse()
	if err := write(*dir); err != nil {
		fmt.Fprintln(os.Stderr, "mpmulgen:", err)
		os.Exit(1)
	}
}

// files returns every generated file by name.
func files() map[string]string {
	return map[string]string{
		"mpmul160.S": source160(),
		"mpmul256.S": source256(),
	}
}

func write(dir string) error {
	for name, text := range files() {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			return err
		}
	}
	return nil
}
