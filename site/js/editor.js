// The editor: a textarea with transparent text over a <pre> of highlighted lines, a gutter of line
// numbers, and layers for marks (diagnostics, faults), the debugger's current line and the per-line
// cycles. Highlighting (chroma, in the workspace worker) redraws only the lines whose colours changed;
// the only innerHTML is chroma's output, which escapes all source text.
import { $, el, debounce, segments } from "./util.js";
import { store, timings } from "./store.js";
import { ws, firstResultP } from "./engine.js";

const HIGHLIGHT_DELAY_MS = 120; // edit → highlight debounce
export const LINE_PX = 20; // keep in step with --lh in style.css
export const PAD_TOP_PX = 8;

const ta = $("source");
const hl = $("hl");
const gutter = $("gutter");
const marks = $("marks");
const deco = $("deco");
let hlSegs = []; // the line segments (text with newline) the <pre> shows, one child each
let hlHTML = []; // per line: the chroma HTML it shows, or null while it shows plain text

function plainLine(seg) {
  return el("span", { class: "line" }, el("span", { class: "cl", text: seg }));
}

// syncLines makes the <pre> show text: unchanged lines keep their colours, changed ones show plain
// text until the next highlight arrives. Cost: one pass over the lines, no layout of the rest.
function syncLines(text) {
  const next = segments(text);
  const prev = hlSegs;
  const n = Math.min(prev.length, next.length);
  let a = 0;
  while (a < n && prev[a] === next[a]) a++;
  let b = 0;
  while (b < n - a && prev[prev.length - 1 - b] === next[next.length - 1 - b]) b++;
  const remove = prev.length - a - b;
  const kids = hl.children;
  const ref = kids[a + remove] || null;
  for (let i = 0; i < remove; i++) hl.removeChild(kids[a]);
  const frag = document.createDocumentFragment();
  for (let i = a; i < next.length - b; i++) frag.appendChild(plainLine(next[i]));
  hl.insertBefore(frag, ref);
  hlHTML.splice(a, remove, ...new Array(next.length - b - a).fill(null));
  hlSegs = next;
}

function resetLines(text) {
  hl.textContent = "";
  hlSegs = [];
  hlHTML = [];
  syncLines(text);
}

let gutterCount = 0;
function renderGutter(text) {
  let count = 1;
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) count++;
  if (count === gutterCount) return;
  if (count > gutterCount) {
    const frag = document.createDocumentFragment();
    for (let i = gutterCount + 1; i <= count; i++) frag.appendChild(el("div", { text: String(i) }));
    gutter.appendChild(frag);
  } else {
    while (gutter.children.length > count) gutter.lastChild.remove();
  }
  gutterCount = count;
  renderMarks();
  renderGutterState();
}

let hlBusy = false;
let hlWanted = false;
const scheduleHighlight = debounce(highlightNow, HIGHLIGHT_DELAY_MS);
async function highlightNow() {
  if (hlBusy) {
    hlWanted = true;
    return;
  }
  hlBusy = true;
  const text = ta.value;
  try {
    const r = await ws.call("highlight", { src: text, name: store.current });
    // chroma escapes all source text, so the only '<span class="line">' in its HTML is markup.
    const mark = '<span class="line">';
    const lines = r.html.split(mark).slice(1).map((h) => mark + h);
    const segs = segments(text);
    if (lines.length !== segs.length) return;
    const t = document.createElement("template");
    if (ta.value === text && hl.children.length === lines.length) {
      // The usual case (typing paused): replace only the lines whose colours changed.
      const changed = [];
      for (let i = 0; i < lines.length; i++) if (hlHTML[i] !== lines[i]) changed.push(i);
      t.innerHTML = changed.map((i) => lines[i]).join("");
      const fresh = [...t.content.children];
      changed.forEach((i, k) => hl.replaceChild(fresh[k], hl.children[i]));
      hlHTML = lines;
    } else {
      t.innerHTML = r.html;
      hl.replaceChildren(t.content);
      hlSegs = segs;
      hlHTML = lines;
      syncLines(ta.value); // apply edits made while highlighting
    }
  } catch (e) {
    /* highlighting is cosmetic: keep plain text */
  } finally {
    hlBusy = false;
    if (hlWanted) {
      hlWanted = false;
      scheduleHighlight();
    }
  }
}

export function setEditorText(text) {
  ta.value = text;
  resetLines(text);
  renderGutter(text);
  renderMarks();
  renderGutterState();
  renderDeco();
  scheduleHighlight.cancel();
  // Until the first result is shown, highlighting waits: on a 2-core machine it competes with the
  // first benchmark for the CPU (measured here: the first RANK came 0.3–0.9 s sooner without it).
  if (timings.firstResult === undefined) firstResultP.then(() => highlightNow());
  else highlightNow();
  requestAnimationFrame(() => ($("editor").scrollTop = 0)); // not now: it would force a layout
}

export function editorText() {
  return ta.value;
}

// ---- marks: diagnostics and faults of the current file ---------------------------------------------

function lineMessages() {
  const m = new Map();
  for (const d of store.diagnostics) {
    if (d.file !== store.current || d.line < 1) continue;
    const prev = m.get(d.line);
    const text = `${d.severity}: ${d.msg}`;
    const rank = (s) => (s === "error" ? 3 : s === "fault" ? 2 : 1);
    m.set(d.line, {
      sev: prev && rank(prev.sev) >= rank(d.severity) ? prev.sev : d.severity,
      text: prev ? prev.text + "\n" + text : text,
    });
  }
  return m;
}
const sevClass = (s) => (s === "error" ? "bad" : s === "fault" ? "fault" : "warn");

export function renderMarks() {
  const m = lineMessages();
  marks.textContent = "";
  for (const [line, info] of m) {
    const mark = el("div", { class: sevClass(info.sev) });
    mark.style.top = `${PAD_TOP_PX + (line - 1) * LINE_PX}px`;
    marks.appendChild(mark);
  }
  renderGutterState(m);
}

// ---- gutter state: marks, breakpoints, per-line cycles ---------------------------------------------

// Breakpoints by file: a Set of line numbers. The debugger reads them.
export const breakpoints = new Map();
const heat = new Map(); // file → Map(line → {frac, text, title})
let markedGutter = [];

export function renderGutterState(msgs) {
  const m = msgs || lineMessages();
  for (const g of markedGutter) {
    g.className = "";
    g.title = "";
    delete g.dataset.cycles;
    g.style.removeProperty("--heat");
  }
  markedGutter = [];
  const kids = gutter.children;
  const touch = (line) => {
    const g = kids[line - 1];
    if (g && !markedGutter.includes(g)) markedGutter.push(g);
    return g;
  };
  const h = heat.get(store.current);
  if (h) {
    for (const [line, info] of h) {
      const g = touch(line);
      if (!g) continue;
      g.classList.add("heat");
      g.style.setProperty("--heat", String(info.frac));
      g.dataset.cycles = info.text;
      g.title = info.title;
    }
  }
  const bps = breakpoints.get(store.current);
  if (bps) {
    for (const line of bps) {
      const g = touch(line);
      if (g) g.classList.add("bp");
    }
  }
  for (const [line, info] of m) {
    const g = touch(line);
    if (!g) continue;
    g.classList.add(sevClass(info.sev));
    g.title = info.text + (g.title ? "\n" + g.title : "");
  }
}

export function setHeat(byFile) {
  heat.clear();
  for (const [f, m] of byFile) heat.set(f, m);
  $("editor").classList.toggle("with-heat", byFile.size > 0);
  renderGutterState();
}

export function toggleBreakpoint(file, line) {
  if (!breakpoints.has(file)) breakpoints.set(file, new Set());
  const s = breakpoints.get(file);
  if (s.has(line)) s.delete(line);
  else s.add(line);
  renderGutterState();
  store.emit("breakpoints", file, line, s.has(line));
}

gutter.addEventListener("click", (e) => {
  const g = e.target.closest("#gutter > div");
  if (!g) return;
  const line = [...gutter.children].indexOf(g) + 1;
  if (line > 0) toggleBreakpoint(store.current, line);
});

// ---- decorations: the debugger's current line ------------------------------------------------------

let pcLine = null; // {file, line}
export function setPCLine(file, line) {
  pcLine = file && line ? { file, line } : null;
  renderDeco();
  if (pcLine && pcLine.file === store.current) scrollToLine(line);
}

function renderDeco() {
  deco.textContent = "";
  if (pcLine && pcLine.file === store.current) {
    const d = el("div", { class: "pc", "data-line": String(pcLine.line) });
    d.style.top = `${PAD_TOP_PX + (pcLine.line - 1) * LINE_PX}px`;
    deco.appendChild(d);
  }
}

// scrollToLine scrolls line into view (a third down), or to the top with top set.
export function scrollToLine(line, top) {
  const ed = $("editor");
  const y = PAD_TOP_PX + (line - 1) * LINE_PX;
  if (top) {
    // After the layout of a text just set.
    requestAnimationFrame(() => (ed.scrollTop = Math.max(0, y - 2 * LINE_PX)));
    return;
  }
  if (y < ed.scrollTop || y > ed.scrollTop + ed.clientHeight - 2 * LINE_PX) {
    ed.scrollTop = Math.max(0, y - ed.clientHeight / 3);
  }
}

function lineAt(offsetY) {
  return Math.floor((offsetY - PAD_TOP_PX) / LINE_PX) + 1;
}
ta.addEventListener("mousemove", (e) => {
  const info = lineMessages().get(lineAt(e.offsetY));
  const t = info ? info.text : "";
  if (ta.title !== t) ta.title = t;
});

// caretLine returns the line (1-based) of the caret.
export function caretLine() {
  return ta.value.slice(0, ta.selectionStart).split("\n").length;
}

// jumpTo selects the start of line (and column) of the current file and scrolls it into view.
export function jumpTo(line, col) {
  const lines = ta.value.split("\n");
  line = Math.max(1, Math.min(line, lines.length));
  let pos = 0;
  for (let i = 0; i < line - 1; i++) pos += lines[i].length + 1;
  pos += Math.max(0, Math.min((col || 1) - 1, lines[line - 1].length));
  ta.focus();
  ta.setSelectionRange(pos, pos);
  scrollToLine(line);
  const flash = el("div", { class: "jump" });
  flash.style.top = `${PAD_TOP_PX + (line - 1) * LINE_PX}px`;
  marks.appendChild(flash);
  setTimeout(() => flash.remove(), 900);
}

// ---- typing ---------------------------------------------------------------------------------------

function insertText(text) {
  ta.focus();
  // execCommand keeps the browser's undo history; setRangeText is the fallback.
  if (!document.execCommand("insertText", false, text)) {
    ta.setRangeText(text, ta.selectionStart, ta.selectionEnd, "end");
    ta.dispatchEvent(new Event("input"));
  }
}

function indent(outdent) {
  const v = ta.value;
  const s = ta.selectionStart;
  const e = ta.selectionEnd;
  const multi = v.slice(s, e).includes("\n");
  if (!multi && !outdent) {
    insertText("\t");
    return;
  }
  const ls = v.lastIndexOf("\n", s - 1) + 1;
  let le = e > s && v[e - 1] === "\n" ? e - 1 : e;
  le = v.indexOf("\n", le);
  if (le < 0) le = v.length;
  const block = v.slice(ls, le);
  const out = block
    .split("\n")
    .map((l) => (outdent ? (l.startsWith("\t") ? l.slice(1) : l.replace(/^ {1,8}/, "")) : l ? "\t" + l : l))
    .join("\n");
  if (out === block) return;
  ta.setSelectionRange(ls, le);
  insertText(out);
  if (multi) ta.setSelectionRange(ls, ls + out.length);
  else {
    const p = Math.max(ls, s + out.length - block.length);
    ta.setSelectionRange(p, p);
  }
}

let escapeTab = false;
ta.addEventListener("keydown", (e) => {
  const mod = e.ctrlKey || e.metaKey;
  if (e.key === "Escape") {
    escapeTab = true;
    return;
  }
  if (e.key === "Tab" && !mod && !e.altKey) {
    if (escapeTab) {
      escapeTab = false;
      return; // let focus move on
    }
    e.preventDefault();
    indent(e.shiftKey);
    return;
  }
  escapeTab = false;
});
// A new line keeps the indentation of the line it splits. Handled at beforeinput rather than keydown,
// so it covers every way a line break is typed.
ta.addEventListener("beforeinput", (e) => {
  if (e.inputType !== "insertLineBreak" && e.inputType !== "insertParagraph") return;
  const v = ta.value;
  const ls = v.lastIndexOf("\n", ta.selectionStart - 1) + 1;
  const lead = /^[ \t]*/.exec(v.slice(ls, ta.selectionStart))[0];
  if (!lead) return;
  e.preventDefault();
  insertText("\n" + lead);
});
// The outer box scrolls; the textarea is as large as its text and must never scroll by itself.
ta.addEventListener("scroll", () => {
  ta.scrollTop = 0;
  ta.scrollLeft = 0;
});

ta.addEventListener("input", () => {
  const t0 = (timings.lastInputAt = performance.now());
  const text = ta.value;
  store.files().set(store.current, text);
  syncLines(text);
  renderGutter(text);
  scheduleHighlight();
  store.emit("edit", store.current, text);
  timings.inputMs = performance.now() - t0;
  timings.inputMaxMs = Math.max(timings.inputMaxMs || 0, timings.inputMs);
});
