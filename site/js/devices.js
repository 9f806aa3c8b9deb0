// Device comparison: the current code measured on every device avrlab models, side by side (cycles,
// cycles per byte, flash, RAM, RANK), with the reason where a device cannot run it. A row picks its
// device.
import { $, el, fmt, notice } from "./util.js";
import { store, timings } from "./store.js";
import { engine, request, runNow, StoppedError } from "./engine.js";

async function compare() {
  const req = request();
  if (req.binary) return notice("The comparison assembles the source for each device; a dropped binary is linked for one.");
  $("dev-table").textContent = "measuring…";
  let rows;
  try {
    rows = await engine.call("devices", req, (phase) => ($("dev-table").textContent = phase + "…"));
  } catch (e) {
    $("dev-table").textContent = e instanceof StoppedError ? "stopped" : e.message;
    return;
  }
  const head = ["device", "core", "result", "cycles", "cpb", "flash", "RAM", "RANK"];
  const t = el("table", { class: "published devices", id: "dev-rows" },
    el("thead", null, el("tr", null, ...head.map((h) => el("th", { text: h, class: ["cycles", "cpb", "flash", "RAM", "RANK"].includes(h) ? "num" : "" })))));
  const body = el("tbody");
  const current = store.settings.device || (store.result && store.result.device) || "";
  for (const r of rows) {
    const bench = r.mode === "bench";
    const tr = el("tr", {
      class: (r.device === current ? "mine" : "") + (r.pass ? "" : " failing"),
      "data-device": r.device, "data-pass": String(r.pass), "data-reason": r.reason || "", title: "Pick " + r.device,
      onclick: () => {
        store.set("device", r.device);
        runNow();
      },
    },
    el("td", { text: r.device }), el("td", { text: r.core }),
    el("td", { class: "pf " + (r.pass ? "ok" : "no"), text: r.pass ? (bench ? "pass" : "ran") : "cannot" }),
    el("td", { class: "num", text: r.cycles ? String(r.cycles) : "–" }),
    el("td", { class: "num", text: bench && r.pass && r.cpb > 0 ? fmt(r.cpb, 1) : "–" }),
    el("td", { class: "num", text: r.flash ? String(r.flash) : "–" }),
    el("td", { class: "num", text: bench && r.pass ? String(r.ram) : "–" }),
    el("td", { class: "num rank-cell", text: bench && r.pass && r.rank > 0 ? fmt(r.rank, 2) : "–" }));
    body.appendChild(tr);
    if (r.reason) body.appendChild(el("tr", { class: "reason-row" }, el("td", { colspan: head.length, class: "reason", text: r.reason })));
  }
  t.appendChild(body);
  $("dev-table").textContent = "";
  $("dev-table").appendChild(t);
  timings.deviceComparisons = (timings.deviceComparisons || 0) + 1;
}

export function wireDevices() {
  $("dev-run").addEventListener("click", compare);
  store.on("pane", (name) => {
    if (name === "devices" && !$("dev-rows")) compare();
  });
}
