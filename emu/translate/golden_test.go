//go:build !js

package translate

import (
	"bufio"
	"crypto/sha256"
	"encoding/binary"
	"flag"
	"fmt"
	"hash"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/avrlab/avrlab/asm"
	"github.com/avrlab/avrlab/emu"
	"github.com/avrlab/avrlab/isa"
)

var updateGolden = flag.Bool("update-golden", false, "rewrite testdata/modules.golden from this build's generator")

// goldenFile holds, per set of programs, the SHA-256 of every module the generator writes for
// them; an example's set is named by its file and the SHA-256 of its image, so that an edited
// example is not compared (it is logged). It was written by main's generator at b221b2c, before
// gen.inst was split into its instruction groups (inst.go, the one switch), gen.function and
// buildRegion into their parts:
//
//	git archive b221b2c | tar -x -C /tmp/old
//	cp emu/translate/golden_test.go /tmp/old/emu/translate/
//	(cd /tmp/old && go test ./emu/translate -run TestModulesGolden -update-golden)
//	cp /tmp/old/emu/translate/testdata/modules.golden emu/translate/testdata/
//
// A change that means to change the generator's output rewrites it with -update-golden and says
// why in its commit.
const goldenFile = "testdata/modules.golden"

// TestModulesGolden translates the examples (a region from each code symbol, and one from all of
// them) and random programs on every device (random words, from one root and from three), each
// with and without the access record, bounds hints, store forwarding and loop functions, and
// compares the hash of the modules and trace segments with the golden file's.
func TestModulesGolden(t *testing.T) {
	got := map[string]string{}
	for name, progs := range exampleSets(t) {
		got[name] = hashSets(progs)
	}
	for name, progs := range randomSets(t) {
		got[name] = hashSets(progs)
	}
	if *updateGolden {
		writeGolden(t, got)
		return
	}
	want := readGolden(t)
	examples := 0
	for _, name := range slices.Sorted(maps.Keys(got)) {
		w, ok := want[name]
		switch {
		case !ok && strings.HasPrefix(name, "example "):
			// The example's image is not the one the file was written from: nothing to compare.
			t.Logf("%s: not in %s (the example changed; -update-golden adds it)", name, goldenFile)
		case !ok:
			t.Errorf("%s: not in %s", name, goldenFile)
		case w != got[name]:
			t.Errorf("%s: modules hash %s, golden %s", name, got[name], w)
		case strings.HasPrefix(name, "example "):
			examples++
		}
	}
	for name := range want {
		if _, ok := got[name]; !ok && !strings.HasPrefix(name, "example ") {
			t.Errorf("%s: in %s, not translated", name, goldenFile)
		}
	}
	if examples == 0 {
		t.Errorf("no example's image is one %s has", goldenFile)
	}
}

// rootSet is one program and the root sets of the regions translated from it.
type rootSet struct {
	flash []byte
	dev   *isa.Device
	roots [][]uint32
}

// exampleSets assembles examples/*.S: roots at every symbol in the code, each alone and all
// together.
func exampleSets(t *testing.T) map[string][]rootSet {
	files, err := filepath.Glob("../../examples/*.S")
	if err != nil || len(files) == 0 {
		t.Fatalf("no examples: %v", err)
	}
	sets := map[string][]rootSet{}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		im, err := asm.Assemble(filepath.Base(f), src, asm.Config{FS: asm.FromFS(os.DirFS("../../examples"))})
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		var all []uint32
		rs := rootSet{flash: im.Flash, dev: im.Device}
		for _, s := range im.Symbols {
			pc := uint32(s.Value / 2)
			if s.Value%2 == 0 && int(s.Value) < len(im.Flash) && !slices.Contains(all, pc) {
				all = append(all, pc)
				rs.roots = append(rs.roots, []uint32{pc})
			}
		}
		slices.Sort(all)
		rs.roots = append(rs.roots, []uint32{0}, all)
		sets[fmt.Sprintf("example %s %x", filepath.Base(f), sha256.Sum256(im.Flash))] = []rootSet{rs}
	}
	return sets
}

// randomSets writes 24 programs of 192 random words per device.
func randomSets(t *testing.T) map[string][]rootSet {
	sets := map[string][]rootSet{}
	rng := rand.New(rand.NewPCG(8, 23))
	for _, name := range isa.DeviceNames() {
		d := isa.LookupDevice(name)
		for range 24 {
			flash := make([]byte, 2*192)
			for i := range flash {
				flash[i] = byte(rng.Uint32())
			}
			roots := [][]uint32{{0}, {0, uint32(rng.IntN(192)), uint32(rng.IntN(192))}}
			sets["random "+name] = append(sets["random "+name], rootSet{flash: flash, dev: d, roots: roots})
		}
	}
	return sets
}

// hashSets hashes the modules and segments of every region of progs in every variant.
func hashSets(progs []rootSet) string {
	h := sha256.New()
	for _, rs := range progs {
		for _, access := range []bool{false, true} {
			p := captureProgram(rs.dev, rs.flash, access)
			if p == nil {
				fmt.Fprintf(h, "no program\n")
				continue
			}
			for _, roots := range rs.roots {
				roots = slices.DeleteFunc(slices.Clone(roots), func(pc uint32) bool {
					if pc >= uint32(len(p.Code)) {
						return true
					}
					c := class(p.Device, &p.Code[pc])
					return c == clHost || c == clFault
				})
				if len(roots) == 0 {
					continue
				}
				for v := range 6 {
					hashVariant(h, p, roots, v)
				}
			}
		}
	}
	return fmt.Sprintf("%x", h.Sum(nil))
}

// hashVariant translates the region of roots in variant v (bit 0: no loop functions; v/2: hints
// and forwarding on, hints off, forwarding off) and hashes the result.
func hashVariant(h hash.Hash, p *emu.Program, roots []uint32, v int) {
	reg := buildRegion(p, roots)
	if v&1 == 0 {
		reg.outline(p)
	}
	hint, fwd := v/2 != 1, v/2 != 2
	tr := generate(p, reg, hint, fwd)
	fmt.Fprintf(h, "%v %d %d\n", roots, v, len(tr.mod))
	h.Write(tr.mod)
	for _, s := range tr.segs {
		_ = binary.Write(h, binary.LittleEndian, s)
		h.Write([]byte{'\n'})
	}
}

// captureProgram returns the Program a machine of d with flash hands its runner.
func captureProgram(d *isa.Device, flash []byte, access bool) *emu.Program {
	c := &capture{}
	m := emu.New(d, flash, emu.Config{Engine: c, Access: access})
	m.Run(1)
	return c.p
}

func readGolden(t *testing.T) map[string]string {
	f, err := os.Open(goldenFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	want := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		name, sum, ok := strings.Cut(sc.Text(), "\t")
		if ok {
			want[name] = sum
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return want
}

func writeGolden(t *testing.T, got map[string]string) {
	var b strings.Builder
	for _, name := range slices.Sorted(maps.Keys(got)) {
		fmt.Fprintf(&b, "%s\t%s\n", name, got[name])
	}
	if err := os.WriteFile(goldenFile, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}
