package lab

import (
	"bytes"
	"strconv"
	"strings"

	"github.com/avrlab/avrlab/internal/srcpos"
	"github.com/avrlab/avrlab/internal/textf"
)

// Goal is one target of a classroom exercise, read from a "goal: ..." line of its README.md:
//
//	goal: pass            all vectors right, ABI kept
//	goal: constant-time   identical cycles and traces over random inputs
//	goal: abi             the avr-gcc calling convention holds
//	goal: rank >= 20      (also flash, ram, cycles, cpb with <=, <, >=, >)
//	goal: leak-first-order  the fixed-vs-random t-test finds no leak (see CheckLeakGoals)
//	goal: cpa-resists 500   a CPA of 500 traces puts no key byte at rank 0
type Goal struct {
	Text   string  `json:"text"`            // the goal as written
	Metric string  `json:"metric"`          // pass, constant-time, abi, rank, flash, ram, cycles, cpb, leak-first-order, cpa-resists
	Op     string  `json:"op,omitempty"`    // comparison for numeric goals
	Value  float64 `json:"value,omitempty"` // threshold for numeric goals
	// Line is the goal's line in the text ParseGoals read (from 1); 0 for a goal of a tests.txt.
	Line int `json:"line,omitempty"`
}

// GoalResult says whether a report meets a goal.
type GoalResult struct {
	Goal Goal   `json:"goal"`
	Met  bool   `json:"met"`
	Got  string `json:"got"` // the measured value
}

// ParseGoals reads every "goal:" line of text (an exercise README). Unknown goals are an error naming
// the line: a *Problem whose Pos has the line (its Filename empty: the text's name is the caller's).
func ParseGoals(text []byte) ([]Goal, error) {
	var goals []Goal
	n := 0
	for raw := range bytes.Lines(text) { // lines of any length (a bufio.Scanner stops at 64 KiB)
		n++
		line := strings.TrimSpace(strings.Trim(strings.TrimSpace(string(raw)), "`*-"))
		rest, ok := strings.CutPrefix(line, "goal:")
		if !ok {
			continue
		}
		g := Goal{Text: strings.TrimSpace(rest), Line: n}
		f := strings.Fields(g.Text)
		switch {
		case len(f) == 1 && (f[0] == "pass" || f[0] == "constant-time" || f[0] == "abi" || f[0] == GoalLeakFirstOrder):
			g.Metric = f[0]
		case len(f) == 2 && f[0] == GoalCPAResists:
			v, err := strconv.Atoi(f[1])
			if err != nil || v < 2 || v > MaxLeakTraces {
				return nil, goalProblem(n, "line %d: cannot read goal %q (want \"cpa-resists N\", N traces, 2..%d)", n, g.Text, MaxLeakTraces)
			}
			g.Metric, g.Value = f[0], float64(v)
		case len(f) == 3:
			g.Metric, g.Op = strings.ToLower(f[0]), f[1]
			v, err := strconv.ParseFloat(f[2], 64)
			if err != nil || !validMetric(g.Metric) || !validOp(g.Op) {
				return nil, goalProblem(n, "line %d: cannot read goal %q (want e.g. \"rank >= 20\")", n, g.Text)
			}
			g.Value = v
		default:
			return nil, goalProblem(n, "line %d: cannot read goal %q", n, g.Text)
		}
		goals = append(goals, g)
	}
	return goals, nil
}

// goalProblem is a goal line that cannot be read, at line n.
func goalProblem(n int, format string, a ...any) *Problem {
	return &Problem{Kind: ProblemOther, Pos: &srcpos.Position{Line: n, Column: 1}, Text: text(textf.Sprintf(format, a...))}
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

// CheckGoals evaluates goals against a report. A goal counts only for a routine that works: a goal
// of a failing routine is not met, and its Got says so beside the measured value.
func CheckGoals(rep *Report, goals []Goal) []GoalResult {
	var out []GoalResult
	working := ""
	switch {
	case rep.Error != "":
		working = "not measured: the call did not complete"
	case !rep.Pass:
		working = textf.Sprintf("counts only once every vector passes (%d/%d right)", rep.Vectors-rep.Failures, rep.Vectors)
	}
	but := func(got string) string {
		if working == "" {
			return got
		}
		return got + ", but " + working
	}
	for _, g := range goals {
		r := GoalResult{Goal: g}
		switch g.Metric {
		case "pass":
			r.Met = rep.Pass
			r.Got = rep.Verdict()
			if rep.Error != "" {
				r.Got = "the call did not complete"
			} else if rep.Failures == 0 && !rep.ABIOK {
				r.Got += ", but the ABI is broken"
			}
		case "constant-time":
			// Constant time only counts for a routine that works: an empty starter is trivially constant.
			r.Met = rep.ConstantTime && rep.Pass
			switch {
			case rep.Error != "":
				r.Got = "not measured: the call did not complete"
			case !rep.ConstantTime:
				r.Got = "not constant"
				if rep.CTDetail != "" {
					r.Got += ": " + rep.CTDetail
				}
			default:
				r.Got = but("constant")
			}
		case GoalLeakFirstOrder, GoalCPAResists:
			r.Got = "not measured: a leakage goal needs the leakage test (avrlab bench on the exercise, or Run in the page, runs it)"
		case "abi":
			r.Met = rep.ABIOK && rep.Error == "" && rep.Failures == 0
			switch {
			case rep.Error != "":
				r.Got = "not measured: the call did not complete"
			case !rep.ABIOK:
				r.Got = "broken"
				if rep.ABIDetail != "" {
					r.Got += ": " + rep.ABIDetail
				}
			default:
				r.Got = but("kept")
			}
		default:
			var v float64
			var digits int
			switch g.Metric {
			case "rank":
				v, digits = rep.Rank, 2
			case "flash":
				v = float64(rep.Flash)
			case "ram":
				v = float64(rep.RAM)
			case "cycles":
				v, digits = rep.CyclesMean, 1
			case "cpb":
				v, digits = rep.CPB, 1
			}
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
			if g.Metric == "rank" && !rep.Pass {
				r.Got = "no RANK, " + working // RANK is only defined for a passing routine
			} else {
				r.Got = but(strconv.FormatFloat(v, 'f', digits, 64))
			}
		}
		out = append(out, r)
	}
	return out
}

// ExerciseTests are the settings an exercise is checked with, from the optional tests.txt of its
// folder: one "key: value" per line, # starts a comment. They are "hidden" in that the instructions
// need not mention them; the page and `avrlab grade -exercise` apply them.
//
//	scenario: key-schedule      the scenario measured (default fixed-key)
//	device: atmega328p          the device (default: the user's choice)
//	vectors: 1000               random vectors besides the official one
//	call: f(out, in, rk)        the call spec
//	rk: my_rk                   the round-key symbol
//	define: ROUNDS=88           a -D option (repeatable)
//	goal: cycles <= 5000        a goal not listed in README.md (repeatable)
//	leak-model: both            the leakage goals' model (hw, hd, both; default both)
//	leak-traces: 2000           traces of leak-first-order (default 2000)
//	leak-noise: 1               σ of the leakage goals' noise (default 1)
//	leak-sum: 1                 cycles per sample (default 1)
//	leak-window: masked unmask  the labels that bracket what leak-first-order judges
type ExerciseTests struct {
	Scenario string            `json:"scenario,omitempty"`
	Device   string            `json:"device,omitempty"`
	Vectors  int               `json:"vectors,omitempty"` // 0: the default
	Call     string            `json:"call,omitempty"`
	RK       string            `json:"rk,omitempty"`
	Defines  map[string]string `json:"defines,omitempty"`
	Goals    []Goal            `json:"goals,omitempty"`
	// Leak holds the settings of the leakage goals (leak-model, leak-traces, leak-noise, leak-sum,
	// leak-window); the window is the exercise's, never the source's own line.
	Leak LeakSettings `json:"leak,omitempty"`
}

// ParseExerciseTests reads a tests.txt (see [ExerciseTests]). An unknown key, a bad value or a bad
// goal is an error naming the line.
func ParseExerciseTests(text []byte) (ExerciseTests, error) {
	var t ExerciseTests
	n := 0
	for raw := range bytes.Lines(text) { // lines of any length
		n++
		line := strings.TrimRight(string(raw), "\r\n")
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		key, val, ok := strings.Cut(line, ":")
		key, val = strings.ToLower(strings.TrimSpace(key)), strings.TrimSpace(val)
		if !ok || val == "" {
			return t, textf.Errorf("tests.txt line %d: want \"key: value\", got %q", n, line)
		}
		switch key {
		case "scenario":
			if LookupScenario(val) == nil {
				return t, textf.Errorf("tests.txt line %d: unknown scenario %q (known: %s)", n, val, strings.Join(Scenarios(), ", "))
			}
			t.Scenario = val
		case "device":
			t.Device = val
		case "vectors":
			v, err := strconv.Atoi(val)
			if err != nil || v < 0 || v > MaxVectors {
				return t, textf.Errorf("tests.txt line %d: vectors %q: want 0..%d", n, val, MaxVectors)
			}
			t.Vectors = v
		case "call":
			if _, err := ParseCall(val); err != nil {
				return t, textf.Errorf("tests.txt line %d: %v", n, err)
			}
			t.Call = val
		case "rk":
			t.RK = val
		case "define":
			name, v, _ := strings.Cut(val, "=")
			name = strings.TrimSpace(name)
			if name == "" || strings.ContainsAny(name, " \t,") {
				return t, textf.Errorf("tests.txt line %d: define %q: want NAME or NAME=VALUE", n, val)
			}
			if t.Defines == nil {
				t.Defines = map[string]string{}
			}
			t.Defines[name] = strings.TrimSpace(v)
		case "leak-model", "leak-traces", "leak-noise", "leak-sum", "leak-window":
			if err := t.Leak.set(key, val); err != nil {
				return t, textf.Errorf("tests.txt line %d: %v", n, err)
			}
		case "goal":
			gs, err := ParseGoals([]byte("goal: " + val))
			for i := range gs {
				gs[i].Line = 0 // a line of tests.txt, not of the README
			}
			if err != nil {
				return t, textf.Errorf("tests.txt line %d: %v", n, strings.TrimPrefix(err.Error(), "line 1: "))
			}
			t.Goals = append(t.Goals, gs...)
		default:
			return t, textf.Errorf("tests.txt line %d: unknown key %q (known: scenario, device, vectors, call, rk, define, goal, leak-model, leak-traces, leak-noise, leak-sum, leak-window)", n, key)
		}
	}
	return t, nil
}

// ExerciseVectors returns the vectors (the official one and the random ones) an exercise's goals count
// with on the task named task: tests.txt's "vectors:" where it sets them (tests), else the task's
// default. A run with fewer (a Vectors field or -vectors flag set lower, a live run cut to a budget)
// proves less than the exercise asks: see RequireVectors.
func ExerciseVectors(task string, tests int) int { return 1 + VectorsFor(task, tests) }

// RequireVectors marks every goal of results unmet when the report ran fewer than want vectors, and
// says why: a routine that handles only the official vector must not tick "pass" because its user
// asked for no random vectors. grade needs none of it: the teacher's count is the one it runs.
func RequireVectors(results []GoalResult, rep *Report, want int) {
	if rep == nil || rep.Error != "" || rep.Vectors >= want {
		return
	}
	for i := range results {
		results[i].Met = false
		results[i].Got += textf.Sprintf(", but counts only with the exercise's %d vectors (this run: %d)", want, rep.Vectors)
	}
}
