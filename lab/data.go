package lab

import (
	_ "embed"
	"encoding/hex"
	"encoding/json"
	"math"
)

// The two files under data/ are copies of ../shared/data (a test checks they are identical), embedded so
// the CLI and the page work with no files beside them.
var (
	//go:embed data/vectors.json
	vectorsJSON []byte
	//go:embed data/published-rows.json
	publishedJSON []byte
)

type vector struct {
	family, variant, revision string
	key, plain, ct            []byte
}

type vectorFile struct{ vectors []vector }

func mustVectors() *vectorFile {
	var raw struct {
		Vectors []struct {
			Cipher          string `json:"cipher"`
			Variant         string `json:"variant"`
			Revision        string `json:"revision"`
			KeyBytes        string `json:"key_bytes"`
			PlaintextBytes  string `json:"plaintext_bytes"`
			CiphertextBytes string `json:"ciphertext_bytes"`
		} `json:"vectors"`
	}
	if err := json.Unmarshal(vectorsJSON, &raw); err != nil {
		panic("lab: internal error: embedded vectors.json: " + err.Error())
	}
	vf := &vectorFile{}
	for _, r := range raw.Vectors {
		k, err1 := hex.DecodeString(r.KeyBytes)
		p, err2 := hex.DecodeString(r.PlaintextBytes)
		c, err3 := hex.DecodeString(r.CiphertextBytes)
		if err1 != nil || err2 != nil || err3 != nil {
			panic("lab: internal error: bad hex in vectors.json for " + r.Variant)
		}
		vf.vectors = append(vf.vectors, vector{family: r.Cipher, variant: r.Variant, revision: r.Revision,
			key: k, plain: p, ct: c})
	}
	return vf
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
