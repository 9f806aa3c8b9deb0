package leak

import (
	"math/bits"
	"math/rand/v2"

	"github.com/avrlab/avrlab/internal/textf"
)

// Model is a leakage model: how one byte written over another becomes power. The zero value is
// not a model; use HW, HD or Both.
//
// HW is the Hamming weight of the value written, the model of the ChipWhisperer AVR/XMEGA course
// material (the S-box output "presented on the 8-bit bus"); HD is the Hamming distance between the
// old and the new value of the byte overwritten, the transition term of ELMO (McCann, Oswald and
// Whitnall, USENIX Security 2017) and of SAVRASCA's register and memory writes, which is what
// breaks masking when a register that held one share is overwritten by the other. Both adds them.
type Model uint8

// The models.
const (
	HW   Model     = 1 << iota // Hamming weight of the new value
	HD                         // Hamming distance between the old and the new value
	Both = HW | HD             // their sum
)

// ParseModel reads "hw", "hd" or "both".
func ParseModel(s string) (Model, error) {
	switch s {
	case "hw":
		return HW, nil
	case "hd":
		return HD, nil
	case "both":
		return Both, nil
	}
	return 0, textf.Errorf("unknown leakage model %q (known: hw, hd, both)", s)
}

func (m Model) String() string {
	switch m {
	case HW:
		return "hw"
	case HD:
		return "hd"
	case Both:
		return "both"
	}
	return textf.Sprintf("Model(%d)", uint8(m))
}

// Write returns the leakage of writing new over old: 0 to 16.
func (m Model) Write(old, new uint8) float64 {
	var v int
	if m&HW != 0 {
		v += bits.OnesCount8(new)
	}
	if m&HD != 0 {
		v += bits.OnesCount8(old ^ new)
	}
	return float64(v)
}

// Noise returns the Gaussian noise source of trace i of a run with the given seed: trace i's
// noise depends on (seed, i) alone, so any trace regenerates on its own (lascar's simulation
// containers seed each trace the same way).
func Noise(seed uint64, i int) *rand.Rand {
	return rand.New(rand.NewPCG(seed^0x6c65616b6e6f6973, uint64(i)))
}
