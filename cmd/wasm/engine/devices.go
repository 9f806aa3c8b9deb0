package engine

import (
	"github.com/avrlab/avrlab/internal/textf"
	"github.com/avrlab/avrlab/isa"
	"github.com/avrlab/avrlab/lab"
)

// MaxDeviceVectors caps the random vectors of a device comparison (official + at most this many per
// device: the task's count, lab.VectorsFor, when it is fewer).
const MaxDeviceVectors = 20

// DeviceResult is one device's measurement of the same program: its figures, or why it cannot run it.
type DeviceResult struct {
	Device string  `json:"device"`
	Core   string  `json:"core"`
	Mode   string  `json:"mode"` // "bench" or "run"
	Pass   bool    `json:"pass"`
	Cycles uint64  `json:"cycles"` // official vector (bench) or the run's
	CPB    float64 `json:"cpb"`
	Flash  int     `json:"flash"`
	RAM    int     `json:"ram"`
	Rank   float64 `json:"rank"`
	// Reason says why the device cannot run the program, or what went wrong ("" when it passes).
	Reason string `json:"reason,omitempty"`
}

// Devices measures the request's program on every device avrlab models, with at most
// MaxDeviceVectors random vectors each, and says for each device that cannot run it why not (the
// instruction it lacks, buffers that do not fit its SRAM, a fault).
func Devices(req Request, progress Progress) []DeviceResult {
	if progress == nil {
		progress = func(string) {}
	}
	// An exercise's settings apply, but each row is its own device; goals are not the point here.
	if _, err := applyTests(&req); err != nil {
		return []DeviceResult{{Reason: err.Error()}}
	}
	req.Tests, req.Goals = "", ""
	// The task's vectors (lab.VectorsFor), at most MaxDeviceVectors.
	task := req.Task
	if task == "" {
		task = lab.Resolve(lab.Options{}, []byte(req.Files[req.Main])).Task
	}
	if n := lab.VectorsFor(task, req.Vectors); n == 0 {
		req.Vectors = -1
	} else {
		req.Vectors = min(n, MaxDeviceVectors)
	}
	var out []DeviceResult
	for _, name := range isa.DeviceNames() {
		progress("measuring on " + name)
		d := isa.LookupDevice(name)
		r := req
		r.Device = name
		resp := Bench(r, nil)
		res := DeviceResult{Device: name, Core: d.Core.String(), Mode: resp.Mode, Flash: resp.Flash}
		switch {
		case resp.Error != "":
			res.Reason = resp.Error
		case hasErrors(resp.Errors):
			e := resp.Errors[0]
			for _, x := range resp.Errors {
				if x.Severity == "error" {
					e = x
					break
				}
			}
			res.Reason = textf.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
		case resp.NoCode:
			res.Reason = resp.Note
		case resp.Report != nil:
			rep := resp.Report
			res.Pass, res.CPB, res.Flash, res.RAM, res.Rank = rep.Pass, rep.CPB, rep.Flash, rep.RAM, rep.Rank
			if rep.Official != nil {
				res.Cycles = rep.Official.Cycles
			}
			switch {
			case rep.Error != "":
				res.Reason = rep.Error
			case rep.Failures > 0:
				res.Reason = textf.Sprintf("%d of %d vectors wrong", rep.Failures, rep.Vectors)
				if rep.BufferFaults > 0 {
					res.Reason += textf.Sprintf(" (%d with the right output, but %s)", rep.BufferFaults, rep.BufferProblem)
				}
			case !rep.ABIOK:
				res.Reason = "ABI broken: " + rep.ABIDetail
			}
		case resp.Run != nil:
			run := resp.Run
			res.Cycles = run.Cycles
			res.Pass = run.Stop == "sleep" || run.Stop == "break"
			if !res.Pass {
				res.Reason = run.Fault
				if res.Reason == "" {
					res.Reason = "stopped by " + string(run.Stop)
				}
			}
		}
		out = append(out, res)
	}
	return out
}
