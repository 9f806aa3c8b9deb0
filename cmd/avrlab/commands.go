package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
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
	"github.com/avrlab/avrlab/asm/ihex"
	"github.com/avrlab/avrlab/examples"
	"github.com/avrlab/avrlab/isa"
	"github.com/avrlab/avrlab/lab"
)

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
	im, err := asm.AssembleFile(name, asm.Config{Device: device, FS: fsys, Defines: defs})
	if err != nil {
		printErrors(err, fsys, filepath.Dir(path), stderr)
		return im, false
	}
	return im, true
}

func cmdAsm(args []string, stdout, stderr io.Writer) int {
	fl := newFlags("asm", "[-device NAME] [-D NAME[=VALUE]]... [-o FILE.hex] [-lst FILE.lst] FILE", stderr)
	dev := deviceFlag(fl)
	defs := defines{}
	fl.Var(defs, "D", "define a preprocessor macro NAME[=VALUE] (repeatable)")
	out := fl.String("o", "", "write Intel HEX to `FILE` (default: FILE with .hex)")
	lst := fl.String("lst", "", "write a listing to `FILE`")
	if fl.Parse(args) != nil {
		return 2
	}
	if fl.NArg() != 1 {
		fl.Usage()
		return 2
	}
	src := fl.Arg(0)
	im, ok := assemble(src, *dev, defs, stderr)
	if !ok {
		return 1
	}
	if *out == "" {
		*out = strings.TrimSuffix(src, filepath.Ext(src)) + ".hex"
	}
	var hex bytes.Buffer
	if err := ihex.Write(&hex, im.Flash, im.Emitted); err != nil {
		fmt.Fprintf(stderr, "avrlab: %v\n", err)
		return 1
	}
	if err := os.WriteFile(*out, hex.Bytes(), 0o644); err != nil {
		fmt.Fprintf(stderr, "avrlab: %v\n", err)
		return 1
	}
	if *lst != "" {
		var b bytes.Buffer
		writeListing(&b, im)
		if err := os.WriteFile(*lst, b.Bytes(), 0o644); err != nil {
			fmt.Fprintf(stderr, "avrlab: %v\n", err)
			return 1
		}
	}
	fmt.Fprintf(stdout, "%s: %d bytes of flash (%d emitted), %d bytes .data, %d bytes .bss -> %s\n",
		src, len(im.Flash), im.EmittedBytes(0, uint32(len(im.Flash))), len(im.Data), im.BSSSize, *out)
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
	flash, _, err := readHex(fl.Arg(0))
	if err != nil {
		fmt.Fprintf(stderr, "avrlab: %v\n", err)
		return 1
	}
	for _, l := range disasm.Disassemble(flash, d, disasm.Options{}) {
		fmt.Fprintf(stdout, "%6x:\t%s\n", l.Addr, l.Text)
	}
	return 0
}

func readHex(path string) ([]byte, []bool, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	data, present, err := ihex.Read(f)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	return data, present, nil
}

func cmdRun(args []string, stdout, stderr io.Writer) int {
	fl := newFlags("run", "[-device NAME] [-max-cycles N] [-json] [-dump ADDR:LEN] FILE.S|FILE.hex", stderr)
	dev := deviceFlag(fl)
	defs := defines{}
	fl.Var(defs, "D", "define a preprocessor macro NAME[=VALUE] (repeatable)")
	maxc := fl.Uint64("max-cycles", lab.DefaultMaxCycles, "stop after `N` cycles")
	asJSON := fl.Bool("json", false, "print one JSON object")
	dump := fl.String("dump", "", "dump data memory `ADDR:LEN` (e.g. 0x100:16)")
	if fl.Parse(args) != nil {
		return 2
	}
	if fl.NArg() != 1 {
		fl.Usage()
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
	if strings.EqualFold(filepath.Ext(path), ".hex") {
		d := isa.LookupDevice(*dev)
		if d == nil {
			fmt.Fprintf(stderr, "avrlab: unknown device %q\n", *dev)
			return 2
		}
		flash, present, err := readHex(path)
		if err != nil {
			fmt.Fprintf(stderr, "avrlab: %v\n", err)
			return 1
		}
		im = &asm.Image{Device: d, Flash: flash, Emitted: present}
	} else {
		var ok bool
		if im, ok = assemble(path, *dev, defs, stderr); !ok {
			return 1
		}
	}
	res := lab.Run(im, *maxc, uint16(daddr), int(dlen))
	if *asJSON {
		enc := json.NewEncoder(stdout)
		if err := enc.Encode(res); err != nil {
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
	}
	if res.Stop == "fault" || res.Stop == "limit" {
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
	fl := newFlags("bench", "[-task ID] [-scenario S] [-entry NAME] [-rk NAME] [-device NAME] [-D NAME[=VALUE]]... [-vectors N] [-json] FILE", stderr)
	task := fl.String("task", "", "task ID (default: the \"; avrlab task: ID\" line of the source); see 'avrlab tasks'")
	scen := fl.String("scenario", lab.ScenarioFixedKey, "scenario: "+strings.Join(lab.Scenarios(), ", "))
	entry := fl.String("entry", "", "entry symbol (default: the task's, e.g. cham64_128_encrypt)")
	rk := fl.String("rk", "", "round-key symbol (default: the task's, e.g. cham64_128_rk)")
	dev := deviceFlag(fl)
	defs := defines{}
	fl.Var(defs, "D", "define a preprocessor macro NAME[=VALUE] (repeatable)")
	vecs := fl.Int("vectors", lab.DefaultVectors, "random test vectors besides the official one")
	seed := fl.Uint64("seed", 0, "seed of the random vectors")
	maxc := fl.Uint64("max-cycles", lab.DefaultMaxCycles, "cycle limit of one call")
	asJSON := fl.Bool("json", false, "print one JSON object")
	if fl.Parse(args) != nil {
		return 2
	}
	if fl.NArg() != 1 {
		fl.Usage()
		return 2
	}
	if *vecs == 0 {
		*vecs = -1
	}
	path := fl.Arg(0)
	fsys, name, done, err := openSource(path)
	if err != nil {
		fmt.Fprintf(stderr, "avrlab: %v\n", err)
		return 1
	}
	defer done()
	opts := lab.Options{Task: *task, Scenario: *scen, Entry: *entry, RK: *rk, Device: *dev, Defines: defs,
		Vectors: *vecs, Seed: *seed, MaxCycles: *maxc}
	rep, _, err := lab.BenchFile(fsys, name, opts)
	if err != nil {
		var el asm.ErrorList
		if errors.As(err, &el) {
			printErrors(err, fsys, filepath.Dir(path), stderr)
		} else {
			fmt.Fprintf(stderr, "avrlab: %s: %v\n", path, err)
		}
		return 1
	}
	goals := exerciseGoals(path, stderr)
	results := lab.CheckGoals(rep, goals)
	if *asJSON {
		out := struct {
			*lab.Report
			Goals []lab.GoalResult `json:"goals,omitempty"`
		}{rep, results}
		if err := json.NewEncoder(stdout).Encode(out); err != nil {
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

// exerciseGoals reads the goal lines of a README.md beside the source, if there is one.
func exerciseGoals(src string, stderr io.Writer) []lab.Goal {
	b, err := os.ReadFile(filepath.Join(filepath.Dir(src), "README.md"))
	if err != nil {
		return nil
	}
	goals, err := lab.ParseGoals(b)
	if err != nil {
		fmt.Fprintf(stderr, "avrlab: %s: %v\n", filepath.Join(filepath.Dir(src), "README.md"), err)
	}
	return goals
}

func yesNo(ok bool, yes, no string) string {
	if ok {
		return yes
	}
	return no
}

func printReport(w io.Writer, path string, r *lab.Report) {
	fmt.Fprintf(w, "%s: %s, %s, %s, entry %s\n", path, r.TaskName, r.Scenario, r.Device, r.Entry)
	verdict := "PASS"
	if !r.Pass {
		verdict = "FAIL"
	}
	fmt.Fprintf(w, "  result      %s: %d/%d vectors right (official + %d random)\n", verdict, r.Vectors-r.Failures, r.Vectors, max(r.Vectors-1, 0))
	if r.Error != "" {
		fmt.Fprintf(w, "  error       %s\n", r.Error)
	}
	if r.Official != nil {
		fmt.Fprintf(w, "  official    %s (%d cycles)\n", yesNo(r.Official.OK, "ok", "WRONG"), r.Official.Cycles)
	}
	if f := r.FirstFailure; f != nil {
		fmt.Fprintf(w, "  first failing vector (memory byte order):\n")
		fmt.Fprintf(w, "    key       %s\n    plaintext %s\n    expected  %s\n    got       %s\n", f.Key, f.Plaintext, f.Expected, f.Got)
	}
	if r.Error != "" && r.CyclesMean == 0 {
		return
	}
	fmt.Fprintf(w, "  cycles      %d (min %d, max %d, mean %.1f)\n", uint64(r.CyclesMean+0.5), r.CyclesMin, r.CyclesMax, r.CyclesMean)
	fmt.Fprintf(w, "  cpb         %.1f\n", r.CPB)
	fmt.Fprintf(w, "  flash       %d bytes\n", r.Flash)
	fmt.Fprintf(w, "  RAM         %d bytes (stack %d, .data/.bss %d, round keys in SRAM %d; round keys in %s)\n",
		r.RAM, r.Stack, r.Reserved, r.RKInRAM, r.RKIn)
	fmt.Fprintf(w, "  RANK        %.1f   = (10^6/%.1f)/(%d + 2*%d)\n", r.Rank, r.CPB, r.Flash, r.RAM)
	fmt.Fprintf(w, "  const-time  %s\n", yesNo(r.ConstantTime, "yes (64 random inputs, same cycles and trace)", "NO: "+r.CTDetail))
	fmt.Fprintf(w, "  ABI         %s\n", yesNo(r.ABIOK, "ok (r2-r17, r28-r29, SP restored, r1 = 0)", "VIOLATED: "+r.ABIDetail))
	fmt.Fprintln(w, "  published rows for comparison:")
	for _, p := range lab.PublishedRows() {
		if p.Cipher == taskCipher(r.Task) {
			fmt.Fprintf(w, "    %-30s flash %4d  RAM %3d  cpb %4.0f  RANK %5.1f  (%s)\n", p.Impl, p.Flash, p.RAM, p.CPB, p.Rank, p.Source)
		}
	}
}

func taskCipher(id string) string {
	if t := lab.LookupTask(id); t != nil {
		return t.Cipher
	}
	return ""
}

func cmdGrade(args []string, stdout, stderr io.Writer) int {
	fl := newFlags("grade", "-task ID [-csv|-json] [-vectors N] FILE|DIR...", stderr)
	task := fl.String("task", "", "task ID every submission is graded against (required)")
	asCSV := fl.Bool("csv", false, "print CSV")
	asJSON := fl.Bool("json", false, "print a JSON array")
	vecs := fl.Int("vectors", lab.DefaultVectors, "random test vectors besides the official one")
	maxc := fl.Uint64("max-cycles", 1_000_000, "cycle limit of one call")
	dev := deviceFlag(fl)
	if fl.Parse(args) != nil {
		return 2
	}
	if *task == "" || fl.NArg() == 0 {
		fl.Usage()
		return 2
	}
	if lab.LookupTask(*task) == nil {
		fmt.Fprintf(stderr, "avrlab: unknown task %q (known: %s)\n", *task, strings.Join(lab.TaskIDs(), ", "))
		return 2
	}
	subs, err := lab.FindSubmissions(fl.Args())
	if err != nil {
		fmt.Fprintf(stderr, "avrlab: %v\n", err)
		return 1
	}
	var progress io.Writer
	if len(subs) > 5 {
		progress = stderr
	}
	if *vecs == 0 {
		*vecs = -1
	}
	rows := lab.Grade(subs, lab.Options{Task: *task, Device: *dev, Vectors: *vecs, MaxCycles: *maxc}, progress)
	switch {
	case *asJSON:
		if err := json.NewEncoder(stdout).Encode(rows); err != nil {
			return 1
		}
	case *asCSV:
		cw := csv.NewWriter(stdout)
		cw.Write([]string{"submission", "pass", "rank", "cycles", "cpb", "flash", "ram", "failures", "vectors", "constant_time", "abi_ok", "problem"})
		for _, r := range rows {
			cw.Write([]string{r.Submission, strconv.FormatBool(r.Pass), fmt.Sprintf("%.2f", r.Rank), strconv.FormatUint(r.Cycles, 10),
				fmt.Sprintf("%.1f", r.CPB), strconv.Itoa(r.Flash), strconv.Itoa(r.RAM), strconv.Itoa(r.Failures), strconv.Itoa(r.Vectors),
				strconv.FormatBool(r.ConstTime), strconv.FormatBool(r.ABIOK), r.Problem})
		}
		cw.Flush()
	default:
		fmt.Fprintf(stdout, "%-4s %-40s %-4s %6s %8s %7s %6s %5s  %s\n", "#", "submission", "ok", "RANK", "cycles", "cpb", "flash", "RAM", "problem")
		for i, r := range rows {
			p := r.Problem
			if j := strings.IndexByte(p, '\n'); j >= 0 {
				p = p[:j]
			}
			fmt.Fprintf(stdout, "%-4d %-40s %-4s %6.1f %8d %7.1f %6d %5d  %s\n", i+1, r.Submission, yesNo(r.Pass, "yes", "no"), r.Rank, r.Cycles, r.CPB, r.Flash, r.RAM, p)
		}
	}
	return 0
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
	for _, t := range ts {
		fmt.Fprintf(stdout, "%-15s %-38s entry %-22s rk %-18s (%d B)\n", t.ID, t.Name, t.Entry, t.RK, t.RKBytes)
		if *verbose {
			fmt.Fprintf(stdout, "    contract:   void %s(uint8_t *block /* r25:r24 */) encrypts %d bytes in place;\n", t.Entry, t.BlockBytes)
			fmt.Fprintf(stdout, "                round keys at %s in flash if the source defines it, else in SRAM (pointer in r23:r22)\n", t.RK)
			fmt.Fprintf(stdout, "    layout:     %s\n", t.Layout)
			fmt.Fprintf(stdout, "    key:        %x\n    plaintext:  %x\n    ciphertext: %x\n", t.OfficialKey, t.OfficialPlain, t.OfficialCipher)
			fmt.Fprintf(stdout, "    round keys: %x\n\n", t.Reference().RoundKeys(t.OfficialKey))
		}
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

// examplesTable benches every built-in example (fixed-key, atmega128, 100 random vectors, seed 0) and
// prints a Markdown table with the published row it compares with (its "; compare:" line, else the best
// of the same cipher) beside each.
func examplesTable(stdout, stderr io.Writer) int {
	fmt.Fprintln(stdout, "| example | task | pass | const-time | flash | RAM | cycles | cpb | RANK | published (flash / RAM / cpb / RANK) |")
	fmt.Fprintln(stdout, "|---|---|---|---|---:|---:|---:|---:|---:|---|")
	status := 0
	for _, e := range examples.List() {
		rep, _, err := lab.BenchFile(examples.FS, e.File, lab.Options{Task: e.Task})
		if err != nil {
			fmt.Fprintf(stderr, "avrlab: %s: %v\n", e.File, err)
			status = 1
			continue
		}
		best := "—"
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
		if top != nil {
			best = fmt.Sprintf("%d / %d / %.0f / %.1f (%s, %s)", top.Flash, top.RAM, top.CPB, top.Rank, top.Impl, top.Source)
		}
		fmt.Fprintf(stdout, "| %s | %s | %s | %s | %d | %d | %.0f | %.1f | **%.1f** | %s |\n", e.ID, rep.Task,
			yesNo(rep.Pass, "yes", "NO"), yesNo(rep.ConstantTime, "yes", "NO"), rep.Flash, rep.RAM, rep.CyclesMean, rep.CPB, rep.Rank, best)
		if !rep.Pass {
			status = 1
		}
	}
	return status
}
