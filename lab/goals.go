package lab

import (
	"bufio"
	"bytes"
	"fmt"
	"strconv"
	"strings"
)

// Goal is one target of a classroom exercise, read from a "goal: ..." line of its README.md:
//
//	goal: pass            all vectors right, ABI kept
//	goal: constant-time   identical cycles and traces over random inputs
//	goal: abi             the avr-gcc calling convention holds
//	goal: rank >= 20      (also flash, ram, cycles, cpb with <=, <, >=, >)
type Goal struct {
	Text   string  // the goal as written
	Metric string  // pass, constant-time, abi, rank, flash, ram, cycles, cpb
	Op     string  // comparison for numeric goals
	Value  float64 // threshold for numeric goals
}

// GoalResult says whether a report meets a goal.
type GoalResult struct {
	Goal Goal   `json:"goal"`
	Met  bool   `json:"met"`
	Got  string `json:"got"` // the measured value
}

// ParseGoals reads every "goal:" line of text (an exercise README). Unknown goals are an error naming
// the line.
func ParseGoals(text []byte) ([]Goal, error) {
	var goals []Goal
	sc := bufio.NewScanner(bytes.NewReader(text))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(strings.Trim(strings.TrimSpace(sc.Text()), "`*-"))
		rest, ok := strings.CutPrefix(line, "goal:")
		if !ok {
			continue
		}
		g := Goal{Text: strings.TrimSpace(rest)}
		f := strings.Fields(g.Text)
		switch {
		case len(f) == 1 && (f[0] == "pass" || f[0] == "constant-time" || f[0] == "abi"):
			g.Metric = f[0]
		case len(f) == 3:
			g.Metric, g.Op = strings.ToLower(f[0]), f[1]
			v, err := strconv.ParseFloat(f[2], 64)
			if err != nil || !validMetric(g.Metric) || !validOp(g.Op) {
				return nil, fmt.Errorf("line %d: cannot read goal %q (want e.g. \"rank >= 20\")", n, g.Text)
			}
			g.Value = v
		default:
			return nil, fmt.Errorf("line %d: cannot read goal %q", n, g.Text)
		}
		goals = append(goals, g)
	}
	return goals, nil
}

func validMetric(m string) bool {
	switch m {
	case "rank", "flash", "ram", "cycles", "cpb":
		return true
	}
	return false
}

func validOp(op string) bool {
	switch op {
	case ">=", "<=", ">", "<":
		return true
	}
	return false
}

// CheckGoals evaluates goals against a report.
func CheckGoals(rep *Report, goals []Goal) []GoalResult {
	var out []GoalResult
	for _, g := range goals {
		r := GoalResult{Goal: g}
		switch g.Metric {
		case "pass":
			r.Met, r.Got = rep.Pass, fmt.Sprintf("%d/%d vectors right", rep.Vectors-rep.Failures, rep.Vectors)
		case "constant-time":
			// Constant time only counts for a routine that works: an empty starter is trivially constant.
			r.Met, r.Got = rep.ConstantTime && rep.Pass, strconv.FormatBool(rep.ConstantTime)
		case "abi":
			r.Met, r.Got = rep.ABIOK && rep.Error == "" && rep.Failures == 0, strconv.FormatBool(rep.ABIOK)
		default:
			var v float64
			switch g.Metric {
			case "rank":
				v = rep.Rank
			case "flash":
				v = float64(rep.Flash)
			case "ram":
				v = float64(rep.RAM)
			case "cycles":
				v = rep.CyclesMean
			case "cpb":
				v = rep.CPB
			}
			r.Got = strconv.FormatFloat(v, 'f', -1, 64)
			ok := rep.Pass
			switch g.Op {
			case ">=":
				ok = ok && v >= g.Value
			case "<=":
				ok = ok && v <= g.Value
			case ">":
				ok = ok && v > g.Value
			case "<":
				ok = ok && v < g.Value
			}
			r.Met = ok
		}
		out = append(out, r)
	}
	return out
}
