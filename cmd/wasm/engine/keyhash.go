package engine

import (
	"encoding/binary"
	"maps"
	"math"
	"slices"

	"github.com/avrlab/avrlab/asm"
	"github.com/avrlab/avrlab/internal/srcpos"
	"github.com/avrlab/avrlab/lab"
)

// keyWriter writes what a bench depends on into a hash, field by field, for the bench cache's key
// (benchKey): every number as 8 bytes and every string, byte slice and list after its length (nil
// apart from empty), so that no two different values write the same bytes, and maps in the order of
// their keys. It replaced encoding/json of the whole image, whose encoders, built on first use, cost
// the page's first bench as much as assembling, and which wrote bytes as base64 and booleans as
// words. TestBenchKeyFields changes every field of the written types one at a time and checks that
// the key changes: a field added to one of them and not written here fails it.
type keyWriter struct {
	h   *keyHash
	buf []byte
}

// flush hands the buffered bytes to the hash.
func (w *keyWriter) flush() {
	w.h.Write(w.buf)
	w.buf = w.buf[:0]
}

func (w *keyWriter) grown() {
	if len(w.buf) >= 4096 {
		w.flush()
	}
}

func (w *keyWriter) uint(x uint64) {
	w.buf = binary.LittleEndian.AppendUint64(w.buf, x)
	w.grown()
}

func (w *keyWriter) int(x int64) { w.uint(uint64(x)) }

func (w *keyWriter) bool(b bool) {
	if b {
		w.buf = append(w.buf, 1)
	} else {
		w.buf = append(w.buf, 0)
	}
	w.grown()
}

func (w *keyWriter) float(f float64) { w.uint(math.Float64bits(f)) }

func (w *keyWriter) string(s string) {
	w.uint(uint64(len(s)))
	w.buf = append(w.buf, s...)
	w.grown()
}

// len writes the length of a list, 0 for nil and len+1 otherwise.
func (w *keyWriter) len(n int, isNil bool) {
	if isNil {
		w.uint(0)
	} else {
		w.uint(uint64(n) + 1)
	}
}

func (w *keyWriter) bytes(b []byte) {
	w.len(len(b), b == nil)
	w.flush()
	w.h.Write(b)
}

func (w *keyWriter) bools(b []bool) {
	w.len(len(b), b == nil)
	for _, x := range b {
		w.bool(x)
	}
}

func (w *keyWriter) strings(s []string) {
	w.len(len(s), s == nil)
	for _, x := range s {
		w.string(x)
	}
}

func (w *keyWriter) pos(p srcpos.Position) {
	w.string(p.Filename)
	w.int(int64(p.Offset))
	w.int(int64(p.Line))
	w.int(int64(p.Column))
}

// image writes every field of im but Device (its name is written apart: the device's tables are the
// build's).
func (w *keyWriter) image(im *asm.Image) {
	w.bytes(im.Flash)
	w.bools(im.Emitted)
	w.bools(im.Present)
	w.bytes(im.Data)
	w.uint(uint64(im.DataAddr))
	w.uint(uint64(im.DataFlash))
	w.uint(uint64(im.BSSAddr))
	w.int(int64(im.BSSSize))
	w.bytes(im.EEPROM)
	w.bools(im.EEPROMPresent)
	w.len(len(im.Symbols), im.Symbols == nil)
	for _, s := range im.Symbols {
		w.string(s.Name)
		w.uint(uint64(s.Section))
		w.int(s.Value)
		w.int(s.Size)
		w.bool(s.Func)
		w.bool(s.Global)
		w.pos(s.Pos)
	}
	w.len(len(im.Lines), im.Lines == nil)
	for _, l := range im.Lines {
		w.uint(uint64(l.Addr))
		w.int(int64(l.Size))
		w.pos(l.Pos)
	}
	w.len(len(im.Listing), im.Listing == nil)
	for _, r := range im.Listing {
		w.uint(uint64(r.Addr))
		w.bytes(r.Bytes)
		w.pos(r.Pos)
		w.string(r.Text)
	}
	w.bool(im.EmittedOnlyHex)
	w.len(len(im.Warnings), im.Warnings == nil)
	for _, e := range im.Warnings {
		w.bool(e != nil)
		if e != nil {
			w.pos(e.Pos)
			w.int(int64(e.End))
			w.uint(uint64(e.Severity))
			w.string(e.Msg)
		}
	}
	w.len(len(im.Includes), im.Includes == nil)
	for _, in := range im.Includes {
		w.pos(in.At)
		w.string(in.Name)
		w.string(in.File)
	}
	w.len(len(im.Pads), im.Pads == nil)
	for _, p := range im.Pads {
		w.uint(uint64(p.Addr))
		w.int(int64(p.Size))
		w.pos(p.Pos)
		w.string(p.Why)
	}
}

// options writes every field of o that a bench reads: all but the hooks (Engine, Progress,
// Machines, Stop), which change how it runs and not what it gives, and what lab keeps unexported
// (lab.Resolve sets it from the source's lines, which benchKey writes).
func (w *keyWriter) options(o *lab.Options) {
	w.string(o.Task)
	w.string(o.Scenario)
	w.string(o.Call)
	w.string(o.Entry)
	w.string(o.RK)
	w.string(o.Device)
	w.len(len(o.Defines), o.Defines == nil)
	for _, k := range slices.Sorted(maps.Keys(o.Defines)) {
		w.string(k)
		w.string(o.Defines[k])
	}
	w.int(int64(o.Vectors))
	w.uint(o.Seed)
	w.uint(o.MaxCycles)
	w.bool(o.Linked)
	w.bool(o.Fixed)
	w.string(o.SourceTask)
	w.string(o.SourceCall)
	w.string(o.SourceDevice)
	w.len(len(o.Goals), o.Goals == nil)
	for _, g := range o.Goals {
		w.string(g.Text)
		w.string(g.Metric)
		w.string(g.Op)
		w.float(g.Value)
		w.int(int64(g.Line))
	}
	l := &o.LeakSettings
	w.string(l.Model)
	w.int(int64(l.Traces))
	w.bool(l.Noise != nil)
	if l.Noise != nil {
		w.float(*l.Noise)
	}
	w.int(int64(l.Sum))
	w.string(l.Window[0])
	w.string(l.Window[1])
}

// request writes the fields of r that benchKey keeps: all but the files (the image and the main
// file's "avrlab" lines stand for them), Binary (which the core does not bench), CallCycles (which
// only plans the vectors, and the options hold the plan) and the caches and hooks.
func (w *keyWriter) request(r *Request) {
	w.string(r.Main)
	w.string(r.Task)
	w.string(r.Device)
	w.int(int64(r.Vectors))
	w.uint(r.Seed)
	w.uint(r.MaxCycles)
	w.string(r.Call)
	w.string(r.Defines)
	w.string(r.Scenario)
	w.string(r.RK)
	w.string(r.Goals)
	w.string(r.Tests)
	w.uint(r.Budget)
	w.bool(r.fixed)
	w.int(int64(r.exVectors))
	w.strings(r.Link)
	w.bool(r.Interp)
}
