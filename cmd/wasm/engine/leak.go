//go:build !avrlab_core

package engine

import (
	"encoding/json"
	"fmt"
	"math"
	"strings"

	"github.com/avrlab/avrlab/lab"
	"github.com/avrlab/avrlab/lab/leak"
)

// LeakRequest is a leakage assessment (op "leak", the page's Leakage pane): the bench request's
// program, task and call, and the test's settings (lab.LeakOptions; zero values take its defaults).
type LeakRequest struct {
	Request
	Test   string   `json:"test"`   // "tvla" (default) or "cpa"
	Order  int      `json:"order"`  // 1 (default) or 2
	Traces int      `json:"traces"` // 0 = lab.DefaultLeakTraces
	Noise  *float64 `json:"noise"`  // nil = lab.DefaultLeakNoise
	Model  string   `json:"model"`  // hw, hd, both (default)
	Sum    int      `json:"sum"`    // cycles per sample; 0 = 1
	Lag    int      `json:"lag"`    // with order 2: the bivariate test's band of pairs; 0 = univariate
}

// LeakSource is one instruction of a trace, for the plot's hover and click.
type LeakSource struct {
	PC   uint32 `json:"pc"` // flash byte address
	File string `json:"file,omitempty"`
	Line int    `json:"line,omitempty"`
	Text string `json:"text,omitempty"` // the source line, trimmed
}

// LeakResponse is the answer to a LeakRequest.
type LeakResponse struct {
	Errors []Diagnostic    `json:"errors"`
	Error  string          `json:"error,omitempty"`
	Report *lab.LeakReport `json:"report,omitempty"`
	// Sources are the trace's distinct instructions; SourceOf gives, per sample of Report.T, the index
	// of its instruction in Sources.
	Sources  []LeakSource `json:"sources,omitempty"`
	SourceOf []int        `json:"source_of,omitempty"`
}

// Leak runs the leakage test of a request on the engine's interpreter (the store record is the
// interpreter's), reporting the traces done at every tenth and, for a univariate t-test, the partial
// t per sample as a JSON progress message (see LeakOptions.Partial).
func Leak(req LeakRequest, progress Progress) LeakResponse {
	if progress == nil {
		progress = func(string) {}
	}
	progress("assembling")
	asmResp, im := assemble(req.Request)
	resp := LeakResponse{Errors: asmResp.Errors, Error: asmResp.Error}
	if im == nil || resp.Error != "" || hasErrors(resp.Errors) {
		if resp.Error == "" {
			resp.Error = "the source does not assemble"
		}
		return resp
	}
	src := []byte(req.Files[req.Main])
	// The task and call as every front end resolves them (lab.Resolve: the request's, else the source's).
	ro := lab.Resolve(lab.Options{Task: req.Task, Call: req.Call}, src)
	task, call := ro.Task, ro.Call
	if task == "" || task == TaskRun {
		resp.Error = "the leakage tests need a block cipher's task (put \"; avrlab task: ID\" in the first lines or pick one)"
		return resp
	}
	o := lab.LeakOptions{Options: lab.Options{Task: task, Scenario: req.Scenario, RK: req.RK, Call: call, Seed: req.Seed},
		Test: req.Test, Order: req.Order, Traces: req.Traces, Noise: -1, Sum: req.Sum, Lag: req.Lag, Window: lab.DetectLeakWindow(src)}
	if req.Noise != nil {
		o.Noise = *req.Noise
	}
	if req.Model != "" {
		m, err := leak.ParseModel(req.Model)
		if err != nil {
			resp.Error = err.Error()
			return resp
		}
		o.Model = m
	}
	total := o.Traces
	if total == 0 {
		total = lab.DefaultLeakTraces
	}
	progress(fmt.Sprintf("simulating %d traces", total))
	o.Progress = lab.EveryTenth(func(done, total int) {
		progress(fmt.Sprintf("simulating traces: %d of %d", done, total))
	})
	if req.Test != lab.LeakCPA {
		// The plot fills in: a partial t per sample at every tenth, as a JSON progress message
		// ({"traces": N, "of": M, "t": [...]}, t rounded to 0.01) that the Leakage pane draws.
		o.Partial = func(n int, t []float64) {
			r := make([]float64, len(t))
			for i, v := range t {
				r[i] = math.Round(v*100) / 100
			}
			b, err := json.Marshal(struct {
				Traces int       `json:"traces"`
				Of     int       `json:"of"`
				T      []float64 `json:"t"`
			}{n, total, r})
			if err == nil {
				progress(string(b))
			}
		}
	}
	lr, err := lab.Leak(im, o)
	if err != nil {
		resp.Error = err.Error()
		return resp
	}
	resp.Report = lr
	index := map[uint32]int{}
	for _, pc := range lr.PCs {
		i, ok := index[pc]
		if !ok {
			i = len(resp.Sources)
			index[pc] = i
			s := LeakSource{PC: pc}
			if pos, ok := im.SourceAt(pc / 2); ok {
				s.File, s.Line = pos.Filename, pos.Line
				s.Text = sourceLine(req.Files[pos.Filename], pos.Line)
			}
			resp.Sources = append(resp.Sources, s)
		}
		resp.SourceOf = append(resp.SourceOf, i)
	}
	lr.PCs = nil
	return resp
}

// sourceLine returns line n (1-based) of text, trimmed and at most 120 bytes.
func sourceLine(text string, n int) string {
	for i := 1; i < n; i++ {
		j := strings.IndexByte(text, '\n')
		if j < 0 {
			return ""
		}
		text = text[j+1:]
	}
	if j := strings.IndexByte(text, '\n'); j >= 0 {
		text = text[:j]
	}
	text = strings.TrimSpace(text)
	if len(text) > 120 {
		text = text[:120]
	}
	return text
}

// handleLeak decodes a LeakRequest and serves it.
func handleLeak(arg []byte, progress Progress) any {
	var req LeakRequest
	if err := json.Unmarshal(arg, &req); err != nil {
		return LeakResponse{Errors: []Diagnostic{}, Error: fmt.Sprintf("bad leak request: %v", err)}
	}
	return Leak(req, progress)
}

// leakGoals measures an exercise's leakage goals (leak-first-order, cpa-resists) on a full run (the
// Run button: no live budget), which CheckGoals leaves unmeasured; a live run says to press Run.
func leakGoals(resp *Response, req Request, progress Progress) {
	if !lab.HasLeakGoals(resp.Goals) || resp.Report == nil || req.Binary != "" {
		return
	}
	if req.Budget != 0 {
		for i := range resp.Goals {
			if g := resp.Goals[i].Goal.Metric; g == lab.GoalLeakFirstOrder || g == lab.GoalCPAResists {
				resp.Goals[i].Got = "not measured while editing: press Run to run the leakage test"
			}
		}
		return
	}
	var settings lab.LeakSettings
	if req.Tests != "" {
		if t, err := lab.ParseExerciseTests([]byte(req.Tests)); err == nil {
			settings = t.Leak
		}
	}
	_, im := assemble(req)
	if im == nil {
		return
	}
	progress("leakage goals: simulating traces")
	// The request's seed, as the bench's: seed 0 for every Run would let a student know every trace's input.
	lab.CheckLeakGoals(im, lab.Options{RK: req.RK, Seed: req.Seed}, settings, resp.Report, resp.Goals)
}
