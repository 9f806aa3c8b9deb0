// The debugger pane: a session in the engine worker keeps one machine (load once, then step, run to,
// back); this module sends the commands, shows registers r0–r31 with X/Y/Z, SP, PC, SREG's flags and
// the cycle counter (changed values highlighted), the call's buffers, round keys, .data/.bss and the
// stack, and marks the current line in the editor. Reverse step and reverse continue are the engine's
// (restore a checkpoint and re-execute).
import { $, el, hex, notice } from "./util.js";
import { store, timings } from "./store.js";
import { engine, request, StoppedError } from "./engine.js";
import { breakpoints, setPCLine, caretLine } from "./editor.js";
import { openFile } from "./workspace.js";
import { showPane } from "./controls.js";

const FLAGS = ["I", "T", "H", "S", "V", "N", "Z", "C"]; // SREG bits 7..0

let session = null; // {generation, started: source texts, mode}
let prev = null; // the state shown before the last command
let busy = false;
let modeChosen = false; // the user picked the mode: keep it

function bpArg() {
  const out = {};
  for (const [file, lines] of breakpoints) if (lines.size) out[file] = [...lines].sort((a, b) => a - b);
  return out;
}

// answered counts the debugger's answers (start or command), for tests and outside tools.
function answered() {
  timings.debugAnswers = (timings.debugAnswers || 0) + 1;
}

async function startSession() {
  try {
    showPane("debug");
    await startSessionNow();
  } finally {
    answered();
  }
}

// ensureSession starts a session on the current source unless one is open on it; it reports whether
// one is open.
export async function ensureSession() {
  if (session && session.generation === engine.generation && session.files === JSON.stringify(Object.fromEntries(store.files()))) return true;
  await startSessionNow();
  return session !== null;
}

// profile asks the session for the per-line cycles of one run (the profile pane's).
export async function profile() {
  if (!(await ensureSession())) return null;
  return send("debug-profile", { breakpoints: bpArg() }, false);
}

async function startSessionNow() {
  if (!modeChosen) {
    const r = store.result;
    $("dbg-mode").value = r && r.mode === "bench" ? "call" : r && (r.mode === "run" || r.no_code) ? "reset" : $("dbg-mode").value;
  }
  const req = { ...request(), mode: $("dbg-mode").value };
  if (req.binary) return status("The debugger works on sources; a dropped binary is only measured.", true);
  prev = null;
  const st = await send("debug-start", req);
  if (!st) return;
  if (st.error) {
    session = null;
    render(null);
    return status(st.error, true);
  }
  session = { generation: engine.generation, files: JSON.stringify(req.files), mode: st.mode };
  await send("debug-state", { breakpoints: bpArg() }, true);
}

// send runs one debugger command and shows the state it answers.
async function send(op, arg, show = op !== "debug-start") {
  if (busy) return null;
  if (op !== "debug-start" && (!session || session.generation !== engine.generation)) {
    session = null;
    status("No session: press Debug to start one.", true);
    return null;
  }
  busy = true;
  const t0 = performance.now();
  try {
    const st = await engine.call(op, arg);
    timings.lastDebugMs = performance.now() - t0;
    timings.lastDebugOp = op;
    if (show && !st.error) render(st);
    return st;
  } catch (e) {
    if (e instanceof StoppedError) status("The engine was restarted: press Debug to start again.", true);
    else status(e.message, true);
    return null;
  } finally {
    busy = false;
  }
}

async function command(op, extra) {
  try {
    return await send("debug-" + op, { breakpoints: bpArg(), ...(extra || {}) });
  } finally {
    answered();
  }
}

function status(text, bad) {
  const s = $("dbg-status");
  s.textContent = text;
  s.className = "dbg-status" + (bad ? " bad" : "");
}

const word = (r, lo) => (r[lo + 1] << 8) | r[lo];

function render(st) {
  if (!st) {
    for (const id of ["dbg-pc", "dbg-cycles", "dbg-sp", "dbg-sreg"]) $(id).textContent = "–";
    $("dbg-regs").textContent = "";
    $("dbg-ptrs").textContent = "";
    $("dbg-flags").textContent = "";
    $("dbg-mem").textContent = "";
    setPCLine(null);
    return;
  }
  const p = prev;
  const chg = (a, b) => (p && a !== b ? "chg" : "");
  $("dbg-pc").textContent = "0x" + hex(st.pc, 4);
  $("dbg-cycles").textContent = String(st.cycles);
  $("dbg-sp").textContent = "0x" + hex(st.sp, 4);
  $("dbg-sp").className = chg(st.sp, p && p.sp);
  $("dbg-sreg").textContent = "0x" + hex(st.sreg, 2);
  $("dbg-sreg").className = chg(st.sreg, p && p.sreg);
  const flags = $("dbg-flags");
  flags.textContent = "";
  FLAGS.forEach((f, i) => {
    const bit = 7 - i;
    const on = (st.sreg >> bit) & 1;
    const was = p ? (p.sreg >> bit) & 1 : on;
    flags.appendChild(el("span", { class: "flag" + (on ? " on" : "") + (on !== was ? " chg" : ""), text: f, title: `${f} = ${on}` }));
  });
  const regs = $("dbg-regs");
  regs.textContent = "";
  for (let i = 0; i < 32; i++) {
    regs.appendChild(el("span", { class: chg(st.r[i], p && p.r[i]), text: `r${i}=${hex(st.r[i], 2)}` }));
    regs.append(i % 8 === 7 ? "\n" : " ");
  }
  const ptrs = $("dbg-ptrs");
  ptrs.textContent = "";
  for (const [name, lo] of [["X", 26], ["Y", 28], ["Z", 30]]) {
    const v = word(st.r, lo);
    ptrs.appendChild(el("span", { class: p ? chg(v, word(p.r, lo)) : "", text: `${name}=0x${hex(v, 4)}` }));
    ptrs.append("  ");
  }
  ptrs.append(el("span", { class: "muted", text: st.inst ? `next: ${st.inst}` : "" }));
  const mem = $("dbg-mem");
  mem.textContent = "";
  for (const b of st.memory || []) {
    const old = p && (p.memory || []).find((x) => x.name === b.name && x.addr === b.addr);
    const row = el("div", { class: "blk" }, el("div", { class: "blk-name", text: `${b.name} @ ${b.space === "flash" ? "flash " : ""}0x${hex(b.addr, 4)}` }));
    const bytes = el("div", { class: "blk-bytes" });
    for (let i = 0; i < b.hex.length; i += 2) {
      const v = b.hex.slice(i, i + 2);
      bytes.appendChild(el("span", { class: old && old.hex.slice(i, i + 2) !== v ? "chg" : "", text: v }));
      if ((i / 2) % 16 === 15) bytes.appendChild(el("br"));
    }
    row.appendChild(bytes);
    mem.appendChild(row);
  }
  const where = st.file ? `${st.file}:${st.line}` : "outside your source";
  const why = { start: "at the start", step: "stepped", breakpoint: "at a breakpoint", line: "at the line", back: "stepped back" }[st.stop] || st.stop;
  status(`${st.mode === "call" ? st.call : "from reset"} · ${why} · ${where}${st.message ? " · " + st.message : ""}`, st.stop === "fault");
  $("dbg-status").dataset.stop = st.stop;
  markLine(st, true);
  for (const id of ["dbg-step", "dbg-over", "dbg-out", "dbg-continue", "dbg-cursor"]) $(id).disabled = st.done;
  prev = st;
}

// markLine marks the state's line in the editor while the debug pane is shown.
function markLine(st, follow) {
  if (st && st.file && !$("pane-debug").hidden) {
    if (follow && st.file !== store.current && store.files().has(st.file)) openFile(st.file, { run: false });
    setPCLine(st.file, st.line);
  } else setPCLine(null);
}

export function wireDebugger() {
  store.on("pane", () => markLine(session ? prev : null));
  $("dbg-start").addEventListener("click", () => startSession().catch((e) => notice(e.message)));
  $("dbg-restart").addEventListener("click", () => startSession().catch((e) => notice(e.message)));
  $("dbg-mode").addEventListener("change", () => {
    modeChosen = true;
    startSession();
  });
  $("dbg-step").addEventListener("click", () => command("step"));
  $("dbg-over").addEventListener("click", () => command("over"));
  $("dbg-out").addEventListener("click", () => command("out"));
  $("dbg-continue").addEventListener("click", () => command("continue"));
  $("dbg-back").addEventListener("click", () => command("back"));
  $("dbg-back-continue").addEventListener("click", () => command("back-continue"));
  $("dbg-cursor").addEventListener("click", () => command("to", { file: store.current, line: caretLine() }));
  document.addEventListener("keydown", (e) => {
    if (!session || $("pane-debug").hidden) return;
    if (e.key === "F10") {
      e.preventDefault();
      command(e.shiftKey ? "back" : "step");
    } else if (e.key === "F5") {
      e.preventDefault();
      command(e.shiftKey ? "back-continue" : "continue");
    }
  });
  store.on("edit", () => {
    if (session && JSON.stringify(Object.fromEntries(store.files())) !== session.files) {
      status("The source changed since the session started: press Restart to debug the new code.", true);
      setPCLine(null);
    }
  });
  store.on("engine-restarted", () => {
    if (session) status("The engine was restarted: press Debug to start again.", true);
    session = null;
    setPCLine(null);
  });
}
