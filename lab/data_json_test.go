package lab

import (
	"cmp"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"
)

// The decoding of the data files that lab did with encoding/json before data_gen.go, kept as the
// reference the generated values are held to.

// jsonFile decodes data/name into v.
func jsonFile(t *testing.T, name string, v any) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("data", name))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

// jsonHex decodes one of a file's hex strings.
func jsonHex(t *testing.T, name, h string) []byte {
	t.Helper()
	b, err := hex.DecodeString(h)
	if err != nil {
		t.Fatalf("%s: bad hex %q: %v", name, h, err)
	}
	return b
}

// jsonVectors decodes one file of the vectors.json format.
func jsonVectors(t *testing.T, name string) []vector {
	var raw struct {
		Vectors []struct {
			Cipher          string `json:"cipher"`
			Variant         string `json:"variant"`
			Revision        string `json:"revision"`
			Mode            string `json:"mode"`
			KeyBytes        string `json:"key_bytes"`
			PlaintextBytes  string `json:"plaintext_bytes"`
			CiphertextBytes string `json:"ciphertext_bytes"`
		} `json:"vectors"`
	}
	jsonFile(t, name, &raw)
	var out []vector
	for _, r := range raw.Vectors {
		rev := r.Revision
		if r.Mode != "" {
			rev = r.Mode
		}
		out = append(out, vector{family: r.Cipher, variant: r.Variant, revision: rev, key: jsonHex(t, name, r.KeyBytes),
			plain: jsonHex(t, name, r.PlaintextBytes), ct: jsonHex(t, name, r.CiphertextBytes)})
	}
	return out
}

// jsonSystemVectors decodes the single-encryption block-cipher vectors of vectors-systems.json, in the
// order the map's iteration gives the algorithms.
func jsonSystemVectors(t *testing.T) []vector {
	const name = "vectors-systems.json"
	var raw struct {
		Algorithms map[string]struct {
			Vectors []struct {
				Key        string `json:"key"`
				Plaintext  string `json:"plaintext"`
				Ciphertext string `json:"ciphertext"`
				Iterations int    `json:"iterations"`
			} `json:"vectors"`
		} `json:"algorithms"`
	}
	jsonFile(t, name, &raw)
	var out []vector
	for alg, a := range raw.Algorithms {
		for _, r := range a.Vectors {
			if r.Iterations > 1 || r.Key == "" || r.Plaintext == "" || r.Ciphertext == "" {
				continue
			}
			out = append(out, vector{family: alg, variant: alg, key: jsonHex(t, name, r.Key), plain: jsonHex(t, name, r.Plaintext),
				ct: jsonHex(t, name, r.Ciphertext)})
		}
	}
	return out
}

// jsonPublished decodes published-rows.json's fixed-key rows, ATtiny45 rows and sources.
func jsonPublished(t *testing.T) (rows []PublishedRow, attiny45 []ATtiny45Row, sources map[string]string) {
	var raw struct {
		Rows     []PublishedRow    `json:"fixed_key_rank_rows"`
		ATtiny45 []ATtiny45Row     `json:"attiny45_rows"`
		Sources  map[string]string `json:"sources"`
	}
	jsonFile(t, "published-rows.json", &raw)
	return raw.Rows, raw.ATtiny45, raw.Sources
}

// jsonKernelRows decodes kernel-rows.json's rows as KernelRows made them, its sources and its
// energy model.
func jsonKernelRows(t *testing.T) ([]KernelRow, map[string]string, EnergyModel) {
	var raw struct {
		Sources map[string]string `json:"sources"`
		MP      []struct {
			Kernel, Impl, Source, Device, Read string
			Cycles                             int
		} `json:"mp_multiplication"`
		ECC []struct {
			Operation, Source, Read string
			CyclesDerived           int `json:"cycles_derived"`
		} `json:"ecc_p192"`
		LWE []struct {
			Operation, Source, Device, Read string
			Cycles                          int
			MS                              []float64 `json:"ms"`
		} `json:"ring_lwe"`
		SNEIK []struct {
			Impl, Source, Device, Read string
			CyclesPerRound             float64 `json:"cycles_per_round"`
			Rounds, ROM                int
			RAM                        string
		} `json:"sneik_f512"`
		PRESENT []struct {
			Impl, Source, Read string
			EncCycles          int `json:"enc_cycles"`
			Code               int
			RAM                int
		} `json:"present80_attiny45"`
		M struct {
			About  string  `json:"about"`
			Median float64 `json:"nJ_per_cycle_median"`
			Min    float64 `json:"nJ_per_cycle_min"`
			Max    float64 `json:"nJ_per_cycle_max"`
		} `json:"attiny45_energy_model"`
	}
	jsonFile(t, "kernel-rows.json", &raw)
	var out []KernelRow
	for _, r := range raw.MP {
		out = append(out, KernelRow{Kernel: r.Kernel, Impl: r.Impl, Source: r.Source, Cycles: r.Cycles, Device: r.Device, Read: r.Read})
	}
	for _, r := range raw.SNEIK {
		out = append(out, KernelRow{Kernel: "sneik-f512", Impl: r.Impl, Source: r.Source, PerUnit: "round",
			PerUnitCycles: r.CyclesPerRound, Cycles: int(r.CyclesPerRound*float64(r.Rounds) + 0.5), Code: r.ROM, RAM: r.RAM,
			Device: r.Device, Read: r.Read})
	}
	for _, r := range raw.PRESENT {
		ram := ""
		if r.RAM > 0 {
			ram = fmt.Sprint(r.RAM)
		}
		out = append(out, KernelRow{Kernel: "present80", Impl: r.Impl, Source: r.Source, Cycles: r.EncCycles, Code: r.Code,
			RAM: ram, Device: "attiny45", Read: r.Read})
	}
	for _, r := range raw.ECC {
		out = append(out, KernelRow{Kernel: "p192-mul", Impl: r.Operation, Source: r.Source, Cycles: r.CyclesDerived,
			Device: "atmega128", Read: r.Read, Context: true})
		for _, id := range p192SystemTasks(r.Operation) {
			out = append(out, KernelRow{Kernel: id, Impl: r.Operation, Source: r.Source, Cycles: r.CyclesDerived,
				Device: "atmega128", Read: r.Read, Context: true})
		}
	}
	for _, r := range raw.LWE {
		out = append(out, KernelRow{Kernel: "ntt-256", Impl: r.Operation, Source: r.Source, Cycles: r.Cycles, Device: r.Device,
			Read: r.Read, Context: true, MS: msText(r.MS)})
		if id := rlweSystemTask(r.Operation); id != "" {
			out = append(out, KernelRow{Kernel: id, Impl: r.Operation, Source: r.Source, Cycles: r.Cycles, Device: r.Device,
				Read: r.Read, Context: id != "rlwe256-dec"})
		}
	}
	return out, raw.Sources, EnergyModel{Median: raw.M.Median, Min: raw.M.Min, Max: raw.M.Max, About: raw.M.About}
}

// sameVectors reports the first vector where got and want differ.
func sameVectors(t *testing.T, what string, got, want []vector) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("%s: %d vectors generated, %d in the JSON", what, len(got), len(want))
	}
	for i := range min(len(got), len(want)) {
		if !reflect.DeepEqual(got[i], want[i]) {
			t.Errorf("%s: vector %d generated %+v, in the JSON %+v", what, i, got[i], want[i])
		}
	}
}

// TestDataAsJSON holds every generated value to what encoding/json decodes from the data files, as lab
// decoded them before: the vectors (the systems' algorithms in the order of their names, which the
// map gave in any order before: a vector is looked up by its algorithm), the rows, the sources and the
// energy model.
func TestDataAsJSON(t *testing.T) {
	sameVectors(t, "vectors.json", vectorsMain, jsonVectors(t, "vectors.json"))
	sameVectors(t, "vectors-attiny45.json", vectorsATtiny45, jsonVectors(t, "vectors-attiny45.json"))
	sys := jsonSystemVectors(t)
	slices.SortStableFunc(sys, func(a, b vector) int { return cmp.Compare(a.family, b.family) })
	sameVectors(t, "vectors-systems.json", vectorsSystems, sys)
	if len(vectorsMain) == 0 || len(vectorsATtiny45) == 0 || len(vectorsSystems) == 0 {
		t.Errorf("a vector file is empty: %d, %d, %d", len(vectorsMain), len(vectorsATtiny45), len(vectorsSystems))
	}

	rows, attiny45, sources := jsonPublished(t)
	if got := PublishedRows(); !reflect.DeepEqual(got, rows) {
		t.Errorf("PublishedRows:\n got %+v\nwant %+v", got, rows)
	}
	if got := ATtiny45Rows(); !reflect.DeepEqual(got, attiny45) {
		t.Errorf("ATtiny45Rows:\n got %+v\nwant %+v", got, attiny45)
	}
	if got := PublishedSources(); !reflect.DeepEqual(got, sources) {
		t.Errorf("PublishedSources:\n got %v\nwant %v", got, sources)
	}
	krows, ksources, energy := jsonKernelRows(t)
	if got := KernelRows(); !reflect.DeepEqual(got, krows) {
		t.Errorf("KernelRows:\n got %+v\nwant %+v", got, krows)
	}
	if got := KernelSources(); !reflect.DeepEqual(got, ksources) {
		t.Errorf("KernelSources:\n got %v\nwant %v", got, ksources)
	}
	if got := ATtiny45Energy(); got != energy {
		t.Errorf("ATtiny45Energy: got %+v, want %+v", got, energy)
	}
}

// TestDataCallersGetCopies: what the exported functions return is the caller's, as when each call
// decoded the file: changing it changes nothing the next call returns.
func TestDataCallersGetCopies(t *testing.T) {
	p, a, k := PublishedRows(), ATtiny45Rows(), KernelRows()
	ps, ks := PublishedSources(), KernelSources()
	p[0].Flash, a[0].Code, k[0].Cycles = -1, -1, -1
	ps["seo2018"], ks["liu2015"] = "changed", "changed"
	if PublishedRows()[0].Flash == -1 || ATtiny45Rows()[0].Code == -1 || KernelRows()[0].Cycles == -1 {
		t.Errorf("a returned row changed the table")
	}
	if PublishedSources()["seo2018"] == "changed" || KernelSources()["liu2015"] == "changed" {
		t.Errorf("a returned map changed the sources")
	}
}
