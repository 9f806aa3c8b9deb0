package lab

import (
	"errors"
	"io/fs"
	"path"
	"sort"
	"strings"

	"github.com/avrlab/avrlab/asm"
	"github.com/avrlab/avrlab/internal/textf"
)

// Program is a program of one or more source files in one file system, assembled separately and
// linked as one image (asm.AssembleFiles), as avr-gcc -nostartfiles -nostdlib a.S b.S links them. Each
// file is read in its own dialect (asm.Config.Dialect); an AVRASM2 source is a program on its own (one
// file with what it includes).
type Program struct {
	// FS holds the files; their includes are read from it too.
	FS fs.FS
	// Files are the source files (FS paths) in link order; the first one that names a task ("; avrlab
	// task: ID") or a call gives them to the whole program.
	Files []string
	// Include are -I folders of FS for #include and .include.
	Include []string
	// Dialect is the dialect of every file ("gnu", "atmel"), or "" for each file's own (its
	// "; avrlab dialect:" line, else its extension), as asm.Config.Dialect.
	Dialect string
	// OmitIncluded leaves out of the link a file of Files that another one includes, as
	// asm.Config.OmitIncluded (ProgramFolder sets it: a folder's main.S may #include its round.S).
	OmitIncluded bool
}

// ErrNoSources is returned for a program folder without source files.
var ErrNoSources = errors.New("no .S, .s or .asm source files")

// IsSourceName reports whether a file called name is a source file of a program folder: GNU .S and .s,
// AVRASM2 .asm (any case). Included files (.inc, .h) are not: they are read where they are included.
func IsSourceName(name string) bool {
	switch strings.ToLower(path.Ext(name)) {
	case ".s", ".asm":
		return true
	}
	return false
}

// ProgramFolder returns the program made of the source files of folder dir of fsys ("." for its root,
// see IsSourceName), in the order of their names: GNU files linked together, or one AVRASM2 file.
// Every entry that is not a folder counts, whatever it is (a symbolic link, a named pipe): reading it
// then refuses it with the reason, rather than the program silently missing a file.
func ProgramFolder(fsys fs.FS, dir string) (Program, error) {
	ents, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return Program{}, err
	}
	var names []string
	for _, e := range ents {
		if !e.IsDir() && IsSourceName(e.Name()) {
			names = append(names, path.Join(dir, e.Name()))
		}
	}
	if len(names) == 0 {
		return Program{}, textf.Errorf("folder %q: %w", dir, ErrNoSources)
	}
	if len(names) > asm.MaxFiles {
		return Program{}, textf.Errorf("folder %q has %d source files; the limit is %d", dir, len(names), asm.MaxFiles)
	}
	sort.Strings(names)
	// A source that another source of the folder includes (main.S doing #include "round.S") is part
	// of its includer, not a file of its own to link: linking it too would define its symbols twice.
	// The assembler knows which files it included; Assemble leaves those out.
	return Program{FS: fsys, Files: names, OmitIncluded: true}, nil
}

// Assemble assembles and links the program for device ("" = the default; for an AVRASM2 source, the
// part its .device names) with the -D defines; the result is that of asm.AssembleFiles.
func (p Program) Assemble(device string, defines map[string]string) (*asm.Image, error) {
	return asm.AssembleFiles(p.Files, asm.Config{Dialect: p.Dialect, Device: device, FS: asm.FromFS(p.FS), Defines: defines,
		Include: p.Include, OmitIncluded: p.OmitIncluded})
}

// BenchProgram assembles the program and measures it with Bench. The task and call come from opts,
// else from the first file that names them; the device from opts, else the task's. A program of one
// file with no -I folders and no Dialect is measured as BenchFile does (ELF and HEX files included).
// When assembly fails it returns the partial image and the asm.ErrorList, and no report.
func BenchProgram(p Program, opts Options) (*Report, *asm.Image, error) {
	return benchProgram(p, opts, true)
}

// benchProgram is BenchProgram; binaries false assembles every file (grading measures sources only).
func benchProgram(p Program, opts Options, binaries bool) (*Report, *asm.Image, error) {
	if len(p.Files) == 0 {
		return nil, nil, ErrNoSources
	}
	if binaries && len(p.Files) == 1 && len(p.Include) == 0 && p.Dialect == "" {
		return BenchFile(p.FS, p.Files[0], opts)
	}
	im, opts, err := p.image(opts)
	if err != nil {
		return nil, im, err
	}
	rep, err := Bench(im, opts)
	return rep, im, err
}

// Image is the program a bench of p measures, and the options completed for it: one avr-gcc ELF or
// Intel HEX file (see LoadBinary) as a linked program (Options.Linked), else the sources assembled with
// the settings Resolve gives them (the caller's, then the files' "; avrlab" lines, then the task's
// device). When assembly fails it returns the partial image and the asm.ErrorList. bench, leak,
// profile and debug take their program from it.
func (p Program) Image(opts Options) (*asm.Image, Options, error) {
	if len(p.Files) == 0 {
		return nil, opts, ErrNoSources
	}
	if len(p.Files) == 1 && len(p.Include) == 0 && p.Dialect == "" {
		if data, err := readProgram(p.FS, p.Files[0]); err == nil {
			if im, ok, err := LoadBinary(data, Resolve(opts).Device); ok {
				if err != nil {
					return nil, opts, textf.Errorf("%s: %w", p.Files[0], err)
				}
				opts.Linked = true
				return im, Resolve(opts), nil
			}
		}
	}
	return p.image(opts)
}

// image assembles the program's sources with the task, call and device their lines name (where
// opts leaves them empty) and returns the options completed so.
func (p Program) image(opts Options) (*asm.Image, Options, error) {
	var srcs [][]byte
	for _, f := range p.Files {
		src, err := asm.ReadSource(p.FS, f, MaxSourceBytes)
		if err != nil {
			return nil, opts, textf.Errorf("%s: %w", f, err)
		}
		srcs = append(srcs, src)
	}
	opts = Resolve(opts, srcs...)
	im, err := p.Assemble(opts.Device, opts.Defines)
	return im, opts, err
}

// String returns the program's files separated by spaces.
func (p Program) String() string { return strings.Join(p.Files, " ") }
