// Small helpers shared by the page's modules: element building (text only, never parsed), debounce,
// number formatting, the status line and the notice banner.

export const $ = (id) => document.getElementById(id);

// el builds an element; children are nodes or strings (added as text, never parsed).
export function el(tag, props, ...children) {
  const e = document.createElement(tag);
  if (props) {
    for (const [k, v] of Object.entries(props)) {
      if (v === undefined || v === null) continue;
      if (k === "class") e.className = v;
      else if (k === "text") e.textContent = v;
      else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
      else if (k.startsWith("data-") || k.startsWith("aria-") || k === "role") e.setAttribute(k, v);
      else if (k in e) e[k] = v;
      else e.setAttribute(k, v);
    }
  }
  for (const c of children) if (c !== null && c !== undefined && c !== false) e.append(c);
  return e;
}

// svg builds an SVG element with attributes; children as el.
export function svg(tag, attrs, ...children) {
  const e = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [k, v] of Object.entries(attrs || {})) if (v !== undefined && v !== null) e.setAttribute(k, String(v));
  for (const c of children) if (c !== null && c !== undefined && c !== false) e.append(c);
  return e;
}

// morph makes node old the same as node nu, node for node, where the two have the same shape (the
// same tags and numbers of children): attributes set, changed or removed, texts replaced; and
// returns it, or nu where the shapes differ. A part of the page redrawn for a new result (the chart,
// the published table) is then updated where it changed, and the page lays out and paints that,
// not new elements with every text shaped again. Listeners are not compared: for built nodes without.
export function morph(old, nu) {
  if (old.nodeType !== nu.nodeType || old.nodeName !== nu.nodeName || old.childNodes.length !== nu.childNodes.length) return nu;
  if (old.nodeType !== Node.ELEMENT_NODE) {
    if (old.nodeValue !== nu.nodeValue) old.nodeValue = nu.nodeValue;
    return old;
  }
  for (const a of [...old.attributes]) if (!nu.hasAttribute(a.name)) old.removeAttribute(a.name);
  for (const a of nu.attributes) if (old.getAttribute(a.name) !== a.value) old.setAttribute(a.name, a.value);
  morphChildren(old, nu);
  return old;
}

// morphChildren makes the children of live those of built (morph, child by child, when they are as
// many; else built's children move into live).
export function morphChildren(live, built) {
  const kids = [...live.childNodes];
  const nus = [...built.childNodes];
  if (kids.length !== nus.length) {
    live.replaceChildren(...nus);
    return;
  }
  nus.forEach((n, i) => {
    const m = morph(kids[i], n);
    if (m !== kids[i]) live.replaceChild(m, kids[i]);
  });
}

export function debounce(fn, ms) {
  let t = 0;
  const d = (...a) => {
    clearTimeout(t);
    t = setTimeout(() => fn(...a), ms);
  };
  d.cancel = () => clearTimeout(t);
  return d;
}

export const fmt = (x, d) => (Number.isFinite(x) ? x.toFixed(d) : "–");
export const hex = (n, w) => n.toString(16).toUpperCase().padStart(w, "0");

// segments splits text into lines with their newlines (the last line may lack one).
export const segments = (text) => text.match(/[^\n]*\n|[^\n]+$/g) || [];

// afterFrame resolves once the browser has rendered its next frame: a message posted from that frame's
// animation callback, which the page takes after the frame's rendering. A page the browser does not
// draw (a hidden tab) gets no frame: it resolves after FRAME_WAIT_MS there, or at once when hidden.
const FRAME_WAIT_MS = 200;
export function afterFrame() {
  return new Promise((resolve) => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => resolve();
    let posted = false;
    const post = () => {
      if (posted) return;
      posted = true;
      ch.port2.postMessage(0);
    };
    if (document.visibilityState !== "visible") return post();
    requestAnimationFrame(post);
    setTimeout(post, FRAME_WAIT_MS);
  });
}

// afterFramePainted resolves in a task after the one that afterFrame takes: after what else was
// waiting for that frame (a message posted from its animation callbacks, as a test's is), so that work
// put there does not delay what notes the frame done.
export function afterFramePainted() {
  return afterFrame().then(() => new Promise((resolve) => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => resolve();
    ch.port2.postMessage(0);
  }));
}

// afterPaint returns a function that calls fn, with the arguments of its latest call, once the frame
// after its first call since fn last ran has been rendered (afterFramePainted), when later() is true at the
// call (else at once): what a live result changes beyond the score (the chart, the published table)
// goes to the page after the frame that paints the score, once for a run of calls. Its flush() calls
// fn at once when a call waits (for a listener that reads what fn sets).
export function afterPaint(fn, later) {
  let args = null;
  const run = () => {
    if (!args) return;
    const a = args;
    args = null;
    fn(...a);
  };
  const call = (...a) => {
    const first = args === null;
    args = a;
    if (!later()) run();
    else if (first) afterFramePainted().then(run);
  };
  call.flush = run;
  return call;
}

export function setStatus(text, kind) {
  const s = $("status");
  const cls = "status" + (kind ? " " + kind : "");
  // The same status again (a bench's progress, "benchmarking…" at every tenth of its calls) writes
  // nothing: a write would have the page lay out and paint the line again, on a thread that shares
  // the machine with the engine's worker while it benches.
  if (s.textContent !== text) s.textContent = text;
  if (s.className !== cls) s.className = cls;
}

let noticeTimer = 0;
export function notice(text) {
  const n = $("notice-text");
  n.textContent = text;
  $("notice").hidden = false;
  clearTimeout(noticeTimer);
  noticeTimer = setTimeout(() => ($("notice").hidden = true), 10000);
}

export function download(name, text, type) {
  const a = el("a", { download: name, href: URL.createObjectURL(new Blob([text], { type })) });
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10000);
}

// Links carry texts deflate-raw compressed and base64url encoded.
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
// pipe runs bytes through a (de)compression stream and stops reading past limit bytes of output, so a
// small link cannot expand into gigabytes.
async function pipe(bytes, stream, limit = Infinity) {
  const reader = new Blob([bytes]).stream().pipeThrough(stream).getReader();
  const parts = [];
  let n = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    n += value.length;
    if (n > limit) {
      reader.cancel().catch(() => {});
      return null;
    }
    parts.push(value);
  }
  const out = new Uint8Array(n);
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}
export async function pack(text) {
  return toB64url(await pipe(new TextEncoder().encode(text), new CompressionStream("deflate-raw")));
}
export async function unpack(s, limit = 1 << 20) {
  const bytes = await pipe(fromB64url(s), new DecompressionStream("deflate-raw"), limit);
  if (bytes === null) throw new Error(`the linked text is larger than ${limit >> 10} KiB`);
  return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
}
