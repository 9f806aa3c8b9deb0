package lab

import (
	"regexp"
	"strconv"
	"testing"

	"github.com/avrlab/avrlab/isa"
)

// TestCipherTaskRows checks what the rows of cipherTasks state by hand against what they derive: the
// round count a name or layout prints is the reference's, the device and scenario exist, an ECRYPT
// name has rows in the ATtiny45 table, and the official vector the row selects is found.
func TestCipherTaskRows(t *testing.T) {
	roundsInName := regexp.MustCompile(`(\d+) rounds`)
	lastKey := regexp.MustCompile(`k\[0\.\.(\d+)\]`)
	vecs := mustVectors()
	seen := map[string]bool{}
	for _, c := range cipherTasks() {
		if c.id == "" || seen[c.id] || normalizeID(c.id) != c.id {
			t.Errorf("row %q: empty, repeated or not a normalized ID", c.id)
		}
		seen[c.id] = true
		if c.ref == nil || c.name == "" || c.cipher == "" || c.sym == "" || c.layout == "" {
			t.Errorf("%s: a field is empty: %+v", c.id, c)
			continue
		}
		if m := roundsInName.FindStringSubmatch(c.name); m != nil && m[1] != strconv.Itoa(c.ref.Rounds()) {
			t.Errorf("%s: name %q, reference runs %d rounds", c.id, c.name, c.ref.Rounds())
		}
		if m := lastKey.FindStringSubmatch(c.layout); m != nil && m[1] != strconv.Itoa(c.ref.Rounds()-1) {
			t.Errorf("%s: layout %q, reference runs %d rounds", c.id, c.layout, c.ref.Rounds())
		}
		if isa.LookupDevice(c.device) == nil {
			t.Errorf("%s: unknown device %q", c.id, c.device)
		}
		if c.scenario != "" && LookupScenario(c.scenario) == nil {
			t.Errorf("%s: unknown scenario %q", c.id, c.scenario)
		}
		if tk := LookupTask(c.id); tk == nil || tk.Kind != KindCipher || c.ecrypt != "" && len(tk.PublishedATtiny45()) == 0 {
			t.Errorf("%s: task %+v has no ECRYPT rows for %q", c.id, tk, c.ecrypt)
		}
		if vecs.find(c.vector.family, c.vector.variant, c.vector.revision) == nil {
			t.Errorf("%s: no official vector %+v", c.id, c.vector)
		}
	}
	// The derived fields of one row, as the published code names them.
	if tk := LookupTask("speck64-128"); tk.Entry != "speck64_128_encrypt" || tk.DecEntry != "speck64_128_decrypt" ||
		tk.RK != "speck64_128_rk" || tk.BlockBytes != 8 || tk.KeyBytes != 16 || tk.RKBytes != 27*4 {
		t.Errorf("speck64-128: %+v", tk)
	}
}

// TestDeviceEnergyModels checks that every device's energy model is one lab has, and that the ATtiny45
// and ATtiny85 estimate energy with the ECRYPT board's figures (4.12 nJ per cycle, 3.99..4.22).
func TestDeviceEnergyModels(t *testing.T) {
	with := map[string]bool{}
	for _, name := range isa.DeviceNames() {
		d := isa.LookupDevice(name)
		e, ok := deviceEnergy(d)
		if ok != (d.EnergyModel != "") {
			t.Errorf("%s: energy model %q unknown to lab", name, d.EnergyModel)
		}
		if ok {
			with[name] = true
			if e.Median != 4.12 || e.Min != 3.99 || e.Max != 4.22 {
				t.Errorf("%s: model %+v", name, e)
			}
		}
	}
	if len(with) != 2 || !with["attiny45"] || !with["attiny85"] {
		t.Errorf("devices with an energy model: %v, want attiny45 and attiny85", with)
	}
}
