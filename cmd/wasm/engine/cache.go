package engine

import (
	"crypto/sha256"
	"encoding/json"
	"errors"
	"strings"

	"github.com/avrlab/avrlab/asm"
	"github.com/avrlab/avrlab/lab"
)

// BenchCache keeps the last live bench of one engine worker: what it measured and the report. A live
// run (Request.Budget set) of the same program with the same settings (an edit of a comment or of
// blank space, a file the main file does not include) takes that report instead of running the calls
// again. lab.Bench is a function of the image and the options, the seed among them, so the report is
// exactly the one the run would give; the key holds the whole assembled image (bytes, symbols, line
// table, listing, warnings), the request's fields but the files and CallCycles (which only plans the
// vectors, and the options hold the plan), and the main file's "avrlab" lines that lab.Resolve reads.
// The Run button (no budget) always measures. The zero value is empty; a nil *BenchCache keeps
// nothing.
type BenchCache struct {
	key [32]byte
	// rep is the report as lab.Bench returned it, before the page's texts (pageResponse) changed
	// it, in JSON (which holds every field): a hit decodes a copy of its own.
	rep   []byte
	valid bool
	// Hits counts the benches it answered.
	Hits int
}

// bench is lab.Bench(im, opts) through the cache for a request req.
func (c *BenchCache) bench(im *asm.Image, opts lab.Options, req Request) (*lab.Report, error) {
	if c == nil || req.Budget == 0 {
		return startBench(im, opts)
	}
	key := benchKey(im, opts, req)
	if c.valid && key == c.key {
		if cp := new(lab.Report); json.Unmarshal(c.rep, cp) == nil {
			c.Hits++
			return cp, nil
		}
	}
	rep, err := startBench(im, opts)
	if errors.Is(err, lab.ErrStopped) {
		return rep, err // nothing measured: the kept bench stays
	}
	c.valid = false
	if err == nil && rep != nil {
		if b, err := json.Marshal(rep); err == nil {
			c.key, c.rep, c.valid = key, b, true
		}
	}
	return rep, err
}

// startBench is lab.Bench(im, opts), which first asks opts.Stop (when set) whether to start at all:
// a newer request may have come while the program was assembled. A kept bench asks nothing.
func startBench(im *asm.Image, opts lab.Options) (*lab.Report, error) {
	if opts.Stop != nil && opts.Stop() {
		return nil, lab.ErrStopped
	}
	return lab.Bench(im, opts)
}

// benchKey hashes what a bench of image im with options opts for request req depends on (see
// keyWriter): the device's name, the whole image, the options, the request but its files (the image
// stands for them) and what the source's "avrlab" lines say.
func benchKey(im *asm.Image, opts lab.Options, req Request) (key [32]byte) {
	w := keyWriter{h: sha256.New()}
	device := ""
	if im.Device != nil {
		device = im.Device.Name
	}
	w.string(device)
	w.image(im)
	w.options(&opts)
	w.request(&req)
	// The main file's lines that lab.Resolve reads (all those naming avrlab, read or not).
	src := req.Files[req.Main]
	for len(src) > 0 {
		line := src
		if i := strings.IndexByte(src, '\n'); i >= 0 {
			line, src = src[:i+1], src[i+1:]
		} else {
			src = ""
		}
		if strings.Contains(line, "avrlab") {
			w.string(line)
		}
	}
	w.flush()
	copy(key[:], w.h.Sum(nil))
	return key
}
