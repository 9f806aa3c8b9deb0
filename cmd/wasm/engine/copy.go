package engine

import (
	"slices"

	"github.com/avrlab/avrlab/lab"
)

// TODO(session 10): lab.(*Report).Clone (H1's branch) does the same; use it once merged and drop
// this file (TestCopyReportShares holds either to sharing nothing).

// copyReport is a deep copy of r: what the bench cache answers a hit with, which pageResponse then
// changes (its texts) without touching the kept report.
func copyReport(r *lab.Report) *lab.Report {
	if r == nil {
		return nil
	}
	c := *r
	if r.EnergyUJ != nil {
		e := *r.EnergyUJ
		c.EnergyUJ = &e
	}
	c.Buffers = slices.Clone(r.Buffers)
	c.Functions = slices.Clone(r.Functions)
	c.Measurement = slices.Clone(r.Measurement)
	c.Notes = slices.Clone(r.Notes)
	c.Official = copyVector(r.Official)
	c.FirstFailure = copyVector(r.FirstFailure)
	c.Problem = copyProblem(r.Problem)
	if r.NoteProblems != nil {
		c.NoteProblems = make([]*lab.Problem, len(r.NoteProblems))
		for i, p := range r.NoteProblems {
			c.NoteProblems[i] = copyProblem(p)
		}
	}
	if r.RKTable != nil {
		t := *r.RKTable
		c.RKTable = &t
	}
	return &c
}

func copyVector(v *lab.VectorResult) *lab.VectorResult {
	if v == nil {
		return nil
	}
	c := *v
	c.Inputs = slices.Clone(v.Inputs)
	return &c
}

func copyProblem(p *lab.Problem) *lab.Problem {
	if p == nil {
		return nil
	}
	c := *p
	if p.Pos != nil {
		pos := *p.Pos
		c.Pos = &pos
	}
	c.Text = copySegments(p.Text)
	return &c
}

func copySegments(s []lab.Segment) []lab.Segment {
	if s == nil {
		return nil
	}
	c := make([]lab.Segment, len(s))
	for i, seg := range s {
		seg.Either = copySegments(seg.Either)
		c[i] = seg
	}
	return c
}
