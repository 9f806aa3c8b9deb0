package lab

import (
	_ "embed"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"sync"

	"github.com/avrlab/avrlab/isa"
)

// The files under data/ are copies of ../shared/data (a test checks they are identical), embedded so
// the CLI and the page work with no files beside them.
var (
	//go:embed data/vectors.json
	vectorsJSON []byte
	//go:embed data/vectors-attiny45.json
	vectorsATtiny45JSON []byte
	//go:embed data/published-rows.json
	publishedJSON []byte
	//go:embed data/kernel-rows.json
	kernelRowsJSON []byte
	//go:embed data/vectors-systems.json
	vectorsSystemsJSON []byte
)

type vector struct {
	family, variant, revision string // revision: CHAM's; the NOEKEON mode ("direct-key", "indirect-key")
	key, plain, ct            []byte
}

type vectorFile struct{ vectors []vector }

func mustVectors() *vectorFile {
	vf := &vectorFile{}
	for _, f := range vectorFiles {
		vf.vectors = append(vf.vectors, f()...)
	}
	return vf
}

// vectorFiles are the embedded vector files in the order a vector is looked for in them, each decoded
// on first use: a task's official vector is in the first file for most, so the others stay undecoded.
var vectorFiles = [...]func() []vector{
	lazyVectors(func() []vector { return decodeVectors("vectors.json", vectorsJSON) }),
	lazyVectors(func() []vector { return decodeVectors("vectors-attiny45.json", vectorsATtiny45JSON) }),
	lazyVectors(func() []vector { vf := &vectorFile{}; vf.addSystems(); return vf.vectors }),
}

// lazyVectors returns decode's vectors, decoded once on first use. Not inlined: one sync.OnceValue
// for the three files, not a copy of it for each in the page's module.
//
//go:noinline
func lazyVectors(decode func() []vector) func() []vector { return sync.OnceValue(decode) }

// findVector returns the first vector of the embedded files (in mustVectors' order) that matches, as
// vectorFile.find, decoding only the files it has to read.
func findVector(family, variant, revision string) *vector {
	for _, f := range vectorFiles {
		if v := (&vectorFile{vectors: f()}).find(family, variant, revision); v != nil {
			return v
		}
	}
	return nil
}

// decodeVectors decodes one embedded file of the vectors.json format.
func decodeVectors(name string, data []byte) []vector {
	var out []vector
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
	if err := json.Unmarshal(data, &raw); err != nil {
		panic("lab: internal error: embedded " + name + ": " + err.Error())
	}
	for _, r := range raw.Vectors {
		k, err1 := hex.DecodeString(r.KeyBytes)
		p, err2 := hex.DecodeString(r.PlaintextBytes)
		c, err3 := hex.DecodeString(r.CiphertextBytes)
		if err1 != nil || err2 != nil || err3 != nil {
			panic("lab: internal error: bad hex in " + name + " for " + r.Variant)
		}
		rev := r.Revision
		if r.Mode != "" {
			rev = r.Mode
		}
		out = append(out, vector{family: r.Cipher, variant: r.Variant, revision: rev, key: k, plain: p, ct: c})
	}
	return out
}

// addSystems adds the block-cipher vectors of the embedded vectors-systems.json: those with a key, a
// plaintext and a ciphertext, in file order within each algorithm, with the algorithm's key ("idea",
// "kasumi64") as both family and variant (a task's vectorKey). Only single-encryption vectors are
// taken (KASUMI's Test Set 4 iterates 50 times; lab/cipher's tests check it).
func (vf *vectorFile) addSystems() {
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
	if err := json.Unmarshal(vectorsSystemsJSON, &raw); err != nil {
		panic("lab: internal error: embedded vectors-systems.json: " + err.Error())
	}
	for name, a := range raw.Algorithms {
		for _, r := range a.Vectors {
			if r.Iterations > 1 || r.Key == "" || r.Plaintext == "" || r.Ciphertext == "" {
				continue
			}
			k, err1 := hex.DecodeString(r.Key)
			p, err2 := hex.DecodeString(r.Plaintext)
			ct, err3 := hex.DecodeString(r.Ciphertext)
			if err1 != nil || err2 != nil || err3 != nil {
				panic("lab: internal error: bad hex in vectors-systems.json for " + name)
			}
			vf.vectors = append(vf.vectors, vector{family: name, variant: name, key: k, plain: p, ct: ct})
		}
	}
}

func (vf *vectorFile) find(family, variant, revision string) *vector {
	for i := range vf.vectors {
		v := &vf.vectors[i]
		if v.family == family && v.variant == variant && (revision == "" || v.revision == revision) {
			return v
		}
	}
	return nil
}

// ATtiny45Row is one row of the ATtiny45 cipher table (Eisenbarth et al., Africacrypt 2012: the
// ECRYPT scenario, encryption + key scheduling per call), from ../shared/data/published-rows.json.
type ATtiny45Row struct {
	Cipher    string  `json:"cipher"` // e.g. "PRESENT v1"
	Block     int     `json:"block"`  // bits
	Key       int     `json:"key"`    // bits
	Code      int     `json:"code"`   // bytes of flash
	RAM       int     `json:"ram"`    // bytes
	EncCycles int     `json:"enc_cycles"`
	DecCycles int     `json:"dec_cycles"`
	EnergyUJ  float64 `json:"energy_uJ"` // encryption + key schedule, µJ
}

// ATtiny45Rows returns the ATtiny45 table's rows in the file's order.
func ATtiny45Rows() []ATtiny45Row {
	var raw struct {
		Rows []ATtiny45Row `json:"attiny45_rows"`
	}
	if err := json.Unmarshal(publishedJSON, &raw); err != nil {
		panic("lab: internal error: embedded published-rows.json: " + err.Error())
	}
	return raw.Rows
}

// KernelRow is one published figure of a non-cipher kernel, from ../shared/data/kernel-rows.json:
// cycles of one call where the source gives them, or context (a whole protocol's cycles).
type KernelRow struct {
	Kernel        string  `json:"kernel"` // the task it compares with, "" for context rows
	Impl          string  `json:"impl"`   // implementation or operation
	Source        string  `json:"source"` // citation key (KernelSources)
	Cycles        int     `json:"cycles"` // cycles of one call (0 when the row gives cycles per round)
	PerUnit       string  `json:"per"`    // "" or "round" when CyclesPerUnit is the figure
	PerUnitCycles float64 `json:"cycles_per_unit,omitempty"`
	Code          int     `json:"code,omitempty"` // bytes, where given
	RAM           string  `json:"ram,omitempty"`  // as printed
	Device        string  `json:"device,omitempty"`
	Read          string  `json:"read"` // where the figure was read
	Context       bool    `json:"context,omitempty"`
}

// KernelRows returns every published kernel figure: the multi-precision multiplications, the SNEIK
// permutation, PRESENT on the ATtiny45 and Ring-LWE decryption as comparable rows, P-192 ECC and the rest
// of Ring-LWE as context.
func KernelRows() []KernelRow {
	var raw struct {
		MP []struct {
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
	}
	if err := json.Unmarshal(kernelRowsJSON, &raw); err != nil {
		panic("lab: internal error: embedded kernel-rows.json: " + err.Error())
	}
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
		// The same rows are the context of the P-192 systems: ECDH (two scalar multiplications) of
		// p192-scalarmul, sign + verify of the two ECDSA tasks.
		for _, id := range p192SystemTasks(r.Operation) {
			out = append(out, KernelRow{Kernel: id, Impl: r.Operation, Source: r.Source, Cycles: r.CyclesDerived,
				Device: "atmega128", Read: r.Read, Context: true})
		}
	}
	for _, r := range raw.LWE {
		out = append(out, KernelRow{Kernel: "ntt-256", Impl: r.Operation, Source: r.Source, Cycles: r.Cycles, Device: r.Device,
			Read: r.Read, Context: true})
		// The medium-term rows are also the Ring-LWE tasks' own: decryption on the same boundary as
		// the task's call, encryption and key generation as context, since they include the Gaussian
		// sampling the tasks' calls receive done.
		if id := rlweSystemTask(r.Operation); id != "" {
			out = append(out, KernelRow{Kernel: id, Impl: r.Operation, Source: r.Source, Cycles: r.Cycles, Device: r.Device,
				Read: r.Read, Context: id != "rlwe256-dec"})
		}
	}
	return out
}

// p192SystemTasks returns the P-192 system tasks a Liu et al. context row (by its operation) belongs to.
func p192SystemTasks(op string) []string {
	switch {
	case strings.HasPrefix(op, "ECDH"):
		return []string{"p192-scalarmul"}
	case strings.HasPrefix(op, "ECDSA"):
		return []string{"p192-ecdsa-sign", "p192-ecdsa-verify"}
	}
	return nil
}

// rlweSystemTask returns the Ring-LWE task a Liu et al. medium-term row (by its operation) belongs to,
// or "".
func rlweSystemTask(op string) string {
	switch op {
	case "Ring-LWE encryption, medium-term security":
		return "rlwe256-enc"
	case "Ring-LWE decryption, medium-term security":
		return "rlwe256-dec"
	case "Ring-LWE key generation, medium-term security":
		return "rlwe256-keygen"
	}
	return ""
}

// KernelSources returns the citations of the kernel rows by key.
func KernelSources() map[string]string {
	var raw struct {
		Sources map[string]string `json:"sources"`
	}
	if err := json.Unmarshal(kernelRowsJSON, &raw); err != nil {
		panic("lab: internal error: embedded kernel-rows.json: " + err.Error())
	}
	return raw.Sources
}

// EnergyModel is the ATtiny45 energy per cycle of the ECRYPT measurement board, nJ (median and the
// spread over the table's rows), from ../shared/data/kernel-rows.json.
type EnergyModel struct {
	Median, Min, Max float64
	About            string
}

// EnergyECRYPTATtiny45 is the name (isa.Device.EnergyModel) of the model [ATtiny45Energy] returns.
const EnergyECRYPTATtiny45 = "ecrypt-attiny45"

// deviceEnergy returns the energy model the device names in its EnergyModel, false when it names none.
func deviceEnergy(d *isa.Device) (EnergyModel, bool) {
	switch d.EnergyModel {
	case EnergyECRYPTATtiny45:
		return ATtiny45Energy(), true
	}
	return EnergyModel{}, false
}

// ATtiny45Energy returns the energy model.
func ATtiny45Energy() EnergyModel {
	var raw struct {
		M struct {
			About  string  `json:"about"`
			Median float64 `json:"nJ_per_cycle_median"`
			Min    float64 `json:"nJ_per_cycle_min"`
			Max    float64 `json:"nJ_per_cycle_max"`
		} `json:"attiny45_energy_model"`
	}
	if err := json.Unmarshal(kernelRowsJSON, &raw); err != nil {
		panic("lab: internal error: embedded kernel-rows.json: " + err.Error())
	}
	return EnergyModel{Median: raw.M.Median, Min: raw.M.Min, Max: raw.M.Max, About: raw.M.About}
}

// PublishedRow is one published fixed-key AVR result (ATmega128) from ../shared/data/published-rows.json.
type PublishedRow struct {
	Cipher string  `json:"cipher"` // e.g. "CHAM-64/128"
	Impl   string  `json:"impl"`   // e.g. "CHAM ver. 2 (2-round loop)"
	Source string  `json:"source"` // citation key, see PublishedSources
	Flash  int     `json:"flash"`  // bytes
	RAM    int     `json:"ram"`    // bytes
	CPB    float64 `json:"cpb"`    // cycles per byte
	Rank   float64 `json:"rank"`   // as printed
}

// PublishedRows returns the published fixed-key rows, in the file's order (by RANK within a cipher).
func PublishedRows() []PublishedRow {
	var raw struct {
		Rows []PublishedRow `json:"fixed_key_rank_rows"`
	}
	if err := json.Unmarshal(publishedJSON, &raw); err != nil {
		panic("lab: internal error: embedded published-rows.json: " + err.Error())
	}
	return raw.Rows
}

// PublishedSources returns the citations of the published rows by key.
func PublishedSources() map[string]string {
	var raw struct {
		Sources map[string]string `json:"sources"`
	}
	if err := json.Unmarshal(publishedJSON, &raw); err != nil {
		panic("lab: internal error: embedded published-rows.json: " + err.Error())
	}
	return raw.Sources
}

// Rank returns (10^6/cpb)/(flash + 2·ram), the figure of merit of Beaulieu et al. (LightSec 2014);
// higher is better. It returns 0 when cpb or the size is not positive.
func Rank(cpb float64, flash, ram int) float64 {
	size := float64(flash + 2*ram)
	if cpb <= 0 || size <= 0 || math.IsInf(cpb, 0) || math.IsNaN(cpb) {
		return 0
	}
	return 1e6 / cpb / size
}
