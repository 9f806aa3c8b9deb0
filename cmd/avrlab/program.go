package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/avrlab/avrlab/lab"
)

// gccArgs rewrites the gcc spellings -DNAME[=VALUE] and -IDIR into the two-argument forms the flag
// package reads (-D NAME[=VALUE], -I DIR). Arguments after "--" are left alone.
func gccArgs(args []string) []string {
	out := make([]string, 0, len(args))
	for i, a := range args {
		if a == "--" {
			return append(out, args[i:]...)
		}
		if len(a) > 2 && (strings.HasPrefix(a, "-D") || strings.HasPrefix(a, "-I")) && a[2] != '=' {
			out = append(out, a[:2], a[2:])
			continue
		}
		out = append(out, a)
	}
	return out
}

// includeDirs collects repeated -I DIR flags.
type includeDirs []string

func (d *includeDirs) String() string { return strings.Join(*d, " ") }

func (d *includeDirs) Set(s string) error {
	if s == "" {
		return errors.New("want a folder")
	}
	*d = append(*d, s)
	return nil
}

// cliProgram is the program named on a command line, in a file system confined to the closest folder
// holding every file and -I folder named.
type cliProgram struct {
	prog lab.Program
	dir  string // the root folder as the user would write it, for messages
	done func()
}

// openProgram opens the program of paths (source files, or one folder: its .S and .s files in name
// order) with the -I folders incs. The file system is rooted at the deepest folder holding all of
// them (for one file, its folder), so that includes cannot leave it.
func openProgram(paths, incs []string) (*cliProgram, error) {
	type named struct {
		abs string
		dir bool
	}
	var all []named
	for _, p := range append(append([]string(nil), paths...), incs...) {
		a, err := filepath.Abs(p)
		if err != nil {
			return nil, err
		}
		fi, err := os.Stat(a)
		if err != nil {
			return nil, err
		}
		all = append(all, named{a, fi.IsDir()})
	}
	root := ""
	for _, n := range all {
		d := n.abs
		if !n.dir {
			d = filepath.Dir(d)
		}
		if root == "" {
			root = d
			continue
		}
		for !within(d, root) {
			up := filepath.Dir(root)
			if up == root {
				break
			}
			root = up
		}
	}
	r, err := os.OpenRoot(root)
	if err != nil {
		return nil, err
	}
	rel := func(a string) string {
		s, err := filepath.Rel(root, a)
		if err != nil {
			return a
		}
		return filepath.ToSlash(s)
	}
	cp := &cliProgram{prog: lab.Program{FS: r.FS()}, dir: root, done: func() { r.Close() }}
	if wd, err := os.Getwd(); err == nil {
		if s, err := filepath.Rel(wd, root); err == nil && !strings.HasPrefix(s, "..") {
			cp.dir = s
		}
	}
	for i, n := range all[:len(paths)] {
		if !n.dir {
			cp.prog.Files = append(cp.prog.Files, rel(n.abs))
			continue
		}
		if len(paths) > 1 {
			r.Close()
			return nil, fmt.Errorf("%s is a folder: name one folder, or source files", paths[i])
		}
		p, err := lab.ProgramFolder(cp.prog.FS, rel(n.abs))
		if err != nil {
			r.Close()
			return nil, fmt.Errorf("%s: %w", paths[i], err)
		}
		cp.prog.Files = p.Files
	}
	for _, n := range all[len(paths):] {
		if !n.dir {
			r.Close()
			return nil, fmt.Errorf("-I %s is not a folder", rel(n.abs))
		}
		cp.prog.Include = append(cp.prog.Include, rel(n.abs))
	}
	return cp, nil
}

// within reports whether folder d is root or inside it.
func within(d, root string) bool {
	s, err := filepath.Rel(root, d)
	return err == nil && s != ".." && !strings.HasPrefix(s, ".."+string(filepath.Separator))
}
