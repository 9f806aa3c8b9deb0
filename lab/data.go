package lab

//go:generate go run ./internal/datagen

import (
	"math"
	"strconv"
	"strings"

	"github.com/avrlab/avrlab/internal/textf"
	"github.com/avrlab/avrlab/isa"
)

// The files under data/ are copies of ../shared/data (a test checks they are identical). What lab reads
// of them is in data_gen.go, written from them by go run ./internal/datagen (go generate ./lab; a test
// holds it to them and to what encoding/json decodes from them): plain values the linker lays out as
// data, so that nothing is decoded at start-up or on first use and lab links no JSON decoder.

type vector struct {
	family, variant, revision string // revision: CHAM's; the NOEKEON mode ("direct-key", "indirect-key")
	key, plain, ct            []byte
}

type vectorFile struct{ vectors []vector }

func mustVectors() *vectorFile {
	vf := &vectorFile{}
	for _, f := range vectorFiles() {
		vf.vectors = append(vf.vectors, f...)
	}
	return vf
}

// vectorFiles returns the vectors of the data files in the order a vector is looked for in them:
// vectors.json, vectors-attiny45.json, vectors-systems.json.
func vectorFiles() [3][]vector {
	return [...][]vector{vectorsMain, vectorsATtiny45, vectorsSystems}
}

// findVector returns the first vector of the data files (in mustVectors' order) that matches, as
// vectorFile.find.
func findVector(family, variant, revision string) *vector {
	for _, f := range vectorFiles() {
		if v := (&vectorFile{vectors: f}).find(family, variant, revision); v != nil {
			return v
		}
	}
	return nil
}

// citation is one source of a data file's "sources": its key and its text.
type citation struct{ key, text string }

// citations returns the citations as a map of texts by key, a new one each call.
func citations(cs []citation) map[string]string {
	m := make(map[string]string, len(cs))
	for _, c := range cs {
		m[c.key] = c.text
	}
	return m
}

// The rows of kernel-rows.json's sections, as the file gives them (KernelRows makes them KernelRows).
type (
	mpRow struct {
		Kernel, Impl, Source, Device, Read string
		Cycles                             int
	}
	eccRow struct {
		Operation, Source, Read string
		CyclesDerived           int
	}
	lweRow struct {
		Operation, Source, Device, Read string
		Cycles                          int
		MS                              []float64
	}
	sneikRow struct {
		Impl, Source, Device, Read string
		CyclesPerRound             float64
		Rounds, ROM                int
		RAM                        string
	}
	presentRow struct {
		Impl, Source, Read   string
		EncCycles, Code, RAM int
	}
)

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
	return append([]ATtiny45Row(nil), attiny45Rows...)
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
	// MS are the row's times in milliseconds as the source prints them ("24.9 / 6.7" for an "A / B"
	// operation), where it gives times and no cycles (liu2017 states no clock: they are not cycles).
	MS string `json:"ms,omitempty"`
}

// Figure is the row's figure as the reports print it: "67638 cycles", or "24.9 / 6.7 ms" for a row
// that gives times and no cycles.
func (r KernelRow) Figure() string {
	if r.Cycles == 0 && r.MS != "" {
		return r.MS + " ms"
	}
	return strconv.Itoa(r.Cycles) + " cycles"
}

// KernelRows returns every published kernel figure: the multi-precision multiplications, the SNEIK
// permutation, PRESENT on the ATtiny45 and Ring-LWE decryption as comparable rows, P-192 ECC and the rest
// of Ring-LWE as context.
func KernelRows() []KernelRow {
	var out []KernelRow
	for _, r := range kernelMP {
		out = append(out, KernelRow{Kernel: r.Kernel, Impl: r.Impl, Source: r.Source, Cycles: r.Cycles, Device: r.Device, Read: r.Read})
	}
	for _, r := range kernelSNEIK {
		out = append(out, KernelRow{Kernel: "sneik-f512", Impl: r.Impl, Source: r.Source, PerUnit: "round",
			PerUnitCycles: r.CyclesPerRound, Cycles: int(r.CyclesPerRound*float64(r.Rounds) + 0.5), Code: r.ROM, RAM: r.RAM,
			Device: r.Device, Read: r.Read})
	}
	for _, r := range kernelPRESENT {
		ram := ""
		if r.RAM > 0 {
			ram = textf.Sprint(r.RAM)
		}
		out = append(out, KernelRow{Kernel: "present80", Impl: r.Impl, Source: r.Source, Cycles: r.EncCycles, Code: r.Code,
			RAM: ram, Device: "attiny45", Read: r.Read})
	}
	for _, r := range kernelECC {
		out = append(out, KernelRow{Kernel: "p192-mul", Impl: r.Operation, Source: r.Source, Cycles: r.CyclesDerived,
			Device: "atmega128", Read: r.Read, Context: true})
		// The same rows are the context of the P-192 systems: ECDH (two scalar multiplications) of
		// p192-scalarmul, sign + verify of the two ECDSA tasks.
		for _, id := range p192SystemTasks(r.Operation) {
			out = append(out, KernelRow{Kernel: id, Impl: r.Operation, Source: r.Source, Cycles: r.CyclesDerived,
				Device: "atmega128", Read: r.Read, Context: true})
		}
	}
	for _, r := range kernelLWE {
		out = append(out, KernelRow{Kernel: "ntt-256", Impl: r.Operation, Source: r.Source, Cycles: r.Cycles, Device: r.Device,
			Read: r.Read, Context: true, MS: msText(r.MS)})
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

// msText writes a row's times as the source prints them: "24.9 / 6.7", or "" for none.
func msText(ms []float64) string {
	parts := make([]string, len(ms))
	for i, v := range ms {
		parts[i] = strconv.FormatFloat(v, 'g', -1, 64)
	}
	return strings.Join(parts, " / ")
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
	return citations(kernelSources)
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
	return attiny45Energy
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
	return append([]PublishedRow(nil), publishedRows...)
}

// PublishedSources returns the citations of the published rows by key.
func PublishedSources() map[string]string {
	return citations(publishedSources)
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
