package engine

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/avrlab/avrlab/emu"
	"github.com/avrlab/avrlab/lab"
)

// TestMachinesSameAnswers: benches through a worker's kept machines (Caches.Machines: each bench's
// machines built over the last one's, lab.Machines) answer byte for byte what a fresh bench answers,
// over a run of edits that change the code (a nop in and out, a broken routine that fails), the
// program (another example, on another device), the seed and the vectors, in any order.
func TestMachinesSameAnswers(t *testing.T) { machinesSameAnswers(t, nil) }

// machinesSameAnswers is TestMachinesSameAnswers with the kept machines on eng (nil: interpreted);
// the fresh benches are interpreted.
func machinesSameAnswers(t *testing.T, eng emu.Engine) {
	read := func(name string) string {
		b, err := os.ReadFile("../../../examples/" + name)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	cham, speck, aes := read("cham64-v2.S"), read("speck64.S"), read("aes128-t45.S")
	type bench struct {
		name, file, text string
		seed             uint64
		device           string
	}
	nop := strings.Replace(cham, "cham64_128_encrypt:\n", "cham64_128_encrypt:\n\tnop\n", 1)
	broken := strings.Replace(cham, "cham64_128_encrypt:\n", "cham64_128_encrypt:\n\tinc r24\n", 1)
	if nop == cham || broken == cham {
		t.Fatal("the edits did not apply")
	}
	benches := []bench{
		{"cham", "cham64-v2.S", cham, 7, ""}, {"cham with a nop", "cham64-v2.S", nop, 7, ""},
		{"cham", "cham64-v2.S", cham, 7, ""}, {"cham, another seed", "cham64-v2.S", cham, 8, ""},
		{"broken", "cham64-v2.S", broken, 7, ""}, {"cham", "cham64-v2.S", cham, 7, ""},
		{"speck", "speck64.S", speck, 3, ""}, {"cham on the ATmega328P", "cham64-v2.S", cham, 7, "atmega328p"},
		{"aes on the ATtiny45", "aes128-t45.S", aes, 5, ""}, {"cham with a nop", "cham64-v2.S", nop, 9, ""},
		{"speck", "speck64.S", speck, 3, ""},
	}
	machines := &lab.Machines{}
	for i, b := range benches {
		req, err := json.Marshal(Request{Files: map[string]string{b.file: b.text}, Main: b.file, Seed: b.seed, Budget: 10_000_000, Vectors: 12, Device: b.device})
		if err != nil {
			t.Fatal(err)
		}
		kept := HandleCached(eng, Caches{Machines: machines}, "bench", req, nil)
		fresh := HandleCached(nil, Caches{}, "bench", req, nil)
		if !bytes.Equal(kept, fresh) {
			t.Errorf("bench %d (%s): the answer through kept machines differs from a fresh bench:\n%.600s\n%.600s", i, b.name, kept, fresh)
		}
		var r Response
		if err := json.Unmarshal(kept, &r); err != nil || r.Report == nil || (r.Report.Pass != (b.name != "broken")) {
			t.Fatalf("bench %d (%s): %v %.300s", i, b.name, err, kept)
		}
	}
}
