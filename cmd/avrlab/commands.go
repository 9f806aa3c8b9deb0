package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/avrlab/avrlab/asm"
	"github.com/avrlab/avrlab/asm/disasm"
	"github.com/avrlab/avrlab/asm/loader"
	"github.com/avrlab/avrlab/examples"
	"github.com/avrlab/avrlab/isa"
	"github.com/avrlab/avrlab/lab"
)

// Bounds of the numeric flags.
const (
	maxVectors = 100_000        // -vectors
	maxCycles  = 10_000_000_000 // -max-cycles: about a minute of emulation per call
)

// knownDevice reports an unknown -device on stderr; "" (the task's device) is known.
func knownDevice(name string, stderr io.Writer) bool {
	if name != "" && isa.LookupDevice(name) == nil {
		fmt.Fprintf(stderr, "avrlab: unknown device %q (known: %s)\n", name, strings.Join(isa.DeviceNames(), ", "))
		return false
	}
	return true
}

// defines collects repeated -D NAME[=VALUE] flags as avr-gcc takes them.
type defines map[string]string

func (d defines) String() string { return "" }

func (d defines) Set(s string) error {
	name, val, ok := strings.Cut(s, "=")
	if name == "" {
		return errors.New("want NAME or NAME=VALUE")
	}
	if !ok {
		val = "1"
	}
	d[name] = val
	return nil
}

func newFlags(name, args string, stderr io.Writer) *flag.FlagSet {
	fl := flag.NewFlagSet("avrlab "+name, flag.ContinueOnError)
	fl.SetOutput(stderr)
	fl.Usage = func() {
		fmt.Fprintf(stderr, "usage: avrlab %s %s\n\nflags:\n", name, args)
		fl.PrintDefaults()
	}
	return fl
}

func deviceFlag(fl *flag.FlagSet) *string {
	return fl.String("device", isa.DefaultDevice, "device: "+strings.Join(isa.DeviceNames(), ", "))
}

// taskDeviceFlag is -device for commands that measure a task: empty means the task's device.
func taskDeviceFlag(fl *flag.FlagSet) *string {
	return fl.String("device", "", "device (default: the task's, e.g. atmega128, attiny45): "+strings.Join(isa.DeviceNames(), ", "))
}

// openSource splits a path into a folder FS confined to the file's folder and the file name in it.
func openSource(path string) (fs.FS, string, func(), error) {
	root, err := os.OpenRoot(filepath.Dir(path))
	if err != nil {
		return nil, "", nil, err
	}
	return root.FS(), filepath.Base(path), func() { root.Close() }, nil
}

// printErrors prints an assembler error list as file:line:col: message, the source line and a caret.
// File names are the assembler's (relative to fsys) joined to dir, the folder the user named.
func printErrors(err error, fsys fs.FS, dir string, stderr io.Writer) {
	var el asm.ErrorList
	if !errors.As(err, &el) {
		fmt.Fprintln(stderr, err)
		return
	}
	for _, e := range el {
		shown := *e
		if shown.Pos.Filename != "" && dir != "." {
			shown.Pos.Filename = filepath.Join(dir, shown.Pos.Filename)
		}
		fmt.Fprintln(stderr, shown.Error())
		if fsys == nil || e.Pos.Line <= 0 {
			continue
		}
		src, rerr := fs.ReadFile(fsys, e.Pos.Filename)
		if rerr != nil {
			continue
		}
		lines := bytes.Split(src, []byte("\n"))
		if e.Pos.Line > len(lines) {
			continue
		}
		line := strings.TrimRight(string(lines[e.Pos.Line-1]), "\r")
		fmt.Fprintf(stderr, "\t%s\n", strings.ReplaceAll(line, "\t", " "))
		if e.Pos.Column > 0 && e.Pos.Column <= len(line)+1 {
			fmt.Fprintf(stderr, "\t%s^\n", strings.Repeat(" ", e.Pos.Column-1))
		}
	}
}

func assemble(path, device string, defs map[string]string, stderr io.Writer) (*asm.Image, bool) {
	fsys, name, done, err := openSource(path)
	if err != nil {
		fmt.Fprintf(stderr, "avrlab: %v\n", err)
		return nil, false
	}
	defer done()
	im, err := asm.AssembleFile(name, asm.Config{Device: device, FS: asm.FromFS(fsys), Defines: defs})
	if im != nil && len(im.Warnings) > 0 {
		printErrors(im.Warnings, fsys, filepath.Dir(path), stderr)
	}
	if err != nil {
		printErrors(err, fsys, filepath.Dir(path), stderr)
		return im, false
	}
	return im, true
}

func cmdAsm(args []string, stdout, stderr io.Writer) int {
	fl := newFlags("asm", "[-device NAME] [-dialect gnu|atmel] [-D NAME[=VALUE]]... [-I DIR]... [-o FILE.hex] [-lst FILE.lst] FILE... | FOLDER", stderr)
	dev := deviceFlag(fl)
	dialect := dialectFlag(fl)
	defs := defines{}
	fl.Var(defs, "D", "define a preprocessor macro NAME[=VALUE] (repeatable; -DNAME=VALUE as gcc takes it)")
	var incs includeDirs
	fl.Var(&incs, "I", "search `DIR` for #include and .include files (repeatable; -IDIR as gcc takes it)")
	out := fl.String("o", "", "write Intel HEX to `FILE` (default: the first FILE, or FOLDER, with .hex); EEPROM contents, if any, go to FILE with .eep.hex")
	lst := fl.String("lst", "", "write a listing to `FILE`")
	if fl.Parse(gccArgs(args)) != nil {
		return 2
	}
	if fl.NArg() < 1 {
		fl.Usage()
		return 2
	}
	src := fl.Arg(0)
	cp, err := openProgram(fl.Args(), incs)
	if err != nil {
		fmt.Fprintf(stderr, "avrlab: %v\n", err)
		return 1
	}
	defer cp.done()
	if err := setDialect(cp, *dialect); err != nil {
		fmt.Fprintf(stderr, "avrlab: %v\n", err)
		return 2
	}
	// Without -device an AVRASM2 source's .device chooses the part (a GNU one gets the default).
	device := ""
	if flagSet(fl, "device") {
		device = *dev
	}
	im, err := cp.prog.Assemble(device, defs)
	if im != nil && len(im.Warnings) > 0 {
		// .warning, .message, #warning, #message: on standard error with their position.
		printErrors(im.Warnings, cp.prog.FS, cp.dir, stderr)
	}
	if err != nil {
		printErrors(err, cp.prog.FS, cp.dir, stderr)
		return 1
	}
	if *out == "" {
		*out = strings.TrimSuffix(filepath.Clean(src), filepath.Ext(src)) + ".hex"
	}
	var hex bytes.Buffer
	if err := im.WriteHex(&hex); err != nil {
		fmt.Fprintf(stderr, "avrlab: %v\n", err)
		return 1
	}
	if err := os.WriteFile(*out, hex.Bytes(), 0o644); err != nil {
		fmt.Fprintf(stderr, "avrlab: %v\n", err)
		return 1
	}
	eepNote := ""
	if im.EEPROM != nil {
		// As avra names it: FILE.eep.hex beside FILE.hex.
		eep := strings.TrimSuffix(*out, filepath.Ext(*out)) + ".eep.hex"
		var b bytes.Buffer
		if err := im.WriteEEPROMHex(&b); err != nil {
			fmt.Fprintf(stderr, "avrlab: %v\n", err)
			return 1
		}
		if err := os.WriteFile(eep, b.Bytes(), 0o644); err != nil {
			fmt.Fprintf(stderr, "avrlab: %v\n", err)
			return 1
		}
		eepNote = fmt.Sprintf(", %d bytes of EEPROM -> %s", len(im.EEPROM), eep)
	}
	if *lst != "" {
		var b bytes.Buffer
		writeListing(&b, im)
		if err := os.WriteFile(*lst, b.Bytes(), 0o644); err != nil {
			fmt.Fprintf(stderr, "avrlab: %v\n", err)
			return 1
		}
	}
	fmt.Fprintf(stdout, "%s: %d bytes of flash (%d emitted), %d bytes .data, %d bytes .bss -> %s%s\n",
		strings.Join(fl.Args(), " "), len(im.Flash), im.EmittedBytes(0, uint32(len(im.Flash))), len(im.Data), im.BSSSize, *out, eepNote)
	return 0
}

// writeListing prints the image's listing: byte address, the bytes in hex, the source line.
func writeListing(w io.Writer, im *asm.Image) {
	for _, r := range im.Listing {
		var hx strings.Builder
		for i, b := range r.Bytes {
			if i == 8 {
				hx.WriteString("…")
				break
			}
			fmt.Fprintf(&hx, "%02x ", b)
		}
		addr := "      "
		if len(r.Bytes) > 0 {
			addr = fmt.Sprintf("%06x", r.Addr)
		}
		fmt.Fprintf(w, "%s  %-25s %4d  %s\n", addr, hx.String(), r.Pos.Line, r.Text)
	}
}

func cmdDisasm(args []string, stdout, stderr io.Writer) int {
	fl := newFlags("disasm", "[-device NAME] FILE.hex", stderr)
	dev := deviceFlag(fl)
	if fl.Parse(args) != nil {
		return 2
	}
	if fl.NArg() != 1 {
		fl.Usage()
		return 2
	}
	d := isa.LookupDevice(*dev)
	if d == nil {
		fmt.Fprintf(stderr, "avrlab: unknown device %q (known: %s)\n", *dev, strings.Join(isa.DeviceNames(), ", "))
		return 2
	}
	im, err := loadHex(fl.Arg(0), d)
	if err != nil {
		fmt.Fprintf(stderr, "avrlab: %v\n", err)
		return 1
	}
	flash, present := im.Flash, im.Emitted
	// Only the bytes the file holds: each run of present bytes is disassembled on its own, so a record
	// at the end of flash prints one line, not the erased flash before it.
	for start := 0; start < len(flash); {
		if !present[start] {
			start++
			continue
		}
		end := start
		for end < len(flash) && present[end] {
			end++
		}
		for _, l := range disasm.Disassemble(flash[start:end], d, disasm.Options{}) {
			fmt.Fprintf(stdout, "%6x:\t%s\n", l.Addr+uint32(start), l.Text)
		}
		start = end
	}
	return 0
}

// loadHex reads an Intel HEX file as an image for dev through asm/loader, the one HEX reader of bench,
// grade, run, disasm and the page: bytes the file does not write are 0x00 and not emitted, and data past
// the end of the device's flash is an error naming the first such address (a HEX for a bigger part, or
// avr-gcc's 0x800000 data space).
func loadHex(path string, dev *isa.Device) (*asm.Image, error) {
	data, err := readProgramFile(path)
	if err != nil {
		return nil, err
	}
	im, err := loader.HEX(data, dev.Name)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return im, nil
}

func cmdRun(args []string, stdout, stderr io.Writer) int {
	fl := newFlags("run", "[-device NAME] [-max-cycles N] [-json] [-dump ADDR:LEN] FILE.S|FILE.asm|FILE.hex|FILE.elf", stderr)
	dev := deviceFlag(fl)
	defs := defines{}
	fl.Var(defs, "D", "define a preprocessor macro NAME[=VALUE] (repeatable)")
	maxc := fl.Uint64("max-cycles", lab.DefaultMaxCycles, fmt.Sprintf("stop after `N` cycles (1..%d)", uint64(maxCycles)))
	asJSON := fl.Bool("json", false, "print one JSON object")
	dump := fl.String("dump", "", "dump data memory `ADDR:LEN` (e.g. 0x100:16)")
	eng := addEngineFlags(fl)
	if fl.Parse(args) != nil {
		return 2
	}
	if fl.NArg() != 1 {
		fl.Usage()
		return 2
	}
	if !cyclesFlagOK(stderr, *maxc) {
		return 2
	}
	var daddr, dlen uint64
	if *dump != "" {
		a, l, ok := strings.Cut(*dump, ":")
		var e1, e2 error
		daddr, e1 = strconv.ParseUint(a, 0, 16)
		dlen, e2 = strconv.ParseUint(l, 0, 16)
		if !ok || e1 != nil || e2 != nil {
			fmt.Fprintf(stderr, "avrlab: -dump wants ADDR:LEN, e.g. 0x100:16\n")
			return 2
		}
	}
	path := fl.Arg(0)
	var im *asm.Image
	if isELF(path) {
		data, err := readProgramFile(path)
		if err == nil {
			im, _, err = lab.LoadBinary(data, *dev)
		}
		if err != nil {
			fmt.Fprintf(stderr, "avrlab: %s: %v\n", path, err)
			return 1
		}
	} else if strings.EqualFold(filepath.Ext(path), ".hex") {
		d := isa.LookupDevice(*dev)
		if d == nil {
			fmt.Fprintf(stderr, "avrlab: unknown device %q\n", *dev)
			return 2
		}
		var err error
		if im, err = loadHex(path, d); err != nil {
			fmt.Fprintf(stderr, "avrlab: %v\n", err)
			return 1
		}
	} else {
		device := "" // an AVRASM2 source's .device chooses the part unless -device is given
		if flagSet(fl, "device") {
			device = *dev
		}
		var ok bool
		if im, ok = assemble(path, device, defs, stderr); !ok {
			return 1
		}
	}
	res := lab.RunOn(eng.engine(stderr), im, *maxc, uint16(daddr), int(dlen))
	if *asJSON {
		if err := writeJSON(stdout, res); err != nil {
			return 1
		}
	} else {
		fmt.Fprintf(stdout, "stop: %s after %d cycles, pc 0x%x (byte 0x%x), sp 0x%04x, sreg 0x%02x %s\n",
			res.Stop, res.Cycles, res.PC, res.PC*2, res.SP, res.SREG, sregFlags(res.SREG))
		if res.Fault != "" {
			fmt.Fprintf(stdout, "fault: %s\n", res.Fault)
		}
		for i := 0; i < 32; i += 8 {
			fmt.Fprintf(stdout, "r%-2d..r%-2d:", i, i+7)
			for j := i; j < i+8; j++ {
				fmt.Fprintf(stdout, " %02x", res.R[j])
			}
			fmt.Fprintln(stdout)
		}
		if res.Dump != "" {
			fmt.Fprintf(stdout, "dump 0x%x: %s\n", daddr, res.Dump)
		}
		if res.Output != "" {
			fmt.Fprintf(stdout, "output: %q\n", res.Output)
		}
		if res.OutputCut {
			fmt.Fprintf(stdout, "output cut: only the first %d bytes are kept\n", len(res.Output))
		}
	}
	if res.Stop == lab.RunFault || res.Stop == lab.RunLimit {
		return 1
	}
	return 0
}

func sregFlags(s uint8) string {
	const names = "CZNVSHTI"
	b := []byte("--------")
	for i := 0; i < 8; i++ {
		if s&(1<<i) != 0 {
			b[7-i] = names[i]
		}
	}
	return string(b)
}

func cmdBench(args []string, stdout, stderr io.Writer) int {
	fl := newFlags("bench", "[-task ID] [-scenario S] [-call SPEC] [-entry NAME] [-rk NAME] [-device NAME] [-dialect gnu|atmel] [-D NAME[=VALUE]]... [-I DIR]... [-vectors N] [-json] FILE... | FOLDER", stderr)
	task := fl.String("task", "", "task ID (default: the \"; avrlab task: ID\" line of the source); see 'avrlab tasks'")
	scen := fl.String("scenario", "", "scenario (default: the task's, fixed-key for most): "+strings.Join(lab.Scenarios(), ", "))
	call := fl.String("call", "", "call spec `NAME(ARG, ...)`, ARG one of block, in, out, key, rk, rkout, rand (default: the \"; avrlab call:\" line, else the scenario's)")
	entry := fl.String("entry", "", "entry symbol (default: the task's, e.g. cham64_128_encrypt)")
	rk := fl.String("rk", "", "round-key symbol (default: the task's, e.g. cham64_128_rk)")
	dev := taskDeviceFlag(fl)
	defs := defines{}
	fl.Var(defs, "D", "define a preprocessor macro NAME[=VALUE] (repeatable; -DNAME=VALUE as gcc takes it)")
	var incs includeDirs
	fl.Var(&incs, "I", "search `DIR` for #include and .include files (repeatable; -IDIR as gcc takes it)")
	dialect := dialectFlag(fl)
	vecs := fl.Int("vectors", lab.DefaultVectors, fmt.Sprintf("`N` random test vectors besides the official one (0..%d; default: the task's, 100 for most)", maxVectors))
	seed := fl.Uint64("seed", 0, "seed `N` of the random vectors, constant-time inputs and planted registers (default: a fresh one, printed; -seed repeats a run)")
	maxc := fl.Uint64("max-cycles", lab.DefaultMaxCycles, fmt.Sprintf("cycle limit `N` of one call (1..%d; default: the task's, 10000000 for most)", uint64(maxCycles)))
	asJSON := fl.Bool("json", false, "print one JSON object")
	set := map[string]bool{}
	eng := addEngineFlags(fl)
	if fl.Parse(gccArgs(args)) != nil {
		return 2
	}
	if fl.NArg() < 1 {
		fl.Usage()
		return 2
	}
	if !intFlagIn(stderr, "vectors", *vecs, 0, maxVectors) || !cyclesFlagOK(stderr, *maxc) {
		return 2
	}
	if *vecs == 0 {
		*vecs = -1
	}
	if !flagSet(fl, "seed") {
		*seed = freshSeed()
	}
	// Unset, -vectors and -max-cycles take the task's defaults (the P-192 tasks run fewer vectors of
	// millions of cycles each).
	fl.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if !set["vectors"] {
		*vecs = 0
	}
	if !set["max-cycles"] {
		*maxc = 0
	}
	path := fl.Arg(0)
	cp, err := openProgram(fl.Args(), incs)
	if err != nil {
		fmt.Fprintf(stderr, "avrlab: %v\n", err)
		return 1
	}
	defer cp.done()
	if err := setDialect(cp, *dialect); err != nil {
		fmt.Fprintf(stderr, "avrlab: %v\n", err)
		return 2
	}
	opts := lab.Options{Task: *task, Scenario: *scen, Call: *call, Entry: *entry, RK: *rk, Device: *dev, Defines: defs,
		Vectors: *vecs, Seed: *seed, MaxCycles: *maxc, Engine: eng.engine(stderr)}
	ex, exDir, err := benchExercise(path)
	if err != nil {
		fmt.Fprintf(stderr, "avrlab: %s\n", textSafe(err.Error()))
		return 2
	}
	if ex != nil {
		applyExercise(fl, ex, &opts)
		if ex.HasTests() {
			fmt.Fprintf(stderr, "avrlab: measured with the settings of the exercise's %s (the flags given win)\n", filepath.Join(exDir, "tests.txt"))
		}
	}
	var clear func()
	opts.Progress, clear = terminalProgress(stderr)
	rep, im, err := lab.BenchProgram(cp.prog, opts)
	clear()
	if im != nil && len(im.Warnings) > 0 {
		// .warning, .message, #warning, #message: on standard error with their position.
		printErrors(im.Warnings, cp.prog.FS, cp.dir, stderr)
	}
	if err != nil {
		var el asm.ErrorList
		if errors.As(err, &el) {
			printErrors(err, cp.prog.FS, cp.dir, stderr)
		} else {
			fmt.Fprintf(stderr, "avrlab: %s: %v\n", strings.Join(fl.Args(), " "), err)
		}
		return 1
	}
	var results []lab.GoalResult
	if ex != nil {
		results = lab.CheckGoals(rep, ex.AllGoals())
	}
	if lab.HasLeakGoals(results) {
		lab.CheckLeakGoals(im, opts, ex.Tests.Leak, rep, results)
	}
	if ex != nil {
		lab.RequireVectors(results, rep, lab.ExerciseVectors(rep.Task, ex.Tests.Vectors))
	}
	if *asJSON {
		out := struct {
			*lab.Report
			Goals []lab.GoalResult `json:"goals,omitempty"`
		}{rep, results}
		if err := writeJSON(stdout, out); err != nil {
			return 1
		}
	} else {
		printReport(stdout, path, rep)
		if len(results) > 0 {
			fmt.Fprintln(stdout, "\nexercise goals:")
			for _, r := range results {
				mark := "[ ]"
				if r.Met {
					mark = "[x]"
				}
				fmt.Fprintf(stdout, "  %s %-18s (got %s)\n", mark, r.Goal.Text, r.Got)
			}
		}
	}
	if !rep.Pass {
		return 1
	}
	return 0
}

// benchExercise returns the exercise a benched path sits in, and its folder: the folder of the file (or
// the folder given) when it holds a tests.txt or a README.md with goal lines (lab.FindExercise); nil
// when it is no exercise.
func benchExercise(path string) (*lab.Exercise, string, error) {
	dir := path
	if st, err := os.Stat(path); err != nil || !st.IsDir() {
		dir = filepath.Dir(path)
	}
	ex, err := lab.FindExercise(os.DirFS(dir), ".")
	if err != nil {
		return nil, dir, fmt.Errorf("exercise %s: %v", dir, err)
	}
	return ex, dir, nil
}

// applyExercise puts an exercise's settings into opts (lab.Exercise.Apply) and then the flags given
// explicitly over them: the person at the terminal chose those.
func applyExercise(fl *flag.FlagSet, ex *lab.Exercise, opts *lab.Options) {
	given := *opts
	ex.Apply(opts)
	keep := map[string]*string{"task": &given.Task, "scenario": &given.Scenario, "call": &given.Call, "rk": &given.RK, "device": &given.Device}
	dst := map[string]*string{"task": &opts.Task, "scenario": &opts.Scenario, "call": &opts.Call, "rk": &opts.RK, "device": &opts.Device}
	for name, v := range keep {
		if flagSet(fl, name) {
			*dst[name] = *v
		}
	}
	if flagSet(fl, "vectors") {
		opts.Vectors = given.Vectors
	}
	for k, v := range given.Defines {
		opts.Defines[k] = v
	}
}

func yesNo(ok bool, yes, no string) string {
	if ok {
		return yes
	}
	return no
}

func printReport(w io.Writer, path string, r *lab.Report) { r.WriteText(w, path) }

func taskCipher(id string) string {
	if t := lab.LookupTask(id); t != nil {
		return t.Cipher
	}
	return ""
}

func cmdTasks(args []string, stdout, stderr io.Writer) int {
	fl := newFlags("tasks", "[-v] [ID]", stderr)
	verbose := fl.Bool("v", false, "print each task's memory layout and official vector")
	if fl.Parse(args) != nil {
		return 2
	}
	ts := lab.Tasks()
	if fl.NArg() == 1 {
		t := lab.LookupTask(fl.Arg(0))
		if t == nil {
			fmt.Fprintf(stderr, "avrlab: unknown task %q (known: %s)\n", fl.Arg(0), strings.Join(lab.TaskIDs(), ", "))
			return 2
		}
		ts, *verbose = []*lab.Task{t}, true
	}
	// The columns are as wide as their longest entry, so that every row lines up.
	wID, wName, wEntry, wRK := 0, 0, 0, 0
	for _, t := range ts {
		wID, wName, wEntry = max(wID, len(t.ID)), max(wName, len(t.Name)), max(wEntry, len(t.Entry))
		if t.Kind != lab.KindKernel {
			wRK = max(wRK, len(t.RK))
		}
	}
	for _, t := range ts {
		if t.Kind == lab.KindKernel {
			fmt.Fprintf(stdout, "%-*s %-*s entry %-*s %s\n", wID, t.ID, wName, t.Name, wEntry, t.Entry, t.Device)
		} else {
			fmt.Fprintf(stdout, "%-*s %-*s entry %-*s rk %-*s (%d B) %s\n", wID, t.ID, wName, t.Name, wEntry, t.Entry, wRK, t.RK, t.RKBytes, t.Device)
		}
		if !*verbose {
			continue
		}
		fmt.Fprintf(stdout, "    calls:      (pointers in r25:r24, r23:r22, r21:r20, ... in order; other conventions with -call)\n")
		for _, c := range t.Calls() {
			fmt.Fprintf(stdout, "      %s\n", c)
		}
		fmt.Fprintf(stdout, "    buffers:    %s\n", t.BufferSizes())
		if t.Kind == lab.KindKernel {
			for _, k := range t.BufferKinds() {
				fmt.Fprintf(stdout, "      %-8s %s\n", k.Role, k.Doc)
			}
			fmt.Fprintln(stdout)
			continue
		}
		fmt.Fprintf(stdout, "    layout:     %s\n", t.Layout)
		fmt.Fprintf(stdout, "    key:        %x\n    plaintext:  %x\n    ciphertext: %x\n", t.OfficialKey, t.OfficialPlain, t.OfficialCipher)
		fmt.Fprintf(stdout, "    round keys: %x\n\n", t.Reference().RoundKeys(t.OfficialKey))
	}
	return 0
}

func cmdExamples(args []string, stdout, stderr io.Writer) int {
	fl := newFlags("examples", "[-table] [ID]", stderr)
	table := fl.Bool("table", false, "bench every example and print a Markdown table next to the published rows")
	if fl.Parse(args) != nil {
		return 2
	}
	if *table {
		return examplesTable(stdout, stderr)
	}
	if fl.NArg() == 1 {
		src, ok := examples.Source(fl.Arg(0))
		if !ok {
			fmt.Fprintf(stderr, "avrlab: no example %q; 'avrlab examples' lists them\n", fl.Arg(0))
			return 2
		}
		stdout.Write(src)
		return 0
	}
	for _, e := range examples.List() {
		fmt.Fprintf(stdout, "%-14s %-15s %s\n", e.ID, e.Task, e.Title)
	}
	return 0
}

// examplesTable benches every built-in example in its task's default scenario and device (fixed-key on
// the ATmega128; encrypt-ks on the ATtiny45 for the ECRYPT ciphers; 100 random vectors, seed 0) and
// prints a Markdown table with the published row it compares with beside each. The example's
// "; compare:" line names that row (an ATmega128 or kernel row's impl, an ATtiny45 row's cipher such as
// "AES v1"); without one, the best row of the task is shown (highest RANK, or fewest cycles). ATtiny45
// rows give code / RAM / cycles / energy (the ECRYPT table has no cpb or RANK) and the example's energy
// estimate beside them; kernel rows give cycles per call, and kernels have no cpb or RANK.
func examplesTable(stdout, stderr io.Writer) int {
	fmt.Fprintln(stdout, "| example | task | pass | const-time | flash | RAM | cycles | cpb | RANK | published (flash / RAM / cpb / RANK) |")
	fmt.Fprintln(stdout, "|---|---|---|---|---:|---:|---:|---:|---:|---|")
	published := func(e examples.Example, rep *lab.Report) string {
		t := lab.LookupTask(rep.Task)
		if t == nil {
			return "—"
		}
		if rows := t.PublishedATtiny45(); len(rows) > 0 {
			top := rows[0]
			for _, r := range rows {
				if r.Cipher == e.Compare {
					top = r
					break
				}
				if e.Compare == "" && r.EncCycles < top.EncCycles {
					top = r
				}
			}
			here := ""
			if rep.EnergyUJ != nil {
				here = fmt.Sprintf("; here %.1f µJ", rep.EnergyUJ.UJ)
			}
			if note := t.VariantNote(top); note != "" {
				here += "; another variant: " + note
			}
			return fmt.Sprintf("%d / %d / %d cycles / %.1f µJ (%s, eisenbarth2012: ATtiny45, encryption + key schedule)%s",
				top.Code, top.RAM, top.EncCycles, top.EnergyUJ, top.Cipher, here)
		}
		if t.Kind == lab.KindKernel {
			var top *lab.KernelRow
			for _, r := range t.PublishedKernel() {
				if r.Impl == e.Compare {
					top = &r
					break
				}
				if !r.Context && e.Compare == "" && (top == nil || r.Cycles < top.Cycles) {
					top = &r
				}
			}
			if top == nil {
				return "—"
			}
			cell := top.Figure()
			if top.Code > 0 {
				cell += fmt.Sprintf(", code %d", top.Code)
			}
			if top.RAM != "" {
				cell += ", RAM " + top.RAM
			}
			return cell + fmt.Sprintf(" (%s, %s)", top.Impl, top.Source)
		}
		var top *lab.PublishedRow
		for _, p := range lab.PublishedRows() {
			if p.Cipher != taskCipher(rep.Task) {
				continue
			}
			if e.Compare != "" && p.Impl == e.Compare {
				top = &p
				break
			}
			if top == nil || p.Rank > top.Rank {
				top = &p
			}
		}
		if top == nil {
			return "—"
		}
		return fmt.Sprintf("%d / %d / %.0f / %.1f (%s, %s)", top.Flash, top.RAM, top.CPB, top.Rank, top.Impl, top.Source)
	}
	status := 0
	kept := &lab.Machines{} // each example's machines built over the last one's: the same figures
	for _, e := range examples.List() {
		rep, _, err := lab.BenchFile(examples.FS, e.File, lab.Options{Task: e.Task, Machines: kept})
		if err != nil {
			fmt.Fprintf(stderr, "avrlab: %s: %v\n", e.File, err)
			status = 1
			continue
		}
		cpb, rank := fmt.Sprintf("%.1f", rep.CPB), fmt.Sprintf("**%.1f**", rep.Rank)
		if rep.Kind == lab.KindKernel {
			cpb, rank = "—", "—"
		}
		fmt.Fprintf(stdout, "| %s | %s | %s | %s | %d | %d | %.0f | %s | %s | %s |\n", e.ID, rep.Task,
			yesNo(rep.Pass, "yes", "NO"), yesNo(rep.ConstantTime, "yes", "NO"), rep.Flash, rep.RAM, rep.CyclesMean, cpb, rank,
			published(e, rep))
		if !rep.Pass {
			status = 1
		}
	}
	return status
}

// isELF reports whether the file at path starts with the ELF magic.
func isELF(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	if st, err := f.Stat(); err != nil || !st.Mode().IsRegular() {
		return false
	}
	var magic [4]byte
	n, _ := io.ReadFull(f, magic[:])
	return n == 4 && string(magic[:]) == "\x7fELF"
}

// readProgramFile reads a linked program through asm's checks (a regular file, bounded).
func readProgramFile(path string) ([]byte, error) {
	return asm.ReadSource(os.DirFS(filepath.Dir(path)), filepath.Base(path), 64<<20)
}

// terminalProgress returns a lab.Options.Progress that shows the bench's calls on stderr at every
// tenth ("benchmarking: 307 of 3065 calls", rewritten in place) when stderr is a terminal, and a
// function that clears the line; with stderr redirected (a file, a pipe, a test) both do nothing.
func terminalProgress(stderr io.Writer) (func(done, total int), func()) {
	return terminalCounter(stderr, "benchmarking", "calls")
}

// terminalCounter is terminalProgress's line, "VERB: DONE of TOTAL NOUN", for any count.
func terminalCounter(stderr io.Writer, verb, noun string) (func(done, total int), func()) {
	f, ok := rawWriter(stderr).(*os.File) // the line's own \r and ESC[K, under the escaping
	if !ok {
		return nil, func() {}
	}
	if st, err := f.Stat(); err != nil || st.Mode()&os.ModeCharDevice == 0 {
		return nil, func() {}
	}
	shown := false
	progress := lab.EveryTenth(func(done, total int) {
		shown = true
		fmt.Fprintf(f, "\r%s: %d of %d %s", verb, done, total, noun)
	})
	return progress, func() {
		if shown {
			fmt.Fprint(f, "\r\x1b[K")
		}
	}
}
