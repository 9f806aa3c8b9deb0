package engine

import "github.com/avrlab/avrlab/lab"

// copyReport is a deep copy of r (lab.(*Report).Clone): what the bench cache answers a hit with, which
// pageResponse then changes (its texts) without touching the kept report.
func copyReport(r *lab.Report) *lab.Report { return r.Clone() }
