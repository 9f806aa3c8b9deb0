package lab

import (
	"errors"

	"github.com/avrlab/avrlab/asm"
	"github.com/avrlab/avrlab/emu"
	"github.com/avrlab/avrlab/internal/textf"
)

// RunResult is the final state of a program run from reset (`avrlab run`).
type RunResult struct {
	Stop   RunStop   `json:"stop"`   // sleep, break, limit, fault, ...
	Cycles uint64    `json:"cycles"` // including the final SLEEP/BREAK
	PC     uint32    `json:"pc"`     // word address
	SP     uint16    `json:"sp"`
	SREG   uint8     `json:"sreg"`
	R      [32]uint8 `json:"r"`
	Dump   string    `json:"dump"`   // hex of the requested data range
	Output string    `json:"output"` // bytes written to the UART data register (the first emu.DefaultOutputLimit)
	// OutputCut is set when the program wrote more output than is kept.
	OutputCut bool   `json:"output_cut,omitempty"`
	Fault     string `json:"fault,omitempty"`
}

// RunStop is why a run from reset ended: emu's stop reason, by name.
type RunStop string

// The ends of a run from reset.
const (
	RunSleep  RunStop = "sleep" // SLEEP executed
	RunBreak  RunStop = "break" // BREAK executed
	RunLimit  RunStop = "limit" // the cycle limit (RunResult.Fault says so)
	RunFault  RunStop = "fault" // a fault (RunResult.Fault says which, and where)
	RunReturn RunStop = "return"
)

// CycleLimitReached is the problem of a run or a debugger that reached its cycle limit.
func CycleLimitReached(limit uint64) *Problem {
	return &Problem{Kind: ProblemCycleLimit, Option: OptMaxCycles,
		Text: text(textf.Sprintf("cycle limit of %d reached (raise ", limit), ref(OptMaxCycles, ""), ")")}
}

// Run runs im from reset until SLEEP, BREAK, a fault or maxCycles (0 = DefaultMaxCycles), with .data
// copied to SRAM as a C runtime would, and returns the final state with dumpLen bytes of data space
// from dumpAddr.
func Run(im *asm.Image, maxCycles uint64, dumpAddr uint16, dumpLen int) *RunResult {
	return RunOn(nil, im, maxCycles, dumpAddr, dumpLen)
}

// RunOn is Run on engine eng (emu.Config.Engine; nil interprets): the same result, faster.
func RunOn(eng emu.Engine, im *asm.Image, maxCycles uint64, dumpAddr uint16, dumpLen int) *RunResult {
	if maxCycles == 0 {
		maxCycles = DefaultMaxCycles
	}
	m := emu.New(im.Device, im.Flash, emu.Config{Engine: eng, Present: im.Present})
	resetWithImage(m, im)
	stop := m.Run(maxCycles)
	res := &RunResult{Stop: RunStop(stop.Reason.String()), Cycles: m.Cycles(), PC: m.PC(), SP: m.SP(), SREG: m.SREG(),
		Output: string(m.Output()), OutputCut: m.OutputCut()}
	for i := range res.R {
		res.R[i] = m.Reg(i)
	}
	if stop.Reason == emu.StopFault {
		res.Fault = stop.Fault.Describe(im)
		if errors.Is(stop.Fault, emu.ErrStackOverflow) && im.Device.SPReset < im.Device.SRAMStart {
			res.Fault += textf.Sprintf("; note: the %s resets SP to 0x%04x, so a program must set SPL/SPH "+
				"(e.g. to RAMEND = 0x%04x) before it pushes or calls", im.Device.Name, im.Device.SPReset, im.Device.RAMEND())
		}
	}
	if stop.Reason == emu.StopLimit {
		res.Fault = textf.Sprintf("cycle limit of %d reached", maxCycles)
	}
	if dumpLen > 0 {
		res.Dump = textf.Sprintf("%x", m.Data(dumpAddr, dumpLen))
	}
	return res
}

// resetWithImage resets m and copies the image's initial .data to SRAM, as a C runtime's start-up code
// would. It is the one way lab puts a program into a machine, for runs from reset and harness calls.
func resetWithImage(m *emu.Machine, im *asm.Image) {
	m.Reset()
	if len(im.Data) > 0 {
		m.LoadData(im.DataAddr, im.Data)
	}
}
