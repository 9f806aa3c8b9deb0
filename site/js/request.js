// The engine's bench request as the page builds it: one definition for boot.js (which posts the
// default example's first bench before the page's modules have loaded, through import()) and
// js/engine.js (every other run), so that the page's first request is boot.js's byte for byte and the
// page takes boot.js's answer instead of benching again (js/engine.js, speculate).

// LIVE_BUDGET_CYCLES: what the random vectors of a run that the Run button did not ask for may take
// together; the engine runs fewer (at least 8) when one call times the vectors is more, so that a
// call of over 100,000 cycles (a 1024-bit multiplication, an NTT) keeps live editing quick. Run
// (Ctrl+Enter) measures all of them.
export const LIVE_BUDGET_CYCLES = 10_000_000;

// ?interp in the address runs every call on the engine's interpreter instead of translated code (as
// avrlab -interp does), for comparisons and for tests that need a run to take its time.
export const INTERP = new URLSearchParams(location.search).has("interp");

// vectorCount reads the Vectors setting into the request: empty asks for the task's count (0: the
// engine resolves it, lab.VectorsFor, and says it in the answer's vectors), 0 for the official vector
// only (-1).
function vectorCount(v) {
  const n = parseInt(v, 10);
  if (!Number.isFinite(n)) return 0;
  return n <= 0 ? -1 : Math.min(n, 10000);
}

// freshSeed draws a run's seed from the browser's cryptographic generator, below 2^53 so that JSON
// carries it exactly: the random vectors, constant-time inputs and planted registers come from it.
export function freshSeed() {
  const w = new Uint32Array(2);
  crypto.getRandomValues(w);
  return (w[0] & 0x1fffff) * 2 ** 32 + w[1];
}

// makeRequest is the bench request of main among fileMap (name → source) with the settings s (task,
// device, vectors, maxCycles, call, defines, rk: the page's fields, any of them absent) and seed.
export function makeRequest(fileMap, main, s, seed, budget = LIVE_BUDGET_CYCLES) {
  return {
    files: fileMap, main, task: s.task || "", device: s.device || "", vectors: vectorCount(s.vectors), seed,
    max_cycles: s.maxCycles || 0, call: (s.call || "").trim(), binary: "", defines: s.defines || "", scenario: "",
    rk: (s.rk || "").trim(), goals: "", tests: "", budget, call_cycles: 0, interp: INTERP, link: [],
  };
}

// prebuiltFor is the answer of first.json (pre: {request, answer}, serve.go's firstDoc: the engine's
// answer to boot.js's first request, measured when the site was built, on a seed drawn then) when req
// is that request but for its seed, else null: every field compared, the whole source included, so no
// other code, setting or file name can select it. The seed differs (the page's runs keep their own,
// fresh one): the prebuilt answer's random vectors are the build's, for the default example only.
export function prebuiltFor(pre, req) {
  if (!pre || !pre.request || !pre.answer || !req) return null;
  return JSON.stringify({ ...req, seed: pre.request.seed }) === JSON.stringify(pre.request) ? pre.answer : null;
}
