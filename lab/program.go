package lab

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"

	"github.com/avrlab/avrlab/asm"
)

// Program is a program of one or more source files in one file system, assembled separately and
// linked as one image (asm.AssembleFiles), as avr-gcc -nostartfiles -nostdlib a.S b.S links them.
type Program struct {
	// FS holds the files; their includes are read from it too.
	FS fs.FS
	// Files are the source files (FS paths) in link order; the first one that names a task ("; avrlab
	// task: ID") or a call gives them to the whole program.
	Files []string
	// Include are -I folders of FS for #include and .include.
	Include []string
}

// ErrNoSources is returned for a program folder without source files.
var ErrNoSources = errors.New("no .S or .s source files")

// ProgramFolder returns the program made of the GNU source files (.S, .s) of folder dir of fsys ("."
// for its root), in the order of their names; included files (.inc, .h) are not assembled on their own.
func ProgramFolder(fsys fs.FS, dir string) (Program, error) {
	ents, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return Program{}, err
	}
	var names []string
	for _, e := range ents {
		if e.Type().IsRegular() && (path.Ext(e.Name()) == ".S" || path.Ext(e.Name()) == ".s") {
			names = append(names, path.Join(dir, e.Name()))
		}
	}
	if len(names) == 0 {
		return Program{}, fmt.Errorf("folder %q: %w", dir, ErrNoSources)
	}
	if len(names) > asm.MaxFiles {
		return Program{}, fmt.Errorf("folder %q has %d source files; the limit is %d", dir, len(names), asm.MaxFiles)
	}
	sort.Strings(names)
	return Program{FS: fsys, Files: names}, nil
}

// Assemble assembles and links the program for device ("" = the task's or the default) with the
// -D defines; the result is that of asm.AssembleFiles.
func (p Program) Assemble(device string, defines map[string]string) (*asm.Image, error) {
	return asm.AssembleFiles(p.Files, asm.Config{Device: device, FS: p.FS, Defines: defines, Include: p.Include})
}

// BenchProgram assembles the program and measures it with Bench. The task and call come from opts,
// else from the first file that names them; a program of one file with no -I folders is measured as
// BenchFile does (ELF and HEX files included). When assembly fails it returns the partial image and
// the asm.ErrorList, and no report.
func BenchProgram(p Program, opts Options) (*Report, *asm.Image, error) {
	if len(p.Files) == 0 {
		return nil, nil, ErrNoSources
	}
	if len(p.Files) == 1 && len(p.Include) == 0 {
		return BenchFile(p.FS, p.Files[0], opts)
	}
	for _, f := range p.Files {
		if opts.Task != "" && opts.Call != "" {
			break
		}
		src, err := asm.ReadSource(p.FS, f, MaxSourceBytes)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", f, err)
		}
		if opts.Task == "" {
			opts.Task = DetectTask(src)
		}
		if opts.Call == "" {
			opts.Call = DetectCall(src)
		}
	}
	if t := LookupTask(normalizeID(opts.Task)); t != nil && opts.Device == "" {
		opts.Device = t.Device
	}
	im, err := p.Assemble(opts.Device, opts.Defines)
	if err != nil {
		return nil, im, err
	}
	rep, err := Bench(im, opts)
	return rep, im, err
}

// String returns the program's files separated by spaces.
func (p Program) String() string { return strings.Join(p.Files, " ") }
