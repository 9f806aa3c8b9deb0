package debug

import (
	"encoding/hex"
	"fmt"
	"sort"
	"strings"

	"github.com/avrlab/avrlab/asm"
	"github.com/avrlab/avrlab/asm/disasm"
	"github.com/avrlab/avrlab/emu"
	"github.com/avrlab/avrlab/lab"
)

// Profile is where the cycles of one run go, per source line: the session's call on the official
// vector (or its program from reset), run on a machine with emu.Config.Profile. The cycles of the
// lines add up to Cycles; Unattributed is what ran outside every line of the session's sources (0 for
// a program that stays in its own code).
type Profile struct {
	Mode         string `json:"mode"`
	Call         string `json:"call,omitempty"`
	Cycles       uint64 `json:"cycles"` // the whole call or run
	Unattributed uint64 `json:"unattributed"`
	Stop         Stop   `json:"stop"` // StopReturn, StopSleep, StopBreak, StopFault or StopLimit
	Message      string `json:"message,omitempty"`
	// Problem is Message as data when it names an option (the cycle limit); nil otherwise.
	Problem *lab.Problem   `json:"problem,omitempty"`
	Lines   []ProfileLine  `json:"lines"`
	Labels  []ProfileLabel `json:"labels"`
}

// ProfileLine is one source line that emitted bytes: where, what, and what running it cost.
type ProfileLine struct {
	File  string   `json:"file"`
	Line  int      `json:"line"`
	Addr  uint32   `json:"addr"`  // flash byte address of its first byte
	Bytes string   `json:"bytes"` // the bytes it emitted, hex
	Asm   []string `json:"asm"`   // its instructions disassembled ("" for data)
	Text  string   `json:"text"`  // the statement
	// Executions counts how often its instructions ran (the most of any, for a line of several).
	Executions uint64 `json:"executions"`
	Cycles     uint64 `json:"cycles"`
}

// ProfileLabel sums the lines from one code label to the next (for a linked program, which has no
// lines, its instructions).
type ProfileLabel struct {
	Name   string `json:"name"`
	Addr   uint32 `json:"addr"`
	Cycles uint64 `json:"cycles"`
}

// Profile runs the session's program once more, from where the session started, counting cycles per
// instruction, and sums them per line and per label. The session itself does not move.
func (s *Session) Profile() Profile {
	im := s.im
	m := s.newMachine(emu.Config{Profile: true})
	c0 := m.Cycles()
	st := m.Run(s.limit)
	p := Profile{Mode: s.mode, Call: s.call, Cycles: m.Cycles() - c0, Stop: Stop(st.Reason.String()), Lines: []ProfileLine{}, Labels: []ProfileLabel{}}
	switch st.Reason {
	case emu.StopFault:
		p.Message = st.Fault.Describe(im)
	case emu.StopLimit:
		p.Problem = lab.CycleLimitReached(s.limit)
		p.Message = p.Problem.Error()
	}
	fl := m.Flash()
	byLine := map[string]int{}
	var sum uint64
	for _, row := range im.Listing {
		if !s.isSource(row.Pos.Filename) || len(row.Bytes) == 0 {
			continue
		}
		var cyc, count uint64
		for a := (row.Addr + 1) &^ 1; a < row.Addr+uint32(len(row.Bytes)); a += 2 {
			cyc += m.CycleCount(a / 2)
			count = max(count, m.ExecCount(a/2))
		}
		sum += cyc
		key := fmt.Sprintf("%s:%d", row.Pos.Filename, row.Pos.Line)
		asmText := listingAsm(row, fl, im)
		if i, ok := byLine[key]; ok {
			l := &p.Lines[i]
			l.Cycles += cyc
			l.Executions = max(l.Executions, count)
			l.Bytes += hex.EncodeToString(row.Bytes)
			l.Asm = append(l.Asm, asmText...)
			continue
		}
		byLine[key] = len(p.Lines)
		p.Lines = append(p.Lines, ProfileLine{File: row.Pos.Filename, Line: row.Pos.Line, Addr: row.Addr, Bytes: hex.EncodeToString(row.Bytes),
			Asm: asmText, Text: row.Text, Executions: count, Cycles: cyc})
	}
	if sum <= p.Cycles {
		p.Unattributed = p.Cycles - sum
	}
	// Labels of code, by address; each line counts for the label at or below it.
	var labels []asm.Symbol
	for _, sym := range im.Symbols {
		if sym.Section == asm.SectionText || sym.Section == asm.SectionProgmem {
			labels = append(labels, sym)
		}
	}
	sort.Slice(labels, func(i, j int) bool {
		if labels[i].Value != labels[j].Value {
			return labels[i].Value < labels[j].Value
		}
		return labels[i].Name < labels[j].Name
	})
	// A linked program (ELF, HEX) has no source lines: its labels sum its instructions instead.
	spans := make([]ProfileLine, 0, len(p.Lines))
	spans = append(spans, p.Lines...)
	if len(im.Listing) == 0 {
		for w := uint32(0); int(w)*2 < len(fl); w++ {
			if c := m.CycleCount(w); c > 0 {
				spans = append(spans, ProfileLine{Addr: 2 * w, Cycles: c})
			}
		}
	}
	idx := map[string]int{}
	for _, l := range spans {
		if l.Cycles == 0 {
			continue
		}
		k := sort.Search(len(labels), func(i int) bool { return labels[i].Value > int64(l.Addr) }) - 1
		name, addr := "(before the first label)", uint32(0)
		if k >= 0 {
			name, addr = labels[k].Name, uint32(labels[k].Value)
		}
		if i, ok := idx[name]; ok {
			p.Labels[i].Cycles += l.Cycles
			continue
		}
		idx[name] = len(p.Labels)
		p.Labels = append(p.Labels, ProfileLabel{Name: name, Addr: addr, Cycles: l.Cycles})
	}
	return p
}

// listingAsm disassembles the instructions of a listing row; data directives give no text.
func listingAsm(row asm.ListRow, flash []byte, im *asm.Image) []string {
	t := strings.TrimSpace(row.Text)
	if strings.HasPrefix(t, ".") || row.Addr%2 != 0 {
		return nil
	}
	end := int(row.Addr) + len(row.Bytes)
	if end > len(flash) {
		return nil
	}
	var out []string
	for _, l := range disasm.Disassemble(flash[row.Addr:end], im.Device, disasm.Options{Aliases: true}) {
		out = append(out, l.Text)
	}
	return out
}
