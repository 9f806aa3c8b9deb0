package emu_test

import (
	"runtime"
	"testing"
	"time"

	"github.com/avrlab/avrlab/emu"
	"github.com/avrlab/avrlab/emu/translate"
	"github.com/avrlab/avrlab/internal/oracle"
	"github.com/avrlab/avrlab/isa"
)

// arxProgram returns a CPU-bound add/rotate/xor loop over r0..r15 (the shape of SPECK/CHAM rounds):
// iters iterations and then BREAK, or forever when iters is 0.
func arxProgram(t testing.TB, iters int) []byte {
	p := newProg(t)
	p.I(isa.CLR, 16)
	for i := 0; i < 16; i++ {
		p.I(isa.LDI, 17, (0x11*i+3)&0xFF).I(isa.MOV, i, 17)
	}
	p.I(isa.LDI, 24, iters&0xFF).I(isa.LDI, 25, iters>>8)
	p.L("loop")
	for i := 0; i < 16; i += 2 {
		a, b := i, i+1
		p.I(isa.ADD, a, b)        // a += b
		p.I(isa.EOR, b, a)        // b ^= a
		p.I(isa.LSL, b)           // b <<<= 1
		p.I(isa.ADC, b, 16)       //
		p.I(isa.ADC, a, (a+2)%16) // carry into the next word
		p.I(isa.SWAP, a)
	}
	if iters == 0 {
		p.I(isa.RJMP, "loop")
	} else {
		p.I(isa.SBIW, 24, 1).I(isa.BRNE, "loop").I(isa.BREAK)
	}
	return p.Bytes()
}

// memProgram returns the load/store ARX mix of the translation benchmarks (an ATmega128 loop over
// SRAM: 32-bit add/adc, rotates, ld X+ / st Y+, subi/sbci, dec/brne, sbiw/brne): each outer pass
// reads 16 32-bit words from 0x0100 with X+, adds each into a 32-bit accumulator, rotates it left by
// one, xors it into a second one, stores that with Y+ at 0x0200 and counts a 16-bit counter down.
// iters outer passes and BREAK, or forever when iters is 0.
func memProgram(t testing.TB, iters int) []byte {
	p := newProg(t)
	p.setSP(dev(t, "atmega128"), 0x10FF)
	p.I(isa.CLR, 16)
	for i := 0; i < 12; i++ {
		p.I(isa.LDI, 17, (0x35*i+7)&0xFF).I(isa.MOV, i, 17)
	}
	p.I(isa.LDI, 24, iters&0xFF).I(isa.LDI, 25, iters>>8)
	p.L("outer")
	p.I(isa.LDI, 26, 0x00).I(isa.LDI, 27, 0x01) // X = 0x0100
	p.I(isa.LDI, 28, 0x00).I(isa.LDI, 29, 0x02) // Y = 0x0200
	p.I(isa.LDI, 20, 16)
	p.L("inner")
	for i := 0; i < 4; i++ {
		p.I(isa.LDXInc, i, 0)
	}
	p.I(isa.ADD, 4, 0).I(isa.ADC, 5, 1).I(isa.ADC, 6, 2).I(isa.ADC, 7, 3)
	p.I(isa.LSL, 4).I(isa.ROL, 5).I(isa.ROL, 6).I(isa.ROL, 7).I(isa.ADC, 4, 16)
	for i := 0; i < 4; i++ {
		p.I(isa.EOR, 8+i, 4+i)
	}
	for i := 0; i < 4; i++ {
		p.I(isa.STYInc, 0, 8+i)
	}
	p.I(isa.SUBI, 18, 1).I(isa.SBCI, 19, 0)
	p.I(isa.DEC, 20).I(isa.BRNE, "inner")
	if iters == 0 {
		p.I(isa.SBIW, 24, 1).I(isa.RJMP, "outer")
	} else {
		p.I(isa.SBIW, 24, 1).I(isa.BRNE, "outer").I(isa.BREAK)
	}
	return p.Bytes()
}

// arxCyclesPerIter is the cycle count of one iteration of arxProgram's endless loop: 8 × 6 one-cycle
// instructions and RJMP (2 cycles).
const arxCyclesPerIter = 8*6 + 2

// BenchmarkRun measures the run loop on the ARX loop in emulated MHz: "MHz" from wall time and
// "cpu-MHz" from the CPU time of the benchmark's thread (steadier on a shared machine), with hooks off
// and on, and translated (emu/translate on wazero). BenchmarkSimavr measures simavr on the same
// program.
func BenchmarkRun(b *testing.B) {
	eng := translate.NewEager()
	for _, bc := range []struct {
		name string
		cfg  emu.Config
	}{{"plain", emu.Config{}}, {"profile", emu.Config{Profile: true}}, {"trace", emu.Config{Trace: true, TraceLimit: 1}},
		{"translated", emu.Config{Engine: eng}}} {
		b.Run(bc.name, func(b *testing.B) { benchRun(b, arxProgram(b, 0), bc.cfg) })
	}
}

// BenchmarkLoadStore compares the interpreter, translated code and simavr on memProgram (loads and
// stores, not only register ALU ops) in one run; "access" is the interpreter and translated code with
// Config.Access, as lab's benchmarking machines run:
//
//	go test ./emu -run XXX -bench LoadStore
func BenchmarkLoadStore(b *testing.B) {
	eng := translate.NewEager()
	img := memProgram(b, 0)
	b.Run("interp", func(b *testing.B) { benchRun(b, img, emu.Config{}) })
	b.Run("translated", func(b *testing.B) { benchRun(b, img, emu.Config{Engine: eng}) })
	b.Run("interp-access", func(b *testing.B) { benchRun(b, img, emu.Config{Access: true}) })
	b.Run("translated-access", func(b *testing.B) { benchRun(b, img, emu.Config{Access: true, Engine: eng}) })
	b.Run("simavr", func(b *testing.B) { benchSimavr(b, img) })
}

// benchRun runs img in chunks of 2^20 cycles, b.N times.
func benchRun(b *testing.B, img []byte, cfg emu.Config) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	m := emu.New(nil, img, cfg)
	const chunk = 1 << 20
	m.Run(chunk) // translation (and the first run) outside the timing
	b.ResetTimer()
	c0 := m.Cycles()
	start, cpu0 := time.Now(), threadCPU()
	for i := 0; i < b.N; i++ {
		if s := m.Run(m.Cycles() + chunk); s.Reason != emu.StopLimit {
			b.Fatal(s)
		}
	}
	wall, cpu := time.Since(start), threadCPU()-cpu0
	b.ReportMetric(float64(m.Cycles()-c0)/wall.Seconds()/1e6, "MHz")
	if cpu > 0 {
		b.ReportMetric(float64(m.Cycles()-c0)/cpu.Seconds()/1e6, "cpu-MHz")
	}
}

// BenchmarkSimavr runs the same ARX loop in simavr (through the oracle's batch runner, one process
// for all b.N chunks of simavrChunk cycles) and reports emulated MHz from wall time and from the
// runner's CPU time, for comparison with BenchmarkRun:
//
//	go test ./emu -run XXX -bench 'Run/plain|Run/translated|Simavr'
func BenchmarkSimavr(b *testing.B) { benchSimavr(b, arxProgram(b, 0)) }

func benchSimavr(b *testing.B, img []byte) {
	oracle.NeedSimavr(b)
	const simavrChunk = 20_000_000
	jobs := make([]oracle.SimJob, b.N)
	for i := range jobs {
		jobs[i] = oracle.SimJob{MCU: "atmega128", Flash: img, MaxCycles: simavrChunk}
	}
	b.ResetTimer()
	start, cpu0 := time.Now(), childrenCPU()
	st, err := oracle.Simavr(jobs)
	wall, cpu := time.Since(start), childrenCPU()-cpu0
	b.StopTimer()
	if err != nil {
		b.Fatal(err)
	}
	var cycles uint64
	for _, s := range st {
		if s.State != oracle.StateLimit {
			b.Fatalf("simavr stopped with %s %s", s.State, s.Log)
		}
		cycles += s.Cycles
	}
	// The final state must be the emulator's too.
	m := emu.New(nil, img, emu.Config{})
	m.Run(st[0].Cycles)
	for i := range st[0].R {
		if m.Reg(i) != st[0].R[i] || m.Cycles() != st[0].Cycles {
			b.Fatalf("after %d cycles r%d = %#x, simavr %#x", m.Cycles(), i, m.Reg(i), st[0].R[i])
		}
	}
	b.ReportMetric(float64(cycles)/wall.Seconds()/1e6, "MHz")
	if cpu > 0 {
		b.ReportMetric(float64(cycles)/cpu.Seconds()/1e6, "cpu-MHz")
	}
}

// BenchmarkNew measures building a machine (allocation and predecoding all of flash).
func BenchmarkNew(b *testing.B) {
	p := arxProgram(b, 0)
	for _, n := range []string{"atmega128", "atmega2560"} {
		b.Run(n, func(b *testing.B) {
			d := dev(b, n)
			for i := 0; i < b.N; i++ {
				emu.New(d, p, emu.Config{})
			}
		})
	}
}
