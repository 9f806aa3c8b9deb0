// The avr8js side of TestBenchPageAvr8js: the same HEX program as site/bench.html, run on avr8js's
// CPU (the instruction loop and the clock events, as an avr8js simulation runs) on the main thread.
import { CPU, avrInstruction } from '/avr8js/index.js';

const q = new URLSearchParams(location.search);

// readHex returns the flash image of Intel HEX text (record types 00, 01, 02 and 04).
function readHex(text, size) {
  const flash = new Uint8Array(size);
  let base = 0;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line.startsWith(':')) continue;
    const n = parseInt(line.slice(1, 3), 16);
    const addr = parseInt(line.slice(3, 7), 16);
    const type = parseInt(line.slice(7, 9), 16);
    const data = (i) => parseInt(line.slice(9 + 2 * i, 11 + 2 * i), 16);
    if (type === 0) {
      for (let i = 0; i < n; i++) flash[base + addr + i] = data(i);
    } else if (type === 2) {
      base = ((data(0) << 8) | data(1)) << 4;
    } else if (type === 4) {
      base = ((data(0) << 8) | data(1)) << 16;
    } else if (type === 1) {
      break;
    }
  }
  return flash;
}

async function main() {
  const text = await (await fetch(q.get('hex'))).text();
  const stop = Number(q.get('stop'));
  const cpu = new CPU(new Uint16Array(readHex(text, 128 * 1024).buffer), 8192);
  const t0 = performance.now();
  while (cpu.pc !== stop) {
    avrInstruction(cpu);
    cpu.tick();
  }
  const ms = performance.now() - t0;
  const regs = [];
  for (let r = 16; r < 32; r++) regs.push(cpu.data[r].toString(16).toUpperCase().padStart(2, '0'));
  window.avr8jsResult = { cycles: cpu.cycles, ms, regs: regs.join(' ') };
  document.getElementById('out').textContent = JSON.stringify(window.avr8jsResult);
}

main().catch((e) => {
  window.avr8jsResult = { error: String(e) };
});
