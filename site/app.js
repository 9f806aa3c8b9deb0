// avrlab playground page. Plain JavaScript, no framework.
//
// Two Web Workers run the two Go modules built from cmd/wasm (compiled here, posted to the worker):
//   engine    — engine.wasm: assemble, benchmark, run; terminated and restarted by Stop, so a runaway
//               program never freezes the page; compiled first, it is on the path to the first RANK;
//   workspace — workspace.wasm: the files in IndexedDB (through hackpadfs) and chroma highlighting.
// Every piece of user text (source, file names, link contents, messages) reaches the DOM through
// textContent or a property; the only innerHTML is chroma's output, which escapes all source text.
"use strict";

(() => {
  const LIVE_DELAY_MS = 40; // edit → benchmark debounce
  const HIGHLIGHT_DELAY_MS = 120; // edit → highlight debounce
  const SAVE_DELAY_MS = 400; // edit → IndexedDB debounce
  const STALE_RESTART_MS = 1500; // a live run older than this is abandoned when a newer edit waits
  const LINE_PX = 20; // keep in step with --lh in style.css
  const PAD_TOP_PX = 8;
  const DEFAULT_EXAMPLE = "cham64-v2";
  // ?cycles=N sets the cycle limit of one call (for very slow code, and for tests of Stop).
  const MAX_CYCLES = Math.max(0, parseInt(new URLSearchParams(location.search).get("cycles") || "0", 10) || 0);
  const MAX_NAME_BYTES = 128;

  const $ = (id) => document.getElementById(id);
  const timings = (window.avrlabTimings = { editToRank: [] });
  let firstResultDone;
  const firstResultP = new Promise((resolve) => {
    firstResultDone = resolve;
    setTimeout(resolve, 3000); // never wait longer than this for colours
  });

  // el builds an element; children are nodes or strings (added as text, never parsed).
  function el(tag, props, ...children) {
    const e = document.createElement(tag);
    if (props) {
      for (const [k, v] of Object.entries(props)) {
        if (k === "class") e.className = v;
        else if (k === "text") e.textContent = v;
        else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
        else if (k in e) e[k] = v;
        else e.setAttribute(k, v);
      }
    }
    for (const c of children) if (c !== null && c !== undefined) e.append(c);
    return e;
  }

  function debounce(fn, ms) {
    let t = 0;
    const d = (...a) => {
      clearTimeout(t);
      t = setTimeout(() => fn(...a), ms);
    };
    d.cancel = () => clearTimeout(t);
    return d;
  }

  // ---- workers -------------------------------------------------------------------------------------

  class StoppedError extends Error {
    constructor() {
      super("stopped");
    }
  }

  class WorkerClient {
    constructor(role, modulePromise) {
      this.role = role;
      this.modP = modulePromise;
      this.seq = 0;
      this.pending = new Map();
      this.start();
    }
    start() {
      this.w = new Worker("worker.js");
      this.ready = new Promise((res, rej) => {
        this.readyRes = res;
        this.readyRej = rej;
      });
      this.ready.catch(() => {});
      this.w.onmessage = (e) => this.onMessage(e.data);
      this.w.onerror = (e) => this.readyRej(new Error(e.message || `${this.role} worker failed`));
      const w = this.w;
      this.modP.then(
        (module) => w.postMessage({ op: "init", module, role: this.role }),
        (err) => this.readyRej(err),
      );
    }
    onMessage(m) {
      if (m.op === "ready") {
        timings[this.role + "StartMs"] = m.startMs;
        timings[this.role + "Ready"] = performance.now();
        return this.readyRes();
      }
      if (m.op === "failed") return this.readyRej(new Error(m.error));
      const p = this.pending.get(m.id);
      if (!p) return;
      if (m.progress !== undefined) {
        if (p.onProgress) p.onProgress(m.progress);
        return;
      }
      this.pending.delete(m.id);
      if (m.error !== undefined) p.reject(new Error(m.error));
      else p.resolve(m.result);
    }
    async call(op, arg, onProgress) {
      await this.ready;
      const w = this.w;
      const id = ++this.seq;
      return new Promise((resolve, reject) => {
        this.pending.set(id, { resolve, reject, onProgress });
        w.postMessage({ id, op, arg });
      });
    }
    get busy() {
      return this.pending.size > 0;
    }
    restart() {
      this.w.terminate();
      const stopped = [...this.pending.values()];
      this.pending.clear();
      for (const p of stopped) p.reject(new StoppedError());
      this.start();
    }
  }

  // compileModule fetches and compiles the module of a worker role (engine, workspace).
  async function compileModule(role) {
    const url = document.querySelector(`meta[name="avrlab-wasm-${role}"]`).content;
    const t0 = performance.now();
    let mod;
    try {
      mod = await WebAssembly.compileStreaming(fetch(url));
    } catch (e) {
      // A static host that serves .wasm with another Content-Type: compile from bytes instead.
      const r = await fetch(url);
      if (!r.ok) throw new Error(`fetching ${url}: ${r.status} ${r.statusText}`);
      mod = await WebAssembly.compile(await r.arrayBuffer());
    }
    timings[role + "Compiled"] = performance.now();
    timings[role + "CompileMs"] = timings[role + "Compiled"] - t0;
    return mod;
  }
  const engineModP = compileModule("engine");
  const examplesP = fetch("examples/index.json").then((r) => {
    if (!r.ok) throw new Error(`examples/index.json: ${r.status}`);
    return r.json();
  });
  examplesP.catch(() => {});
  const engine = new WorkerClient("engine", engineModP);
  // On a first visit the engine benches the default example before the workspace is needed, so the
  // workspace module is fetched, compiled and started after the first result instead of competing
  // with the engine for the network and the CPU. On a repeat visit the saved files decide what to
  // bench, so it starts right away.
  const firstVisitEarly = (() => {
    try {
      return !location.hash && localStorage.getItem("avrlab.current") === null;
    } catch {
      return false;
    }
  })();
  const ws = new WorkerClient("workspace", firstVisitEarly ? firstResultP.then(() => compileModule("workspace")) : compileModule("workspace"));

  // ---- state ---------------------------------------------------------------------------------------

  const state = {
    meta: null,
    wsFiles: new Map(), // the workspace as saved in IndexedDB (plus edits being saved)
    linkFiles: null, // the files of an opened link, or null in workspace mode
    current: "",
    lastMain: "", // the file last measured
    diagnostics: [],
    lastResult: null,
    persistent: true,
    exampleSources: new Map(), // id → source, for short links
    wsOpened: false, // the saved workspace has been read (before that nothing is written)
  };
  const files = () => state.linkFiles || state.wsFiles;
  const inLink = () => state.linkFiles !== null;

  const settings = {
    get(k, d) {
      try {
        const v = localStorage.getItem("avrlab." + k);
        return v === null ? d : v;
      } catch {
        return d;
      }
    },
    set(k, v) {
      try {
        localStorage.setItem("avrlab." + k, String(v));
      } catch {
        /* storage disabled: settings last for this page only */
      }
    },
  };

  // ---- status and notices ------------------------------------------------------------------------

  function setStatus(text, kind) {
    const s = $("status");
    s.textContent = text;
    s.className = "status" + (kind ? " " + kind : "");
  }
  let noticeTimer = 0;
  function notice(text) {
    const n = $("notice");
    n.textContent = text;
    n.hidden = false;
    clearTimeout(noticeTimer);
    noticeTimer = setTimeout(() => (n.hidden = true), 10000);
  }

  // ---- editor --------------------------------------------------------------------------------------

  const ta = $("source");
  const hl = $("hl");
  const gutter = $("gutter");
  const marks = $("marks");
  let hlSegs = []; // the line segments (text with newline) the <pre> shows, one child each
  let hlHTML = []; // per line: the chroma HTML it shows, or null while it shows plain text

  const segments = (text) => text.match(/[^\n]*\n|[^\n]+$/g) || [];

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
      markedGutter = markedGutter.filter((g) => g.isConnected);
    }
    gutterCount = count;
    renderMarks();
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
      const r = await ws.call("highlight", { src: text });
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

  function setEditorText(text) {
    ta.value = text;
    resetLines(text);
    renderGutter(text);
    scheduleHighlight.cancel();
    // Until the first result is shown, highlighting waits: on a 2-core machine it competes with the
    // first benchmark for the CPU (measured here: the first RANK came 0.3–0.9 s sooner without it).
    if (timings.firstResult === undefined) firstResultP.then(() => highlightNow());
    else highlightNow();
    requestAnimationFrame(() => ($("editor").scrollTop = 0)); // not now: it would force a layout
  }

  // Diagnostics of the current file: gutter colours with the message as a tooltip, line backgrounds.
  function lineMessages() {
    const m = new Map();
    for (const d of state.diagnostics) {
      if (d.file !== state.current || d.line < 1) continue;
      const prev = m.get(d.line);
      const text = `${d.severity}: ${d.msg}`;
      m.set(d.line, {
        sev: prev && prev.sev === "error" ? "error" : d.severity,
        text: prev ? prev.text + "\n" + text : text,
      });
    }
    return m;
  }
  let markedGutter = []; // gutter lines that carry a mark now
  function renderMarks() {
    const m = lineMessages();
    marks.textContent = "";
    for (const g of markedGutter) {
      g.className = "";
      g.title = "";
    }
    markedGutter = [];
    const kids = gutter.children;
    for (const [line, info] of m) {
      const g = kids[line - 1];
      if (!g) continue;
      g.className = info.sev === "error" ? "bad" : "warn";
      g.title = info.text;
      markedGutter.push(g);
    }
    for (const [line, info] of m) {
      const mark = el("div", { class: info.sev === "error" ? "bad" : "warn" });
      mark.style.top = `${PAD_TOP_PX + (line - 1) * LINE_PX}px`;
      marks.appendChild(mark);
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

  // jumpTo selects the start of line (and column) of the current file and scrolls it into view.
  function jumpTo(line, col) {
    const lines = ta.value.split("\n");
    line = Math.max(1, Math.min(line, lines.length));
    let pos = 0;
    for (let i = 0; i < line - 1; i++) pos += lines[i].length + 1;
    pos += Math.max(0, Math.min((col || 1) - 1, lines[line - 1].length));
    ta.focus();
    ta.setSelectionRange(pos, pos);
    const ed = $("editor");
    const y = PAD_TOP_PX + (line - 1) * LINE_PX;
    if (y < ed.scrollTop || y > ed.scrollTop + ed.clientHeight - 2 * LINE_PX) {
      ed.scrollTop = Math.max(0, y - ed.clientHeight / 3);
    }
    const flash = el("div", { class: "jump" });
    flash.style.top = `${y}px`;
    marks.appendChild(flash);
    setTimeout(() => flash.remove(), 900);
  }

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

  let lastInputAt = 0;
  ta.addEventListener("input", () => {
    dropped = null;
    const t0 = (lastInputAt = timings.lastInputAt = performance.now());
    const text = ta.value;
    files().set(state.current, text);
    syncLines(text);
    renderGutter(text);
    scheduleHighlight();
    if (!inLink()) markDirty(state.current);
    if ($("live").checked) scheduleRun();
    timings.inputMs = performance.now() - t0;
    timings.inputMaxMs = Math.max(timings.inputMaxMs || 0, timings.inputMs);
  });

  document.addEventListener("keydown", (e) => {
    const mod = e.ctrlKey || e.metaKey;
    if (mod && e.key === "Enter") {
      e.preventDefault();
      runNow();
    } else if (mod && (e.key === "s" || e.key === "S")) {
      e.preventDefault();
      if (inLink()) keepLink();
      else saveAll();
    }
  });

  // ---- workspace and files -----------------------------------------------------------------------

  const dirty = new Set();
  let saving = 0;
  function renderSaveState(err) {
    const s = $("save-state");
    if (inLink()) s.textContent = "not saved (from a link)";
    else if (err) s.textContent = "not saved: " + err;
    else if (!state.persistent) s.textContent = "this browser keeps no files";
    else if (saving) s.textContent = "saving…";
    else s.textContent = dirty.size ? "unsaved" : "saved";
  }
  function markDirty(name) {
    dirty.add(name);
    renderSaveState();
    scheduleSave();
  }
  const scheduleSave = debounce(saveAll, SAVE_DELAY_MS);
  async function saveAll() {
    scheduleSave.cancel();
    if (inLink() || !state.wsOpened) return; // before the workspace opens, edits wait in dirty
    const names = [...dirty];
    dirty.clear();
    saving++;
    renderSaveState();
    let err = "";
    for (const name of names) {
      if (!state.wsFiles.has(name)) continue;
      try {
        await ws.call("write", { name, text: state.wsFiles.get(name) });
      } catch (e) {
        err = e.message;
        dirty.add(name);
      }
    }
    saving--;
    renderSaveState(err);
  }
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden" && dirty.size) saveAll();
  });

  function sortedNames() {
    return [...files().keys()].sort();
  }

  function renderFiles() {
    const box = $("files");
    box.textContent = "";
    const errFiles = new Set(state.diagnostics.filter((d) => d.severity === "error").map((d) => d.file));
    for (const name of sortedNames()) {
      box.appendChild(
        el("button", {
          text: name,
          title: name,
          role: "tab",
          class: errFiles.has(name) ? "has-errors" : "",
          "aria-selected": String(name === state.current),
          onclick: () => openFile(name),
        }),
      );
    }
  }

  function openFile(name) {
    if (!files().has(name)) return;
    state.current = name;
    if (!inLink()) settings.set("current", name);
    setEditorText(files().get(name));
    renderFiles();
    renderMarks();
  }

  // validName mirrors workspace.ValidName for files that never reach the workspace (links).
  function validName(name) {
    if (!name) return "a file name cannot be empty";
    if (new TextEncoder().encode(name).length > MAX_NAME_BYTES) return `a file name has at most ${MAX_NAME_BYTES} bytes`;
    if (name === "." || name === "..") return `"${name}" cannot name a file`;
    if (/[/\\]/.test(name)) return "a file name cannot hold / or \\ (the workspace has no folders)";
    if (name.trim() !== name) return "a file name cannot start or end with a space";
    if (/[\u0000-\u001f\u007f-\u009f]/.test(name)) return "a file name cannot hold control characters";
    return "";
  }

  function freeName(name, taken) {
    if (!taken.has(name)) return name;
    const dot = name.lastIndexOf(".");
    const base = dot > 0 ? name.slice(0, dot) : name;
    const ext = dot > 0 ? name.slice(dot) : "";
    for (let i = 2; ; i++) if (!taken.has(`${base}-${i}${ext}`)) return `${base}-${i}${ext}`;
  }

  async function newFile() {
    const name = prompt("Name of the new file", freeName("untitled.S", files()));
    if (name === null) return;
    const bad = validName(name);
    if (bad) return notice(bad);
    if (files().has(name)) return notice(`"${name}" already exists`);
    if (!inLink()) {
      try {
        await ws.call("write", { name, text: "" });
      } catch (e) {
        return notice(e.message);
      }
    }
    files().set(name, "");
    openFile(name);
  }

  async function renameFile() {
    const from = state.current;
    const to = prompt(`New name for "${from}"`, from);
    if (to === null || to === from) return;
    const bad = validName(to);
    if (bad) return notice(bad);
    if (files().has(to)) return notice(`"${to}" already exists`);
    if (!inLink()) {
      await saveAll();
      try {
        await ws.call("rename", { from, to });
      } catch (e) {
        return notice(e.message);
      }
    }
    const text = files().get(from);
    files().delete(from);
    files().set(to, text);
    openFile(to);
    scheduleRun();
  }

  async function deleteFile() {
    const name = state.current;
    if (!confirm(`Delete "${name}"? This cannot be undone.`)) return;
    if (!inLink()) {
      try {
        await ws.call("remove", { name });
      } catch (e) {
        return notice(e.message);
      }
      dirty.delete(name);
    }
    files().delete(name);
    if (files().size === 0) {
      files().set("main.S", "");
      if (!inLink()) markDirty("main.S");
    }
    openFile(sortedNames()[0]);
    scheduleRun();
  }

  function download(name, text, type) {
    const a = el("a", { download: name, href: URL.createObjectURL(new Blob([text], { type })) });
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 10000);
  }

  async function downloadHex() {
    try {
      const req = request();
      const r = await engine.call("hex", req);
      if (r.error) return notice(r.error);
      const errs = r.errors.filter((d) => d.severity === "error");
      if (errs.length) return notice(`${req.main} does not assemble: ${errs[0].msg}`);
      download(req.main.replace(/\.[^.]*$/, "") + ".hex", r.hex, "text/plain");
    } catch (e) {
      if (!(e instanceof StoppedError)) notice(e.message);
    }
  }

  // ---- engine requests -----------------------------------------------------------------------------

  // includes lists the files the main file reaches through .include / #include, itself first.
  function includes(main) {
    const all = files();
    const out = new Map();
    const visit = (name) => {
      if (out.has(name) || !all.has(name)) return;
      const text = all.get(name);
      out.set(name, text);
      for (const m of text.matchAll(/^[ \t]*[.#][ \t]*include[ \t]+["<]([^">\n]+)[">]/gim)) visit(m[1]);
    };
    visit(main);
    return out;
  }

  // vectorCount reads the Vectors field: empty means the lab's default, 0 means the official vector only.
  function vectorCount() {
    const n = parseInt($("vectors").value, 10);
    if (!Number.isFinite(n)) return 0;
    return n <= 0 ? -1 : Math.min(n, 10000);
  }

  // mainFile is the file to assemble: the current one, unless another file includes it (editing an
  // include re-measures the program that uses it).
  function mainFile() {
    const cur = state.current;
    const all = files();
    const includesCur = (name) => name !== cur && all.has(name) && includes(name).has(cur);
    if (includesCur(state.lastMain)) return state.lastMain;
    for (const name of sortedNames()) if (includesCur(name)) return (state.lastMain = name);
    return (state.lastMain = cur);
  }

  function makeRequest(fileMap, main, task, device, vectors) {
    return { files: fileMap, main, task, device, vectors, seed: 1, max_cycles: MAX_CYCLES, call: "", binary: "" };
  }

  // A dropped ELF or HEX file is measured as a linked program until the source is edited again.
  let dropped = null; // {name, b64}

  function request() {
    const req = makeRequest(Object.fromEntries(files()), mainFile(), $("task").value, $("device").value, vectorCount());
    req.call = $("call").value.trim();
    if (dropped) Object.assign(req, { files: {}, main: dropped.name, binary: dropped.b64 });
    return req;
  }

  // dropBinary reads a dropped .elf or .hex file and benchmarks it.
  async function dropBinary(file) {
    if (file.size > 16 << 20) return notice(`${file.name} is ${file.size} bytes; a linked program may have 16 MiB at most`);
    const bytes = new Uint8Array(await file.arrayBuffer());
    let bin = "";
    for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    dropped = { name: file.name, b64: btoa(bin) };
    notice(`Measuring ${file.name} as a linked program (task and call from the pickers). Edit the source to go back.`);
    runNow();
  }

  // On a first visit the page will measure the default example. Its source is fetched with the module,
  // the engine starts on it the moment it is up (the workspace is still opening, and the pickers wait
  // for meta from the workspace worker), and the first run takes this answer when its request turns out
  // the same. The first call of a fresh WebAssembly instance is several times slower than later ones,
  // so starting it early is most of the first RANK's time.
  let speculative = null; // {key, answer: Promise}
  const firstVisit = !location.hash && settings.get("current", "") === "";
  const defaultFile = DEFAULT_EXAMPLE + ".S"; // examples.List: the file of example ID is ID.S
  const defaultSourceP = firstVisit
    ? fetch("examples/" + defaultFile).then((r) => (r.ok ? r.text() : null))
    : Promise.resolve(null);
  defaultSourceP.catch(() => {});

  // requestKey compares requests with the engine's defaults filled in (device "", 0 vectors).
  function requestKey(req, meta) {
    return JSON.stringify({ ...req, device: req.device || meta.default_device, vectors: req.vectors || meta.vectors });
  }

  async function speculate() {
    const source = await defaultSourceP;
    if (source === null) return null;
    const req = makeRequest({ [defaultFile]: source }, defaultFile, "", "", 0);
    const answer = engine.call("bench", req);
    answer.catch(() => {});
    speculative = { req, answer };
    return { id: DEFAULT_EXAMPLE, file: defaultFile, source };
  }

  let running = null; // {startedAt, inputAt}
  let queued = false;
  let busyTimer = 0;
  const scheduleRun = debounce(runNow, LIVE_DELAY_MS);

  function runNow() {
    scheduleRun.cancel();
    if (running) {
      queued = true;
      // A live edit supersedes a run that is still going: restart the engine rather than wait.
      if (performance.now() - running.startedAt > STALE_RESTART_MS) engine.restart();
      return;
    }
    startRun();
  }

  async function startRun() {
    const run = { startedAt: performance.now(), inputAt: lastInputAt };
    running = run;
    $("stop").disabled = false;
    setStatus("assembling…", "busy");
    clearTimeout(busyTimer);
    busyTimer = setTimeout(() => {
      if (running === run) setStatus($("status").textContent.replace(/ \(.*$/, "") + " (Stop ends it)", "busy");
    }, 1500);
    try {
      const req = request();
      const spec = speculative;
      speculative = null;
      let res = null;
      if (spec && requestKey(spec.req, state.meta) === requestKey(req, state.meta)) res = await spec.answer.catch(() => null);
      if (!res) {
        res = await engine.call("bench", req, (phase) => {
          if (running === run) setStatus(phase + "…", "busy");
        });
      }
      showResult(res);
      timings.resultInputAt = run.inputAt;
      const now = performance.now();
      if (run.inputAt && run.inputAt === lastInputAt) {
        timings.lastEditToRank = now - run.inputAt;
        timings.editToRank.push(timings.lastEditToRank);
      }
      timings.lastRunMs = now - run.startedAt;
      if (timings.firstResult === undefined) {
        timings.firstResult = now;
        firstResultDone();
      }
      if (timings.firstRank === undefined && $("rank").textContent !== "") timings.firstRank = now;
      setStatus(res.error ? "error" : "ready", res.error ? "error" : "");
    } catch (e) {
      if (e instanceof StoppedError) {
        if (!queued) setStatus("stopped", "error");
      } else {
        setStatus("engine error", "error");
        showMessage(e.message);
      }
    } finally {
      clearTimeout(busyTimer);
      running = null;
      $("stop").disabled = true;
      if (queued) {
        queued = false;
        startRun();
      }
    }
  }

  function stop() {
    if (!running) return;
    queued = false;
    scheduleRun.cancel();
    engine.restart();
    showMessage("Stopped: the engine was terminated and a fresh one started. The page keeps your source.");
    setRank("");
    setVerdict("STOPPED", "fail");
  }

  // ---- results ---------------------------------------------------------------------------------------

  function setRank(text) {
    $("rank").textContent = text;
  }
  function setVerdict(text, kind) {
    const v = $("verdict");
    v.textContent = text;
    v.className = "verdict" + (kind ? " " + kind : "");
  }
  function showMessage(text, note) {
    const m = $("message");
    m.textContent = text || "";
    m.hidden = !text;
    m.className = "message" + (note ? " note" : "");
  }
  const fmt = (x, d) => (Number.isFinite(x) ? x.toFixed(d) : "–");

  function clearReport() {
    for (const id of ["m-cycles", "m-cpb", "m-flash", "m-ram"]) $(id).textContent = "–";
    $("badges").textContent = "";
    $("vectors-out").textContent = "";
    $("failure").hidden = true;
    $("run-out").hidden = true;
    $("task-name").textContent = "";
  }

  function showResult(res) {
    state.lastResult = res;
    state.diagnostics = res.errors || [];
    renderMarks();
    renderProblems();
    renderFiles();
    clearReport();
    showMessage("");
    if (res.flash) $("m-flash").textContent = String(res.flash);
    const errs = state.diagnostics.filter((d) => d.severity === "error");
    if (res.error) {
      setRank("");
      setVerdict("FAIL — " + res.error, "fail");
      showMessage(res.error);
      renderPublished(null);
      return;
    }
    if (errs.length) {
      setRank("");
      setVerdict(`FAIL — does not assemble (${errs.length} error${errs.length > 1 ? "s" : ""})`, "fail");
      renderPublished(null);
      return;
    }
    if (res.mode === "run") return showRun(res);
    showReport(res.report);
  }

  function showReport(r) {
    $("task-name").textContent = `${r.task_name} · ${r.device} · ${dropped ? dropped.name : state.lastMain}`;
    const total = r.vectors;
    if (r.pass) {
      setRank(fmt(r.rank, 2));
      setVerdict(`PASS — ${total} of ${total} vectors`, "pass");
    } else {
      setRank("");
      let why = r.error ? "the call did not complete" : r.failures ? `${r.failures} of ${total} vectors wrong` : "ABI broken";
      setVerdict("FAIL — " + why, "fail");
    }
    if (r.error) {
      const hint = /cycle limit/.test(r.error) ? "\nIn the playground, add ?cycles=N to the address to raise the limit." : "";
      showMessage(r.error + hint);
    } else {
      $("m-cycles").textContent =
        r.cycles_min === r.cycles_max ? String(r.cycles_min) : `${fmt(r.cycles_mean, 1)} (${r.cycles_min}–${r.cycles_max})`;
      $("m-cpb").textContent = fmt(r.cpb, 1);
    }
    $("m-flash").textContent = String(r.flash);
    $("m-flash").title = `measured; the source emits ${r.flash_declared} B` + (r.measurement || []).map((m) => "\n" + m).join("");
    $("m-ram").textContent = String(r.ram);
    const bufs = (r.buffers || []).map((b) => `${b.register} ${b.role} ${b.size} B${b.counted ? ` (${b.touched} touched, counted)` : ""}`);
    $("m-ram").title = `stack ${r.stack} + .data/.bss ${r.reserved_ram} + other SRAM touched ${r.ram_other}\ncall ${r.call}: ${bufs.join("; ")}`;

    const b = $("badges");
    const badge = (ok, label, detail) =>
      b.appendChild(el("span", { class: "badge " + (ok ? "ok" : "no"), text: (ok ? "✓ " : "✗ ") + label, title: detail || "" }));
    if (!r.error) {
      badge(r.constant_time, "constant time", r.constant_time_detail || "cycle counts and executed addresses agree for random inputs");
      badge(r.abi_ok, "avr-gcc ABI", r.abi_detail || "callee-saved registers, r1 and SP restored");
    }
    if (r.rk_in) b.appendChild(el("span", { class: "badge ok", text: "round keys: " + r.rk_in }));

    const v = $("vectors-out");
    const pf = (ok) => el("span", { class: "pf " + (ok ? "ok" : "no"), text: ok ? "pass" : "fail" });
    if (r.official) {
      v.appendChild(el("div", { class: "row" }, "Official vector: ", pf(r.official.ok), ` (${r.official.cycles} cycles)`));
    }
    const random = Math.max(0, total - 1);
    if (random > 0) {
      const randomFail = r.failures - (r.official && !r.official.ok ? 1 : 0);
      v.appendChild(
        el("div", { class: "row" }, `Random vectors: ${random - randomFail} of ${random} `, pf(randomFail === 0)),
      );
    }
    for (const m of [...(r.notes || []), ...(r.measurement || [])]) v.appendChild(el("div", { class: "row muted", text: m }));
    if (r.first_failure) {
      const f = r.first_failure;
      const rows = $("failure-rows");
      rows.textContent = "";
      const lines = (f.inputs || []).map((b) => [b.role, b.hex]);
      lines.push(["expected " + f.output, f.expected], ["got", f.got, "diff"]);
      if (f.problem) lines.push(["problem", f.problem]);
      for (const [k, val, cls] of lines) {
        rows.appendChild(el("tr", null, el("th", { text: k }), el("td", { text: val, class: cls || "" })));
      }
      $("failure").hidden = false;
    }
    renderPublished(r);
  }

  function showRun(res) {
    const r = res.run;
    setRank("");
    const ok = r.stop === "sleep" || r.stop === "break";
    setVerdict(`${ok ? "RAN" : "FAIL"} — stopped by ${r.stop} after ${r.cycles} cycles`, ok ? "pass" : "fail");
    if (res.note) showMessage(res.note, true);
    if (r.fault) showMessage(r.fault);
    $("m-cycles").textContent = String(r.cycles);
    const out = $("run-out");
    out.textContent = "";
    const hex = (n, w) => n.toString(16).toUpperCase().padStart(w, "0");
    const regs = [];
    for (let i = 0; i < 32; i++) regs.push(`r${i}`.padStart(3) + "=" + hex(r.r[i], 2) + (i % 8 === 7 ? "\n" : "  "));
    out.appendChild(el("h2", { text: "Program state" }));
    out.appendChild(el("pre", { text: `PC=0x${hex(r.pc * 2, 4)}  SP=0x${hex(r.sp, 4)}  SREG=0x${hex(r.sreg, 2)}\n` + regs.join("") }));
    if (r.output) {
      out.appendChild(el("h2", { text: "Output (UART)" }));
      out.appendChild(el("pre", { text: r.output }));
    }
    out.hidden = false;
    renderPublished(null);
  }

  function renderPublished(r) {
    const body = $("published-rows");
    body.textContent = "";
    if (!state.meta) return;
    const task = r && state.meta.tasks.find((t) => t.id === r.task);
    const cipher = task ? task.cipher : "";
    const rows = state.meta.published.map((p) => ({ ...p }));
    if (r && r.pass && r.scenario === "fixed-key") {
      rows.push({ cipher, impl: "your code (" + (dropped ? dropped.name : state.lastMain) + ")", flash: r.flash, ram: r.ram, cpb: r.cpb, rank: r.rank, mine: true });
    }
    rows.sort((a, b) => b.rank - a.rank || (a.mine ? -1 : b.mine ? 1 : 0));
    rows.forEach((p, i) => {
      const src = p.source && state.meta.sources[p.source];
      body.appendChild(
        el(
          "tr",
          { class: (p.mine ? "mine" : "") + (cipher && p.cipher === cipher ? " same" : ""), title: src || "" },
          el("td", { class: "num", text: String(i + 1) }),
          el("td", { text: p.cipher }),
          el("td", { text: p.impl }),
          el("td", { class: "num", text: String(p.flash) }),
          el("td", { class: "num", text: String(p.ram) }),
          el("td", { class: "num", text: fmt(p.cpb, p.mine ? 1 : 0) }),
          el("td", { class: "num", text: fmt(p.rank, p.mine ? 2 : 1) }),
        ),
      );
    });
  }

  function renderProblems() {
    const list = $("problems");
    list.textContent = "";
    const ds = state.diagnostics;
    $("problem-count").textContent = ds.length ? String(ds.length) : "none";
    for (const d of ds) {
      const btn = el(
        "button",
        {
          onclick: () => {
            if (d.file !== state.current && files().has(d.file)) openFile(d.file);
            if (d.file === state.current) jumpTo(d.line, d.col);
          },
        },
        el("span", { class: "sev-" + d.severity, text: d.severity }),
        d.line > 0 ? ` ${d.file}:${d.line}:${d.col}: ${d.msg}` : ` ${d.file}: ${d.msg}`,
      );
      list.appendChild(el("li", null, btn));
    }
  }

  // ---- links -----------------------------------------------------------------------------------------

  function toB64url(bytes) {
    let s = "";
    for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
    return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }
  function fromB64url(s) {
    const b = atob(s.replace(/-/g, "+").replace(/_/g, "/"));
    const out = new Uint8Array(b.length);
    for (let i = 0; i < b.length; i++) out[i] = b.charCodeAt(i);
    return out;
  }
  async function pipe(bytes, stream) {
    const r = new Response(new Blob([bytes]).stream().pipeThrough(stream));
    return new Uint8Array(await r.arrayBuffer());
  }
  async function pack(text) {
    return toB64url(await pipe(new TextEncoder().encode(text), new CompressionStream("deflate-raw")));
  }
  async function unpack(s) {
    const bytes = await pipe(fromB64url(s), new DecompressionStream("deflate-raw"));
    if (bytes.length > 1 << 20) throw new Error("the linked source is larger than 1 MiB");
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  }

  async function share() {
    const main = mainFile();
    const text = files().get(main);
    const p = new URLSearchParams();
    let short = "";
    for (const [id, src] of state.exampleSources) {
      const ex = state.meta.examples.find((x) => x.id === id);
      if (ex && src === text && includes(main).size === 1 && $("task").value === "" && $("device").value === state.meta.default_device) {
        short = id;
      }
    }
    if (short) p.set("example", short);
    else {
      if ($("task").value) p.set("task", $("task").value);
      p.set("device", $("device").value);
      p.set("file", main);
      p.set("code", await pack(text));
      for (const [name, t] of includes(main)) {
        if (name === main) continue;
        p.append("incfile", name);
        p.append("inccode", await pack(t));
      }
    }
    const url = location.href.split("#")[0] + "#" + p.toString();
    $("share-box").hidden = false;
    const input = $("share-url");
    input.value = url;
    input.focus();
    input.select();
    $("share-note").textContent = short
      ? "Short link to the example."
      : `${url.length} characters; holds ${p.getAll("incfile").length + 1} file(s), the task and the device.`;
  }

  // readLink turns the fragment into {files, main, task, device}, or null when it holds no link.
  async function readLink() {
    const p = new URLSearchParams(location.hash.slice(1));
    if (p.has("example")) {
      const ex = await fetchExample(p.get("example"));
      return { files: new Map([[ex.file, ex.source]]), main: ex.file, task: "", device: p.get("device") || "" };
    }
    if (!p.has("code")) return null;
    const main = p.get("file") || "main.S";
    const out = new Map();
    const add = (name, text) => {
      const bad = validName(name);
      if (bad) throw new Error(`the link names a file badly: ${bad}`);
      out.set(name, text);
    };
    add(main, await unpack(p.get("code")));
    const names = p.getAll("incfile");
    const codes = p.getAll("inccode");
    for (let i = 0; i < names.length && i < codes.length; i++) add(names[i], await unpack(codes[i]));
    return { files: out, main, task: p.get("task") || "", device: p.get("device") || "" };
  }

  function selectValue(sel, value, what) {
    if (value === "" || [...sel.options].some((o) => o.value === value)) {
      sel.value = value;
      return;
    }
    notice(`The link asks for ${what} "${value}", which this version does not know.`);
  }

  async function openLink() {
    let link;
    try {
      link = await readLink();
    } catch (e) {
      notice("This link could not be opened: " + e.message);
      history.replaceState(null, "", location.pathname + location.search);
      return false;
    }
    if (!link) return false;
    if (!inLink()) await saveAll();
    state.linkFiles = link.files;
    state.lastMain = link.main;
    selectValue($("task"), link.task, "task");
    if (link.device) selectValue($("device"), link.device, "device");
    else $("device").value = state.meta.default_device;
    $("link-banner").hidden = false;
    openFile(link.main);
    renderSaveState();
    return true;
  }

  // keepLink copies the link's files into the workspace, asking before replacing a different file.
  async function keepLink() {
    if (!inLink()) return;
    const link = state.linkFiles;
    let main = state.current;
    for (const [name, text] of link) {
      let target = name;
      const have = state.wsFiles.get(name);
      if (have !== undefined && have !== text) {
        const replace = confirm(
          `Your workspace already has a different "${name}".\n\nOK: replace it with the linked one.\nCancel: keep yours and save the linked one under a new name.`,
        );
        if (!replace) target = freeName(name, new Set([...state.wsFiles.keys(), ...link.keys()]));
      }
      try {
        await ws.call("write", { name: target, text });
      } catch (e) {
        return notice(e.message);
      }
      state.wsFiles.set(target, text);
      if (name === state.current) main = target;
    }
    // Keeping the link keeps its task and device too.
    settings.set("task", $("task").value);
    settings.set("device", $("device").value);
    leaveLink(main);
  }

  function leaveLink(main) {
    state.linkFiles = null;
    $("link-banner").hidden = true;
    history.replaceState(null, "", location.pathname + location.search);
    restoreSettings();
    openFile(main && state.wsFiles.has(main) ? main : pickCurrent());
    renderSaveState();
    scheduleRun();
  }

  window.addEventListener("hashchange", async () => {
    if (state.wsOpened && (await openLink())) runNow();
  });

  // ---- examples and settings -----------------------------------------------------------------------

  // fetchExample returns {id, file, source} of an example; the sources are static files beside the page.
  async function fetchExample(id) {
    const ex = state.meta.examples.find((e) => e.id === id);
    if (!ex) throw new Error(`no example "${id}"`);
    const r = await fetch("examples/" + encodeURIComponent(ex.file));
    if (!r.ok) throw new Error(`example ${id}: ${r.status} ${r.statusText}`);
    const source = await r.text();
    state.exampleSources.set(ex.id, source);
    return { id: ex.id, file: ex.file, source };
  }

  async function openExample(id) {
    let ex;
    try {
      ex = await fetchExample(id);
    } catch (e) {
      return notice(e.message);
    }
    if (inLink()) {
      if (!confirm("Leave the linked source? It is not in your workspace (use Keep to save it).")) return;
      leaveLink();
    }
    const have = state.wsFiles.get(ex.file);
    if (have === undefined || (have !== ex.source && confirm(`Replace your edited "${ex.file}" with the original example?`))) {
      state.wsFiles.set(ex.file, ex.source);
      markDirty(ex.file);
      await saveAll();
    }
    $("task").value = "";
    settings.set("task", "");
    openFile(ex.file);
    runNow();
  }

  function pickCurrent() {
    const saved = settings.get("current", "");
    if (state.wsFiles.has(saved)) return saved;
    const names = [...state.wsFiles.keys()].sort();
    return names.find((n) => /\.(S|s|asm)$/.test(n)) || names[0];
  }

  function restoreSettings() {
    const t = settings.get("task", "");
    $("task").value = [...$("task").options].some((o) => o.value === t) ? t : "";
    const d = settings.get("device", state.meta.default_device);
    $("device").value = state.meta.devices.includes(d) ? d : state.meta.default_device;
    $("live").checked = settings.get("live", "1") === "1";
    $("vectors").value = settings.get("vectors", String(state.meta.vectors));
  }

  function fillPickers(meta) {
    const ex = $("example");
    ex.textContent = "";
    ex.appendChild(el("option", { value: "", text: "open an example…" }));
    for (const e of meta.examples) ex.appendChild(el("option", { value: e.id, text: `${e.title} (${e.id})` }));
    const task = $("task");
    task.textContent = "";
    task.appendChild(el("option", { value: "", text: "from the source" }));
    for (const t of meta.tasks) task.appendChild(el("option", { value: t.id, text: t.name }));
    task.appendChild(el("option", { value: "run", text: "none: run from reset" }));
    const dev = $("device");
    dev.textContent = "";
    for (const d of meta.devices) dev.appendChild(el("option", { value: d, text: d }));
  }

  function wireControls() {
    $("run").addEventListener("click", runNow);
    $("stop").addEventListener("click", stop);
    $("share").addEventListener("click", () => share().catch((e) => notice(e.message)));
    $("copy-share").addEventListener("click", async () => {
      try {
        await navigator.clipboard.writeText($("share-url").value);
        $("share-note").textContent = "Copied.";
      } catch {
        $("share-url").select();
        $("share-note").textContent = "Press Ctrl+C to copy.";
      }
    });
    $("keep-link").addEventListener("click", keepLink);
    $("leave-link").addEventListener("click", () => leaveLink());
    $("example").addEventListener("change", (e) => {
      const id = e.target.value;
      e.target.value = "";
      if (id) openExample(id);
    });
    const ed = $("editor");
    ed.addEventListener("dragover", (e) => {
      if ([...e.dataTransfer.items].some((i) => i.kind === "file")) e.preventDefault();
    });
    ed.addEventListener("drop", (e) => {
      const f = e.dataTransfer.files[0];
      if (!f || !/\.(elf|hex|ihx)$/i.test(f.name)) return;
      e.preventDefault();
      dropBinary(f).catch((err) => notice(err.message));
    });
    $("call").addEventListener("change", runNow);
    for (const id of ["task", "device", "vectors"]) {
      $(id).addEventListener("change", () => {
        if (!inLink()) settings.set(id, $(id).value);
        runNow();
      });
    }
    $("live").addEventListener("change", () => {
      settings.set("live", $("live").checked ? "1" : "0");
      if ($("live").checked) runNow();
    });
    $("new-file").addEventListener("click", newFile);
    $("rename-file").addEventListener("click", renameFile);
    $("delete-file").addEventListener("click", deleteFile);
    $("download-src").addEventListener("click", () => download(state.current, ta.value, "text/plain"));
    $("download-hex").addEventListener("click", downloadHex);
  }

  // ---- start -------------------------------------------------------------------------------------------

  // mergeWorkspace puts the saved files under what the page showed before the workspace opened (the
  // default example on a first visit). Saved work wins over an unedited example; an edited example
  // that meets a saved file of the same name is kept beside it under a new name.
  function mergeWorkspace(saved) {
    const shown = state.wsFiles;
    state.wsFiles = new Map(saved.map((f) => [f.name, f.text]));
    for (const [name, text] of shown) {
      const have = state.wsFiles.get(name);
      if (have === text) continue;
      if (have === undefined) {
        state.wsFiles.set(name, text);
        dirty.add(name);
      } else if (![...state.exampleSources.values()].includes(text)) {
        const alt = freeName(name, state.wsFiles);
        state.wsFiles.set(alt, text);
        dirty.add(alt);
        if (state.current === name) state.current = alt;
      }
    }
  }

  async function main() {
    wireControls();
    setEditorText("");
    // The workspace opens (IndexedDB) while the engine starts and answers meta.
    const openP = ws.call("open");
    openP.catch(() => {});
    const metaP = engine.call("meta");
    // A first visit shows the default example before the workspace has opened (see speculate).
    const seedP = firstVisit ? speculate() : Promise.resolve(null);
    seedP.catch(() => {});
    let meta;
    try {
      meta = await metaP;
      try {
        meta.examples = await examplesP;
      } catch (e) {
        meta.examples = [];
        notice("The examples could not be loaded: " + e.message);
      }
    } catch (e) {
      setStatus("failed to start", "error");
      showMessage("The playground did not start: " + e.message);
      return;
    }
    state.meta = meta;
    timings.metaReady = performance.now();
    fillPickers(meta);
    restoreSettings();
    renderPublished(null);
    let seed = await seedP.catch(() => null);
    if (seed && !meta.examples.some((e) => e.id === seed.id && e.file === seed.file)) seed = null;
    if (seed) {
      state.exampleSources.set(seed.id, seed.source);
      state.wsFiles.set(seed.file, seed.source);
      state.current = seed.file;
      runNow(); // before the editor's first layout, which can take a while
      openFile(seed.file);
    }
    let opened;
    try {
      opened = await openP;
    } catch (e) {
      opened = { files: [], persistent: false };
      notice("The workspace could not be opened: " + e.message);
    }
    state.persistent = opened.persistent;
    mergeWorkspace(opened.files);
    state.wsOpened = true;
    timings.workspaceOpen = performance.now();
    if (!(await openLink())) {
      if (state.wsFiles.size === 0) {
        const id = meta.examples.some((e) => e.id === DEFAULT_EXAMPLE) ? DEFAULT_EXAMPLE : meta.examples.length ? meta.examples[0].id : "";
        if (id) {
          const ex = await fetchExample(id);
          state.wsFiles.set(ex.file, ex.source);
        } else {
          state.wsFiles.set("main.S", "; avrlab task: cham64-128\n");
        }
        for (const n of state.wsFiles.keys()) dirty.add(n);
      }
      const before = seed && ta.value;
      const cur = seed && state.wsFiles.has(state.current) ? state.current : pickCurrent();
      if (!seed || cur !== seed.file || state.wsFiles.get(cur) !== before) {
        openFile(cur);
        runNow();
      } else {
        renderFiles();
        settings.set("current", cur);
      }
    } else {
      runNow();
    }
    saveAll();
  }

  main();
})();
