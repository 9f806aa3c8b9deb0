package emu_test

import (
	"bytes"
	"crypto/des"
	"encoding/binary"
	"math/rand/v2"
	"testing"

	"github.com/avrlab/avrlab/emu"
	"github.com/avrlab/avrlab/isa"
)

// TestReturnSentinel: a harness pushes a sentinel return address and calls a function by setting PC;
// the RET that pops the sentinel stops Run with its own cycles counted.
func TestReturnSentinel(t *testing.T) {
	for _, c := range []struct {
		dev       string
		retCycles uint64 // RET: 4, or 5 with a 22-bit PC (manual Table 5-88)
		bytes     int
	}{{"atmega128", 4, 2}, {"atmega2560", 5, 3}, {"atxmega128a1", 5, 3}, {"atmega4809", 4, 2}} {
		d := dev(t, c.dev)
		p := newProg(t)
		p.I(isa.BREAK)
		p.L("f").I(isa.LDI, 24, 7).I(isa.INC, 24).I(isa.RET)
		m := p.machine(c.dev, emu.Config{})
		const sentinel = 0x2ABCD & 0xFFFF
		m.SetSP(d.RAMEND())
		if err := m.PushReturn(sentinel); err != nil {
			t.Fatal(err)
		}
		if got := int(d.RAMEND() - m.SP()); got != c.bytes {
			t.Errorf("%s: PushReturn used %d bytes, want %d", c.dev, got, c.bytes)
		}
		// Return addresses are stored high byte first (at the lowest address).
		if got := m.Data(m.SP()+1, c.bytes); got[c.bytes-1] != 0xCD || got[c.bytes-2] != 0xAB {
			t.Errorf("%s: stacked return address % x", c.dev, got)
		}
		m.SetReturnSentinel(sentinel)
		m.ResetStackLow()
		m.SetPC(1)
		s := m.Run(100)
		if s.Reason != emu.StopReturn || m.PC() != sentinel || m.Reg(24) != 8 {
			t.Fatalf("%s: %v at pc %#x, r24 = %d", c.dev, s, m.PC(), m.Reg(24))
		}
		if want := 1 + 1 + c.retCycles; m.Cycles() != want {
			t.Errorf("%s: %d cycles, want %d", c.dev, m.Cycles(), want)
		}
		if m.SP() != d.RAMEND() || m.StackLow() != d.RAMEND()-uint16(c.bytes) {
			t.Errorf("%s: SP %#x StackLow %#x", c.dev, m.SP(), m.StackLow())
		}
		// Without the sentinel the same RET just returns there.
		m.ClearReturnSentinel()
		m.SetPC(1)
		m.PushReturn(0)
		runToBreak(t, m)
	}
}

// TestRunDoesNotAllocate: the run loop allocates nothing (with hooks off, and with profiling on).
func TestRunDoesNotAllocate(t *testing.T) {
	p := arxProgram(t, 100)
	for _, cfg := range []emu.Config{{}, {Profile: true}} {
		m := emu.New(nil, p, cfg)
		allocs := testing.AllocsPerRun(20, func() {
			m.Reset()
			if s := m.Run(1 << 40); s.Reason != emu.StopBreak {
				t.Fatalf("%v", s)
			}
		})
		if allocs != 0 {
			t.Errorf("%+v: %v allocations per run", cfg, allocs)
		}
	}
}

// TestPointerModes covers LD/ST with X, Y, Z, post-increment, pre-decrement and displacement, and the
// register file and I/O mapped into the data space.
func TestPointerModes(t *testing.T) {
	p := newProg(t)
	d := dev(t, "atmega128")
	p.I(isa.LDI, 26, 0x00).I(isa.LDI, 27, 0x02) // X = 0x200
	p.I(isa.LDI, 28, 0x10).I(isa.LDI, 29, 0x02) // Y = 0x210
	p.I(isa.LDI, 30, 0x20).I(isa.LDI, 31, 0x02) // Z = 0x220
	p.I(isa.LDI, 16, 0xA1).I(isa.LDI, 17, 0xB2).I(isa.LDI, 18, 0xC3)
	p.I(isa.STXInc, 0, 16).I(isa.STXInc, 0, 17)     // [200]=a1 [201]=b2, X=202
	p.I(isa.STYDec, 0, 18)                          // Y=20f, [20f]=c3
	p.I(isa.STDZ, 63, 16)                           // [25f]=a1
	p.I(isa.STZInc, 0, 17).I(isa.STZDec, 0, 18)     // [220]=b2 Z=221; Z=220 [220]=c3
	p.I(isa.LDXDec, 0, 0)                           // X=201, r0=[201]=b2
	p.I(isa.LDYInc, 1, 0)                           // r1=[20f]=c3, Y=210
	p.I(isa.LDDZ, 2, 63)                            // r2=[25f]=a1
	p.I(isa.LDZ, 3, 0)                              // r3=[220]=c3
	p.I(isa.LDDY, 4, 0).I(isa.LDY, 5, 0)            // r4=r5=[210]=0
	p.I(isa.LDI, 30, 18).I(isa.LDI, 31, 0)          // Z = 18: register r18 in data space
	p.I(isa.LDZ, 6, 0)                              // r6 = r18 = c3
	p.I(isa.STS, 0x0007, 16)                        // r7 = a1 through the data space
	p.I(isa.LDS, 8, int(d.SPL)).I(isa.LDS, 9, 0x5E) // SP through the data space
	p.I(isa.BREAK)
	m := p.machine("atmega128", emu.Config{})
	m.SetSP(0x1234 & 0x10FF)
	runToBreak(t, m)
	want := []uint8{0xb2, 0xc3, 0xa1, 0xc3, 0, 0, 0xc3, 0xa1, uint8(0x1034 & 0xFF), 0x10}
	for i, w := range want {
		if m.Reg(i) != w {
			t.Errorf("r%d = %#x, want %#x", i, m.Reg(i), w)
		}
	}
	mem := m.Data(0x200, 0x60)
	for a, w := range map[int]byte{0x00: 0xa1, 0x01: 0xb2, 0x0f: 0xc3, 0x5f: 0xa1, 0x20: 0xc3} {
		if mem[a] != w {
			t.Errorf("[%#x] = %#x, want %#x", 0x200+a, mem[a], w)
		}
	}
	if x := uint16(m.Reg(26)) | uint16(m.Reg(27))<<8; x != 0x201 {
		t.Errorf("X = %#x", x)
	}
	if y := uint16(m.Reg(28)) | uint16(m.Reg(29))<<8; y != 0x210 {
		t.Errorf("Y = %#x", y)
	}
}

// TestUnmappedRegisters: on AVRxm/AVRxt data address 0x05 is I/O, not r5, and SREG/SP sit at
// 0x3F/0x3D.
func TestUnmappedRegisters(t *testing.T) {
	for _, name := range []string{"atxmega128a1", "atmega4809"} {
		p := newProg(t)
		p.I(isa.LDI, 16, 0x5A).I(isa.STS, 0x0005, 16).I(isa.LDS, 6, 0x0005) // I/O 5
		p.I(isa.SEC).I(isa.SET).I(isa.LDS, 7, 0x3F)                         // SREG
		p.I(isa.IN, 8, 0x3D).I(isa.IN, 9, 0x3E)                             // SPL, SPH
		p.I(isa.LDI, 17, 0x80).I(isa.OUT, 0x3F, 17)                         // SREG = I
		p.I(isa.BREAK)
		m := p.machine(name, emu.Config{})
		runToBreak(t, m)
		d := m.Device()
		if m.Reg(5) != 0 || m.Reg(6) != 0x5A || m.Reg(7) != C|T || m.Reg(8) != uint8(d.SPReset) || m.Reg(9) != uint8(d.SPReset>>8) || m.SREG() != I {
			t.Errorf("%s: r5..r9 = % x, SREG %#x", name, []byte{m.Reg(5), m.Reg(6), m.Reg(7), m.Reg(8), m.Reg(9)}, m.SREG())
		}
		if m.ReadData(5) != 0x5A || m.ReadData(0x3F) != I {
			t.Errorf("%s: ReadData", name)
		}
	}
}

// TestMappedFlash: the ATmega4809 sees flash at 0x4000 in data space (LD and LDS).
func TestMappedFlash(t *testing.T) {
	p := newProg(t)
	p.I(isa.LDS, 0, 0x4000).I(isa.LDI, 31, 0x40).I(isa.LDI, 30, 0x01).I(isa.LDZ, 1, 0).I(isa.BREAK)
	img := p.Bytes()
	m := emu.New(dev(t, "atmega4809"), img, emu.Config{})
	runToBreak(t, m)
	if m.Reg(0) != img[0] || m.Reg(1) != img[1] {
		t.Errorf("r0 r1 = %#x %#x, want %#x %#x", m.Reg(0), m.Reg(1), img[0], img[1])
	}
}

// TestSkips: skips over one- and two-word instructions land on the right word, and a jump into the
// second word of a CALL executes that word as an instruction.
func TestSkips(t *testing.T) {
	p := newProg(t)
	p.I(isa.LDI, 16, 1)
	p.I(isa.SBRC, 16, 0).I(isa.RJMP, "bad") // not skipped (bit set): jumps...
	p.L("bad").I(isa.LDI, 20, 0xEE)
	p.I(isa.CPSE, 16, 16).I(isa.CALL, "bad") // skipped: 2 words
	p.I(isa.SBRS, 16, 0).I(isa.STS, 0x100, 16)
	p.I(isa.SBRS, 16, 1).I(isa.LDI, 21, 0x21)
	// CALL whose second word (the address) is 0x9598 = BREAK.
	p.I(isa.RJMP, "into")
	p.W(0x940E).L("into").W(0x9598)
	m := p.machine("atmega128", emu.Config{})
	m.SetSP(0x10FF)
	s := m.Run(100)
	if s.Reason != emu.StopBreak || m.Reg(20) != 0xEE || m.Reg(21) != 0x21 || m.SP() != 0x10FF || m.ReadData(0x100) != 0 {
		t.Fatalf("%v r20 %#x r21 %#x sp %#x", s, m.Reg(20), m.Reg(21), m.SP())
	}
	// ldi 1 + sbrc 1 + rjmp 2 + ldi 1 + cpse 3 + sbrs 3 + sbrs 1 + ldi 1 + rjmp 2 + break 1
	if m.Cycles() != 16 {
		t.Errorf("%d cycles, want 16", m.Cycles())
	}
}

// TestSPM: SPM writes r1:r0 to the flash word at Z and the machine re-decodes it and the skip size
// of the word before.
func TestSPM(t *testing.T) {
	p := newProg(t)
	// Rewrite word "w" (a NOP) into LDS r20, 0x0100's first word; "w"+1 holds the address.
	lds, _ := isa.FormOf(isa.LDS).Encode([]int64{20, 0x100})
	p.I(isa.LDI, 16, int(lds[0]&0xFF)).I(isa.MOV, 0, 16)
	p.I(isa.LDI, 16, int(lds[0]>>8)).I(isa.MOV, 1, 16)
	p.I(isa.LDI, 30, 0).I(isa.LDI, 31, 0) // patched below to the byte address of w
	p.I(isa.SPM)
	p.I(isa.LDI, 16, 0x42).I(isa.STS, 0x100, 16)
	p.I(isa.CPSE, 16, 16) // skips the (now two-word) instruction at w
	p.L("w").I(isa.NOP).W(0x0100)
	p.I(isa.BREAK)
	img := p.Bytes()
	wb := p.labels["w"] * 2
	zlo, _ := isa.FormOf(isa.LDI).Encode([]int64{30, int64(wb & 0xFF)})
	zhi, _ := isa.FormOf(isa.LDI).Encode([]int64{31, int64(wb >> 8)})
	binary.LittleEndian.PutUint16(img[8:], zlo[0])
	binary.LittleEndian.PutUint16(img[10:], zhi[0])
	m := emu.New(nil, img, emu.Config{})
	runToBreak(t, m)
	if got := m.Flash()[wb : wb+2]; got[0] != byte(lds[0]) || got[1] != byte(lds[0]>>8) {
		t.Errorf("flash at w = % x", got)
	}
	// CPSE skipped both words (3 cycles): the 0x0100 word did not run as an instruction.
	if m.Reg(20) != 0 || m.PC() != uint32(p.labels["w"])+3 {
		t.Errorf("r20 = %#x, pc %#x", m.Reg(20), m.PC())
	}
	// Run it without the skip now.
	m.SetPC(uint32(p.labels["w"]))
	runToBreak(t, m)
	if m.Reg(20) != 0x42 {
		t.Errorf("rewritten LDS: r20 = %#x", m.Reg(20))
	}
	// WriteFlash re-decodes too.
	brk := []byte{0x98, 0x95}
	if err := m.WriteFlash(0, brk); err != nil {
		t.Fatal(err)
	}
	m.SetPC(0)
	if s := m.Step(); s.Reason != emu.StopBreak {
		t.Errorf("after WriteFlash: %v", s)
	}
}

// TestProgramMemory: LPM, LPM Z+, ELPM with RAMPZ, ELPM Z+ carrying into RAMPZ.
func TestProgramMemory(t *testing.T) {
	img := make([]byte, 0x10004)
	p := newProg(t)
	p.I(isa.LDI, 30, 0xFE).I(isa.LDI, 31, 0xFF) // Z = 0xFFFE
	p.I(isa.LPMZInc, 0, 0).I(isa.LPMZInc, 1, 0) // 0xFFFE, 0xFFFF; Z = 0
	p.I(isa.LPM)                                // r0 = flash[0]
	p.I(isa.LDI, 30, 0xFF).I(isa.LDI, 31, 0xFF) // Z = 0xFFFF
	p.I(isa.ELPMZInc, 2, 0)                     // RAMPZ 0: flash[0xFFFF]; RAMPZ:Z = 0x10000
	p.I(isa.ELPMZInc, 3, 0)                     // flash[0x10000]
	p.I(isa.ELPMZ, 4, 0)                        // flash[0x10001]
	p.I(isa.ELPM)                               // r0 = flash[0x10001]
	p.I(isa.IN, 5, 0x3B)                        // RAMPZ
	p.I(isa.BREAK)
	copy(img, p.Bytes())
	img[0xFFFE], img[0xFFFF], img[0x10000], img[0x10001] = 0x11, 0x22, 0x33, 0x44
	m := emu.New(nil, img, emu.Config{})
	runToBreak(t, m)
	got := []byte{m.Reg(0), m.Reg(1), m.Reg(2), m.Reg(3), m.Reg(4), m.Reg(5), m.Reg(30), m.Reg(31)}
	if want := []byte{0x44, 0x22, 0x22, 0x33, 0x44, 1, 0x01, 0x00}; !bytes.Equal(got, want) {
		t.Errorf("r0 r1 r2 r3 r4 rampz zl zh = % x, want % x", got, want)
	}
	if m.Cycles() != 1+1+3+3+3+1+1+3+3+3+3+1+1 {
		t.Errorf("%d cycles", m.Cycles())
	}
}

// TestCalls22: on the ATmega2560 CALL pushes 3 bytes and EICALL jumps to EIND:Z.
func TestCalls22(t *testing.T) {
	img := make([]byte, 0x20020)
	p := newProg(t)
	p.setSP(dev(t, "atmega2560"), 0x21FF)
	p.I(isa.LDI, 16, 1).I(isa.OUT, 0x3C, 16) // EIND = 1
	p.I(isa.LDI, 30, 0x04).I(isa.LDI, 31, 0x00)
	p.I(isa.EICALL) // → word 0x10004
	p.I(isa.BREAK)
	copy(img, p.Bytes())
	fn := newProg(t)
	fn.I(isa.LDI, 20, 0x99).I(isa.POP, 21).I(isa.POP, 22).I(isa.POP, 23).I(isa.PUSH, 23).I(isa.PUSH, 22).I(isa.PUSH, 21).I(isa.RET)
	copy(img[0x20008:], fn.Bytes())
	m := emu.New(dev(t, "atmega2560"), img, emu.Config{})
	runToBreak(t, m)
	ret := p.PC() - 1
	if m.Reg(20) != 0x99 || m.Reg(21) != 0 || m.Reg(22) != byte(ret>>8) || m.Reg(23) != byte(ret) {
		t.Errorf("r20..r23 = %#x %#x %#x %#x; return address %#x", m.Reg(20), m.Reg(21), m.Reg(22), m.Reg(23), ret)
	}
	if m.SP() != 0x21FF || m.StackLow() != 0x21FC {
		t.Errorf("sp %#x low %#x", m.SP(), m.StackLow())
	}
}

// TestRETI: RETI sets I on AVRe cores but not on AVRxm/AVRxt (manual, RETI).
func TestRETI(t *testing.T) {
	for name, wantI := range map[string]bool{"atmega128": true, "attiny85": true, "atxmega128a1": false, "atmega4809": false} {
		p := newProg(t)
		p.I(isa.RETI).I(isa.BREAK)
		m := p.machine(name, emu.Config{})
		m.SetSP(m.Device().RAMEND())
		m.PushReturn(1)
		runToBreak(t, m)
		if got := m.SREG()&I != 0; got != wantI {
			t.Errorf("%s: I = %v after RETI", name, got)
		}
	}
}

// TestXMEGAReadModifyWrite: XCH, LAS, LAC, LAT on (Z), on an AVRxm part that has them (the A1U;
// the ATxmega128A1 itself lacks them and faults).
func TestXMEGAReadModifyWrite(t *testing.T) {
	a1 := dev(t, "atxmega128a1")
	a1u := *a1
	a1u.Name, a1u.Missing = "atxmega128a1u", nil
	p := newProg(t)
	p.I(isa.LDI, 30, 0x00).I(isa.LDI, 31, 0x20)
	p.I(isa.LDI, 16, 0xF0).I(isa.STZ, 0, 16)
	p.I(isa.LDI, 17, 0x3C).I(isa.XCH, 0, 17) // [Z]=3c r17=f0
	p.I(isa.LDI, 18, 0x81).I(isa.LAS, 0, 18) // [Z]=bd r18=3c
	p.I(isa.LDI, 19, 0x0F).I(isa.LAC, 0, 19) // [Z]=b0 r19=bd
	p.I(isa.LDI, 20, 0xFF).I(isa.LAT, 0, 20) // [Z]=4f r20=b0
	p.I(isa.BREAK)
	img := p.Bytes()
	m := emu.New(&a1u, img, emu.Config{})
	runToBreak(t, m)
	got := []byte{m.Reg(17), m.Reg(18), m.Reg(19), m.Reg(20), m.ReadData(0x2000)}
	if want := []byte{0xf0, 0x3c, 0xbd, 0xb0, 0x4f}; !bytes.Equal(got, want) {
		t.Errorf("got % x, want % x", got, want)
	}
	if m.Cycles() != 1+1+1+1+1+2+1+2+1+2+1+2+1 { // ST 1, XCH/LAx 2 on AVRxm
		t.Errorf("%d cycles", m.Cycles())
	}
	if s := emu.New(a1, img, emu.Config{}).Run(100); s.Fault == nil || s.Fault.Error() != "xch is not available on atxmega128a1 (AVRxm) at pc 0x0005" {
		t.Errorf("on atxmega128a1: %v", s)
	}
}

// TestDES: sixteen DES instructions K=0..15 encrypt (H clear) or decrypt (H set) r7:r0 with the key in
// r15:r8, as crypto/des does.
func TestDES(t *testing.T) {
	p := newProg(t)
	for k := 0; k < 16; k++ {
		p.I(isa.DES, k)
	}
	p.I(isa.BREAK)
	img := p.Bytes()
	rng := rand.New(rand.NewPCG(1, 2))
	m := emu.New(dev(t, "atxmega128a1"), img, emu.Config{})
	for i := 0; i < 50; i++ {
		var key, block [8]byte
		binary.BigEndian.PutUint64(key[:], rng.Uint64())
		binary.BigEndian.PutUint64(block[:], rng.Uint64())
		if i == 0 { // FIPS 81 / textbook example
			binary.BigEndian.PutUint64(key[:], 0x133457799BBCDFF1)
			binary.BigEndian.PutUint64(block[:], 0x0123456789ABCDEF)
		}
		c, _ := des.NewCipher(key[:])
		var enc, dec [8]byte
		c.Encrypt(enc[:], block[:])
		c.Decrypt(dec[:], block[:])
		if i == 0 && binary.BigEndian.Uint64(enc[:]) != 0x85E813540F0AB405 {
			t.Fatalf("crypto/des reference %x", enc)
		}
		for _, decrypt := range []bool{false, true} {
			m.Reset()
			for j := 0; j < 8; j++ { // LSB of the block in r0, LSB of the key in r8
				m.SetReg(j, block[7-j])
				m.SetReg(8+j, key[7-j])
			}
			want := enc
			if decrypt {
				m.SetSREG(H)
				want = dec
			}
			runToBreak(t, m)
			var got [8]byte
			for j := 0; j < 8; j++ {
				got[7-j] = m.Reg(j)
				if m.Reg(8+j) != key[7-j] {
					t.Fatalf("key register r%d changed", 8+j)
				}
			}
			if got != want {
				t.Errorf("key %x block %x decrypt=%v: got %x, want %x", key, block, decrypt, got, want)
			}
			if m.Cycles() != 2+15+1 {
				t.Errorf("16 DES: %d cycles, want 18", m.Cycles())
			}
		}
	}
}

// TestOutput: bytes written to the device's UDR are collected, by OUT on the ATmega128 and by STS on
// the ATmega328P (whose UDR0 is extended I/O).
func TestOutput(t *testing.T) {
	p := newProg(t)
	p.I(isa.LDI, 16, int('h')).I(isa.OUT, 0x0C, 16).I(isa.LDI, 16, int('i')).I(isa.OUT, 0x0C, 16).I(isa.BREAK)
	m := p.machine("atmega128", emu.Config{})
	runToBreak(t, m)
	if string(m.Output()) != "hi" {
		t.Errorf("output %q", m.Output())
	}
	m.ResetOutput()
	if len(m.Output()) != 0 {
		t.Error("ResetOutput")
	}
	p = newProg(t)
	p.I(isa.LDI, 16, int('x')).I(isa.STS, 0xC6, 16).I(isa.BREAK)
	m = p.machine("atmega328p", emu.Config{})
	runToBreak(t, m)
	if string(m.Output()) != "x" {
		t.Errorf("atmega328p output %q", m.Output())
	}
	m.WriteData(0xC6, 'y') // side-effect free
	if string(m.Output()) != "x" || m.ReadData(0xC6) != 'y' {
		t.Errorf("WriteData to UDR: output %q", m.Output())
	}
}

// TestResetIsDeterministic: Reset restores the same state after any run, and SP is the device's
// reset value.
func TestResetIsDeterministic(t *testing.T) {
	p := arxProgram(t, 3)
	for _, name := range isa.DeviceNames() {
		d := dev(t, name)
		m := emu.New(d, p, emu.Config{Trace: true, Profile: true})
		if m.SP() != d.SPReset || m.PC() != 0 || m.Cycles() != 0 || m.SREG() != 0 {
			t.Errorf("%s: reset state sp %#x pc %d", name, m.SP(), m.PC())
		}
		before := m.Data(0, int(d.RAMEND())+1)
		m.Run(1000)
		m.Reset()
		after := m.Data(0, int(d.RAMEND())+1)
		if !bytes.Equal(before, after) || m.TraceHash() != emu.New(d, p, emu.Config{Trace: true}).TraceHash() || len(m.TraceAddrs()) != 0 || m.ExecCount(0) != 0 {
			t.Errorf("%s: state differs after Reset", name)
		}
	}
}

// TestHooks: breakpoints stop before the instruction and resume over it; trace and profile record
// every instruction with its cycles.
func TestHooks(t *testing.T) {
	p := newProg(t)
	p.I(isa.LDI, 16, 3)
	p.L("loop").I(isa.DEC, 16).I(isa.BRNE, "loop")
	p.L("end").I(isa.BREAK)
	img := p.Bytes()
	m := emu.New(nil, img, emu.Config{Trace: true, Profile: true})
	m.SetBreakpoint(1)
	hits := 0
	for {
		s := m.Run(1000)
		if s.Reason == emu.StopBreakpoint {
			if m.PC() != 1 {
				t.Fatalf("breakpoint at pc %d", m.PC())
			}
			hits++
			continue
		}
		if s.Reason != emu.StopBreak {
			t.Fatalf("%v", s)
		}
		break
	}
	if hits != 3 {
		t.Errorf("%d breakpoint hits, want 3", hits)
	}
	want := []uint32{0, 1, 2, 1, 2, 1, 2, 3}
	if got := m.TraceAddrs(); len(got) != len(want) {
		t.Errorf("trace %v, want %v", got, want)
	} else {
		for i := range want {
			if got[i] != want[i] {
				t.Errorf("trace %v, want %v", got, want)
				break
			}
		}
	}
	// Cycles: ldi 1; dec 1 ×3; brne 2+2+1; break 1.
	for pc, w := range map[uint32][2]uint64{0: {1, 1}, 1: {3, 3}, 2: {3, 5}, 3: {1, 1}} {
		if m.ExecCount(pc) != w[0] || m.CycleCount(pc) != w[1] {
			t.Errorf("pc %d: exec %d cycles %d, want %v", pc, m.ExecCount(pc), m.CycleCount(pc), w)
		}
	}
	if m.Cycles() != 10 {
		t.Errorf("cycles %d", m.Cycles())
	}
	// The same run with hooks off gives the same state; the hash depends only on the addresses.
	h := m.TraceHash()
	m2 := emu.New(nil, img, emu.Config{Trace: true, TraceLimit: 2})
	runToBreak(t, m2)
	if m2.TraceHash() != h || len(m2.TraceAddrs()) != 2 || m2.Cycles() != 10 {
		t.Errorf("trace limit: hash %x vs %x, %d addrs", m2.TraceHash(), h, len(m2.TraceAddrs()))
	}
	m.ClearBreakpoint(1)
	m.Reset()
	runToBreak(t, m)
}

// TestRelativeWrap: on a part whose flash is a power of two words, RJMP wraps around the end of
// program memory as the hardware PC does.
func TestRelativeWrap(t *testing.T) {
	p := newProg(t)
	p.I(isa.RJMP, -2) // from word 0 to word 2047 (ATtiny45: 2048 words)
	img := make([]byte, 4096)
	copy(img, p.Bytes())
	brk, _ := isa.FormOf(isa.BREAK).Encode(nil)
	binary.LittleEndian.PutUint16(img[4094:], brk[0])
	m := emu.New(dev(t, "attiny45"), img, emu.Config{})
	runToBreak(t, m)
	if m.PC() != 2048 {
		t.Errorf("pc %d", m.PC())
	}
	if s := m.Step(); s.Fault == nil || s.Fault.Kind != emu.FaultPCOutOfFlash {
		t.Errorf("falling off the end: %v", s)
	}
}

// TestLimit: Run stops at the first instruction boundary at or past the limit; a limit already
// reached runs nothing.
func TestLimit(t *testing.T) {
	p := newProg(t)
	p.L("l").I(isa.NOP).I(isa.RJMP, "l")
	m := p.machine("atmega128", emu.Config{})
	if s := m.Run(10); s.Reason != emu.StopLimit || m.Cycles() != 10 {
		t.Errorf("%v at %d", s, m.Cycles())
	}
	if s := m.Run(10); s.Reason != emu.StopLimit || m.Cycles() != 10 {
		t.Errorf("%v at %d", s, m.Cycles())
	}
	if s := m.Run(12); s.Reason != emu.StopLimit || m.Cycles() != 12 || m.PC() != 0 {
		t.Errorf("%v at %d pc %d", s, m.Cycles(), m.PC())
	}
	if s := m.Run(13); s.Reason != emu.StopLimit || m.Cycles() != 13 || m.PC() != 1 {
		t.Errorf("%v at %d pc %d", s, m.Cycles(), m.PC())
	}
	// RJMP (2 cycles) starts below the limit and completes past it.
	if s := m.Run(14); s.Reason != emu.StopLimit || m.Cycles() != 15 || m.PC() != 0 {
		t.Errorf("%v at %d pc %d", s, m.Cycles(), m.PC())
	}
	if s := m.Step(); s.Reason != emu.StopNone || m.Cycles() != 16 {
		t.Errorf("step %v", s)
	}
}
