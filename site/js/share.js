// Share links: the source, the files it includes, the task, device and fields go into the link's #
// fragment (deflate-raw, base64url), so nothing is uploaded. A link names a device only when the user
// picked one; without it the page measures on the task's device. An opened link is not saved until Keep,
// which asks before replacing a different file of the same name.
import { $, notice, pack, unpack } from "./util.js";
import { store, includes, mainFile, FILE_SETTINGS } from "./store.js";
import { ws, runNow, scheduleRun } from "./engine.js";
import { openFile, saveAll, validName, freeName, renderSaveState, pickCurrent, markDirty } from "./workspace.js";
import { scrollToLine } from "./editor.js";

// Link fields besides the files: name in the fragment → setting.
const linkSettings = [
  ["task", "task"],
  ["call", "call"],
  ["defines", "defines"],
  ["rk", "rk"],
  ["cycles", "maxCycles"],
];

export async function share() {
  const main = mainFile();
  const text = store.files().get(main);
  const s = store.settings;
  const p = new URLSearchParams();
  let short = "";
  for (const [id, src] of store.exampleSources) {
    const ex = store.meta.examples.find((x) => x.id === id);
    if (ex && src === text && includes(main).size === 1 && s.task === "" && s.device === "" &&
      !s.call && !s.defines && !s.rk) {
      short = id;
    }
  }
  if (short) p.set("example", short);
  else {
    if (s.task) p.set("task", s.task);
    if (s.device) p.set("device", s.device); // none: the task's device
    for (const [k, key] of linkSettings.slice(1)) if (s[key]) p.set(k, String(s[key]));
    p.set("file", main);
    p.set("code", await pack(text));
    for (const [name, t] of includes(main)) {
      if (name === main) continue;
      p.append("incfile", name);
      p.append("inccode", await pack(t));
    }
  }
  showShare(location.href.split("#")[0] + "#" + p.toString(),
    short ? "Short link to the example." : `holds ${p.getAll("incfile").length + 1} file(s), the task, the device and the fields.`);
}

// showShare opens the share box with a link.
export function showShare(url, note) {
  $("share-box").hidden = false;
  const input = $("share-url");
  input.value = url;
  input.focus();
  input.select();
  $("share-note").textContent = `${url.length} characters; ${note}`;
}

// readLink turns the fragment into {files, main, settings}, or null when it holds no link.
async function readLink() {
  const p = new URLSearchParams(location.hash.slice(1));
  const settings = {};
  if (p.has("example")) {
    const ex = await fetchExample(p.get("example"));
    return { files: await withIncludes(ex), main: ex.file, example: true, settings: { task: "", call: "", defines: "", rk: "", maxCycles: store.settings.maxCycles }, device: p.get("device") || "" };
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
  for (let i = 0; i < names.length && i < codes.length && i < 64; i++) add(names[i], await unpack(codes[i]));
  for (const [k, key] of linkSettings) settings[key] = p.get(k) || "";
  settings.maxCycles = Math.max(0, parseInt(settings.maxCycles, 10) || 0) || store.settings.maxCycles;
  return { files: out, main, settings, device: p.get("device") || "" };
}

function applyLinkSettings(link) {
  const m = store.meta;
  const s = link.settings;
  if (s.task && s.task !== "run" && !m.tasks.some((t) => t.id === s.task)) {
    notice(`The link asks for task "${s.task}", which this version does not know.`);
    s.task = "";
  }
  for (const [k, v] of Object.entries(s)) store.set(k, v, { persist: false, quiet: true });
  // A link without a device measures on the task's (the engine picks it: attiny45 for aes128, ...).
  let d = link.device || "";
  if (d && !m.devices.includes(d)) {
    notice(`The link asks for device "${d}", which this version does not know; the task's device is used.`);
    d = "";
  }
  store.set("device", d, { persist: false, quiet: true });
  store.emit("settings", "*");
}

// openLink opens the link in the fragment, if any, and reports whether it did.
export async function openLink() {
  let link;
  try {
    link = await readLink();
  } catch (e) {
    notice("This link could not be opened: " + e.message);
    history.replaceState(null, "", location.pathname + location.search);
    return false;
  }
  if (!link) return false;
  if (!store.inLink()) await saveAll();
  store.linkFiles = link.files;
  store.lastMain = link.main;
  applyLinkSettings(link);
  $("link-banner").hidden = false;
  $("link-text").textContent = "This source came from a link and is not saved in your workspace.";
  store.emit("mode");
  openFile(link.main, { run: false });
  if (link.example) scrollToLine(codeLine(link.files.get(link.main) || ""), true); // an example at its code
  renderSaveState();
  return true;
}

// keepLink copies the link's files into the workspace, asking before replacing a different file.
async function keepLink() {
  if (!store.inLink()) return;
  const link = store.linkFiles;
  let main = store.current;
  for (const [name, text] of link) {
    let target = name;
    const have = store.wsFiles.get(name);
    if (have !== undefined && have !== text) {
      const replace = confirm(
        `Your workspace already has a different "${name}".\n\nOK: replace it with the linked one.\nCancel: keep yours and save the linked one under a new name.`,
      );
      if (!replace) target = freeName(name, new Set([...store.wsFiles.keys(), ...link.keys()]));
    }
    try {
      await ws.call("write", { name: target, text });
    } catch (e) {
      return notice(e.message);
    }
    store.wsFiles.set(target, text);
    if (name === store.current) main = target;
  }
  // The kept main file keeps the link's Call, RK symbol and Defines as its own.
  const rec = {};
  for (const k of FILE_SETTINGS) if (store.settings[k]) rec[k] = store.settings[k];
  if (Object.keys(rec).length) store.fileSettings[main] = rec;
  else delete store.fileSettings[main];
  store.saveFileSettings();
  // Keeping the link keeps its task and device too.
  store.remember("task", store.settings.task);
  store.remember("device", store.settings.device);
  leaveLink(main);
}

export function leaveLink(main) {
  store.linkFiles = null;
  $("link-banner").hidden = true;
  history.replaceState(null, "", location.pathname + location.search);
  const keep = { call: store.settings.call, defines: store.settings.defines, rk: store.settings.rk };
  store.restoreSettings();
  if (main) for (const [k, v] of Object.entries(keep)) store.set(k, v, { quiet: true });
  store.emit("mode");
  openFile(main && store.wsFiles.has(main) ? main : pickCurrent(), { run: false });
  renderSaveState();
  scheduleRun();
}

// ---- examples ------------------------------------------------------------------------------------------

// fetchExample returns {id, file, source} of an example; the sources are static files beside the page.
export async function fetchExample(id) {
  const ex = store.meta.examples.find((e) => e.id === id);
  if (!ex) {
    const hint = store.meta.exercises && store.meta.exercises.some((e) => e.id === id) ? ` (an exercise: open #exercise=${id})` : "";
    throw new Error(`no example "${id}"${hint}`);
  }
  const r = await fetch("examples/" + encodeURIComponent(ex.file));
  if (!r.ok) throw new Error(`example ${id}: ${r.status} ${r.statusText}`);
  const source = await r.text();
  store.exampleSources.set(ex.id, source);
  return { id: ex.id, file: ex.file, source };
}

// withIncludes returns the example's file and the examples it includes (sneikha256.S includes
// sneik-f512.S), name → source: what a short link or opening the example puts in front of the engine.
// The index lists them (examples/index.json: the includes the assembler follows, see serve.go).
async function withIncludes(ex) {
  const files = new Map([[ex.file, ex.source]]);
  const info = store.meta.examples.find((e) => e.id === ex.id);
  for (const name of (info && info.includes) || []) {
    const dep = store.meta.examples.find((e) => e.file === name);
    if (dep && !files.has(dep.file)) {
      const d = await fetchExample(dep.id);
      files.set(d.file, d.source);
    }
  }
  return files;
}

export async function openExample(id) {
  let ex;
  try {
    ex = await fetchExample(id);
  } catch (e) {
    return notice(e.message);
  }
  if (store.inLink()) {
    if (!confirm("Leave the linked source? It is not in your workspace (use Keep to save it).")) return;
    leaveLink();
  }
  store.emit("leave-exercise");
  await reuseExampleTab(ex.file);
  const have = store.wsFiles.get(ex.file);
  if (have === undefined || (have !== ex.source && confirm(`Replace your edited "${ex.file}" with the original example?`))) {
    store.moveFileSettings(ex.file, "");
    store.wsFiles.set(ex.file, ex.source);
    markDirty(ex.file);
  }
  // The examples it includes come along, leaving a file of that name the workspace already has alone.
  try {
    for (const [name, text] of await withIncludes(ex)) {
      if (store.wsFiles.has(name)) continue;
      store.wsFiles.set(name, text);
      markDirty(name);
    }
  } catch (e) {
    notice(e.message);
  }
  await saveAll();
  store.set("task", "");
  openFile(ex.file, { run: false });
  scrollToLine(codeLine(store.files().get(ex.file) || ""), true);
  runNow();
}

// codeLine is the first line of a source that is code: not blank, not a comment (an example's header
// explains it in some 80 lines; the editor opens where the code starts).
export function codeLine(text) {
  const lines = text.split("\n");
  let block = false;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i].trim();
    if (block) {
      if (l.includes("*/")) block = false;
      continue;
    }
    if (l.startsWith("/*")) {
      block = !l.includes("*/");
      continue;
    }
    if (l === "" || l.startsWith(";") || l.startsWith("//") || /^#\s*(avrlab|title|compare)\b/.test(l)) continue;
    return i + 1;
  }
  return 1;
}

// reuseExampleTab closes the shown file when it is an example left as it came (its source is the
// example's), so that a tour of the examples keeps one tab instead of adding one per example.
async function reuseExampleTab(next) {
  const cur = store.current;
  if (store.inLink() || cur === next) return;
  const shown = store.meta.examples.find((e) => e.file === cur);
  if (!shown || !store.wsFiles.has(cur)) return;
  let src;
  try {
    src = store.exampleSources.get(shown.id) ?? (await fetchExample(shown.id)).source;
  } catch {
    return;
  }
  if (store.wsFiles.get(cur) !== src) return;
  try {
    await ws.call("remove", { name: cur });
  } catch {
    /* not saved yet (a first visit's example): nothing to remove */
  }
  store.wsFiles.delete(cur);
  store.moveFileSettings(cur, "");
}

export function wireShare() {
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
  $("close-share").addEventListener("click", () => ($("share-box").hidden = true));
  $("share-box").addEventListener("keydown", (e) => {
    if (e.key === "Escape") $("share-box").hidden = true;
  });
  $("keep-link").addEventListener("click", keepLink);
  $("leave-link").addEventListener("click", () => leaveLink());
  $("close-notice").addEventListener("click", () => ($("notice").hidden = true));
}

export { keepLink };
