// Package leak is avrlab's leakage-assessment arithmetic: the power model that turns what an
// instruction wrote into a sample, and the streaming statistics that judge many such traces, a
// fixed-vs-random Welch t-test (TVLA) of order 1 or 2 and a correlation power analysis (CPA).
//
// It sits beside lab in avrlab's data flow (source → asm → image → emu → lab → CLI/page): lab runs
// the task's call through the bench harness with emu's store record on (emu.Config.Writes), hands
// each instruction's register, SREG and data-space writes to a [Model] and feeds the per-cycle
// samples to a [TTest] or a [CPA]. This package knows nothing of AVR or of the harness: its inputs
// are bytes and float64 samples, and it imports only the standard library.
//
// Simple use (a TVLA of order 1 on traces of equal length):
//
//	tt := leak.NewTTest(len(trace))
//	for i := range n {
//		tt.Add(traceOf(i), classOf(i)) // class 0: fixed input, 1: random input
//	}
//	t := tt.T(1) // one Welch t per sample; |t| > leak.Threshold is a leak
//
// Memory is samples × classes (× moments), never × traces: the moments are updated one trace at a
// time with Pébay's one-pass formulas, as Schneider and Moradi ("Leakage Assessment Methodology",
// CHES 2015) recommend for the higher orders, where raw power sums lose the central moments to
// cancellation. A TTest or CPA is for one goroutine at a time; two built apart combine with Merge.
package leak
