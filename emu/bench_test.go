package emu_test

import (
	"math/rand/v2"
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
	memSetup(p, iters)
	p.L("outer")
	memPass(p, 0x100)
	if iters == 0 {
		p.I(isa.SBIW, 24, 1).I(isa.RJMP, "outer")
	} else {
		p.I(isa.SBIW, 24, 1).I(isa.BRNE, "outer").I(isa.BREAK)
	}
	return p.Bytes()
}

// memSetup sets memProgram's registers up, iters passes in r25:r24.
func memSetup(p *prog, iters int) {
	p.I(isa.CLR, 16)
	for i := 0; i < 12; i++ {
		p.I(isa.LDI, 17, (0x35*i+7)&0xFF).I(isa.MOV, i, 17)
	}
	p.I(isa.LDI, 24, iters&0xFF).I(isa.LDI, 25, iters>>8)
}

// memPass is one outer pass of memProgram but for its counting down, over SRAM from sram (0x100 on
// the ATmega128: X = 0x0100, Y = 0x0200).
func memPass(p *prog, sram uint16) {
	p.I(isa.LDI, 26, 0x00).I(isa.LDI, 27, int(sram>>8))   // X = sram
	p.I(isa.LDI, 28, 0x00).I(isa.LDI, 29, int(sram>>8)+1) // Y = sram + 0x100
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
}

// mega2560Program returns memProgram's loop as an ATmega2560 program that ends by sending a byte on
// USART0 (as a program run on QEMU must say it is done): passes outer passes of memProgram's pass
// (passes = inner × outer), then '!' to UDR0 and SLEEP with interrupts off. With passes 0 it only
// sends the byte (the start-up to subtract).
func mega2560Program(t testing.TB, inner, outer int) []byte {
	d := dev(t, "atmega2560")
	p := newProg(t)
	p.setSP(d, d.RAMEND())
	if inner > 0 {
		memSetup(p, inner)
		p.I(isa.LDI, 23, outer)
		p.L("outer")
		memPass(p, d.SRAMStart)
		p.I(isa.SBIW, 24, 1).I(isa.BRNE, "outer")
		p.I(isa.LDI, 24, inner&0xFF).I(isa.LDI, 25, inner>>8)
		p.I(isa.DEC, 23).I(isa.BRNE, "outer")
	}
	ucsr0b := d.Registers["UCSR0B"]
	p.I(isa.LDI, 16, 0x08).I(isa.STS, int(ucsr0b), 16) // TXEN0
	p.I(isa.LDI, 16, int('!')).I(isa.STS, int(d.UDR), 16)
	p.I(isa.BCLR, 7).I(isa.SLEEP)
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

// BenchmarkNew measures building a machine for a small program (allocation, loading and predecoding
// flash), plain and with the access record (the harness's two machines a bench have it on).
func BenchmarkNew(b *testing.B) {
	p := arxProgram(b, 0)
	for _, n := range []string{"atmega128", "atmega2560", "atxmega128a1"} {
		for _, access := range []bool{false, true} {
			name := n
			if access {
				name += "/access"
			}
			b.Run(name, func(b *testing.B) {
				d := dev(b, n)
				b.ReportAllocs()
				for i := 0; i < b.N; i++ {
					emu.New(d, p, emu.Config{Access: access})
				}
			})
		}
	}
}

// BenchmarkQemu compares `avrlab run`'s engine (emu/translate on wazero with NewNative's
// threshold, translation included) with QEMU's AVR target (qemu-system-avr -machine mega2560, TCG,
// which counts no cycles) on an ATmega2560 build of BenchmarkLoadStore's loop (2000 × 148 passes,
// 163.4M cycles) that sends a byte on USART0 when done: QEMU's time is to that byte, the start-up
// (the same program without the loop, timed in the same iteration) subtracted from both. Reported:
// emulated MHz of each from wall time and from CPU time (QEMU's process, avrlab's thread), and
// avrlab's speed over QEMU's by each:
//
//	go test ./emu -run XXX -bench Qemu -benchtime 5x
func BenchmarkQemu(b *testing.B) {
	oracle.NeedQemuAVR(b)
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	d := dev(b, "atmega2560")
	prog, empty := mega2560Program(b, 2000, 148), mega2560Program(b, 0, 0)
	want := emu.New(d, prog, emu.Config{})
	if s := want.Run(1e9); s.Reason != emu.StopSleep || string(want.Output()) != "!" {
		b.Fatalf("the program stopped with %v, output %q", s, want.Output())
	}
	cycles := want.Cycles()
	avrlab := func(img []byte) (wall, cpu time.Duration) {
		t0, c0 := time.Now(), threadCPU()
		m := emu.New(d, img, emu.Config{Engine: translate.NewNative()})
		s := m.Run(1e9)
		wall, cpu = time.Since(t0), threadCPU()-c0
		if s.Reason != emu.StopSleep || string(m.Output()) != "!" {
			b.Fatalf("stopped with %v, output %q", s, m.Output())
		}
		return wall, cpu
	}
	qemu := func(img []byte) (wall, cpu time.Duration) {
		c0 := childrenCPU()
		wall, c, err := oracle.QemuFirstByte("mega2560", img, time.Minute)
		if err != nil {
			b.Fatal(err)
		}
		if c != '!' {
			b.Fatalf("QEMU sent %q", c)
		}
		return wall, childrenCPU() - c0
	}
	var qw, qc, aw, ac time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		w1, c1 := qemu(prog)
		w0, c0 := qemu(empty)
		qw, qc = qw+w1-w0, qc+c1-c0
		w1, c1 = avrlab(prog)
		w0, c0 = avrlab(empty)
		aw, ac = aw+w1-w0, ac+c1-c0
	}
	n := float64(b.N) * float64(cycles)
	b.ReportMetric(n/qw.Seconds()/1e6, "qemu-MHz")
	b.ReportMetric(n/aw.Seconds()/1e6, "avrlab-MHz")
	b.ReportMetric(qw.Seconds()/aw.Seconds(), "x-qemu")
	if qc > 0 && ac > 0 {
		b.ReportMetric(n/qc.Seconds()/1e6, "qemu-cpu-MHz")
		b.ReportMetric(n/ac.Seconds()/1e6, "avrlab-cpu-MHz")
		b.ReportMetric(qc.Seconds()/ac.Seconds(), "x-qemu-cpu")
	}
}

// BenchmarkWriteFlashRoundKeys measures what a bench's setup pays per vector for a round-key table
// in flash: WriteFlash of 32 bytes (CHAM-64's round keys) of another key each time into the table
// of a program that does not execute it, on a machine with the access record and the translated
// engine's runner (the harness's machine).
func BenchmarkWriteFlashRoundKeys(b *testing.B) {
	p := arxProgram(b, 0)
	at := uint32(len(p)+255) &^ 255
	r := rand.New(rand.NewPCG(1, 2))
	var keys [2][32]byte
	for i := range keys {
		for j := range keys[i] {
			keys[i][j] = byte(r.Uint32())
		}
	}
	eng := translate.NewEager()
	m := emu.New(dev(b, "atmega128"), p, emu.Config{Access: true, Engine: eng})
	m.Run(100_000) // translated: the runner has code to invalidate
	if !m.Translated() {
		b.Fatal("no runner")
	}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if err := m.WriteFlash(at, keys[i%2][:]); err != nil {
			b.Fatal(err)
		}
	}
}
