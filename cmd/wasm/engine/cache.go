package engine

import (
	"encoding/binary"
	"errors"
	"hash/maphash"
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
	key cacheKey
	// seeds key the hash of benchKey: random, drawn by the first bench (keySeeds), so that no source
	// can be written to collide with another's key.
	seeds  [2]maphash.Seed
	seeded bool
	// rep is the report as lab.Bench returned it, before the page's texts (pageResponse) changed
	// it (a deep copy, copyReport): a hit answers a copy of its own.
	rep   *lab.Report
	valid bool
	// Hits counts the benches it answered.
	Hits int
}

// bench is lab.Bench(im, opts) through the cache for a request req.
func (c *BenchCache) bench(im *asm.Image, opts lab.Options, req Request) (*lab.Report, error) {
	if c == nil || req.Budget == 0 {
		return startBench(im, opts)
	}
	key := c.benchKey(im, opts, req)
	if c.valid && key == c.key {
		c.Hits++
		return copyReport(c.rep), nil
	}
	rep, err := startBench(im, opts)
	if errors.Is(err, lab.ErrStopped) {
		return rep, err // nothing measured: the kept bench stays
	}
	c.valid = false
	if err == nil && rep != nil {
		c.key, c.rep, c.valid = key, copyReport(rep), true
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
func (c *BenchCache) benchKey(im *asm.Image, opts lab.Options, req Request) cacheKey {
	if !c.seeded {
		c.seeds, c.seeded = [2]maphash.Seed{maphash.MakeSeed(), maphash.MakeSeed()}, true
	}
	w := keyWriter{h: newKeyHash(c.seeds)}
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
	return w.h.sum()
}

// cacheKey is the bench cache's key, 128 bits (keyHash).
type cacheKey [16]byte

// keyHash hashes the key's bytes twice, with hash/maphash under two random seeds, into 128 bits: a
// keyed hash, which a cache in one worker needs, instead of crypto/sha256, which linked 24 packages of
// crypto (AES, its GCM and DRBG among them, initialised at start-up) into engine.wasm. Two different
// benches share a key with a chance of about 2^-128 (maphash is not cryptographic, but its seeds are
// random and stay in the worker, so a source cannot be written to hit another's key).
type keyHash struct{ a, b maphash.Hash }

func newKeyHash(seeds [2]maphash.Seed) *keyHash {
	h := new(keyHash)
	h.a.SetSeed(seeds[0])
	h.b.SetSeed(seeds[1])
	return h
}

// Write hashes p into both halves; it never fails.
func (h *keyHash) Write(p []byte) {
	h.a.Write(p)
	h.b.Write(p)
}

func (h *keyHash) sum() (k cacheKey) {
	binary.LittleEndian.PutUint64(k[:8], h.a.Sum64())
	binary.LittleEndian.PutUint64(k[8:], h.b.Sum64())
	return k
}
