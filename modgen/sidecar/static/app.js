// The sidecar page: every report the server makes (uploads from anywhere, the watched folder) listed live, newest
// first; the chosen report's findings by turn and phase, filtered, drawn on the map; a step slider replaying the log.
// No frameworks and no network access beyond this server (map view: view.js).
"use strict";

const $ = (sel) => document.querySelector(sel);
const SVG = "http://www.w3.org/2000/svg";

function el(tag, attrs = {}, text = null) {
  const node = tag.startsWith("svg:") ? document.createElementNS(SVG, tag.slice(4)) : document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== null) node.textContent = text;
  return node;
}

function setStatus(text, isError = false) {
  const s = $("#status");
  s.textContent = text;
  s.className = isError ? "error" : "";
}

function sizeOverlay() {
  const img = $("#map");
  const svg = $("#overlay");
  svg.setAttribute("width", img.naturalWidth);
  svg.setAttribute("height", img.naturalHeight);
  svg.setAttribute("viewBox", `0 0 ${img.naturalWidth} ${img.naturalHeight}`);
}

// What the PNG of `modgen check --map-image` draws, from the server's geometry: the path, dashed hexagons round the
// finding's places (never a circle: circles with a star are the map's objectives), attack arrows, a numbered badge.
const MARK_COLOURS = { error: "#d600aa", warning: "#eb8c00", "could-not-check": "#6e6e6e" };

// The units where the log leaves them, placed by the server as the PNG places them: a counter chip per unit on a hex
// map (stacks fanned out), a base turned to its facing on a table (its front edge drawn thick). A unit showing
// another face than its front has a dashed outline and that face's name across its top; its markers are listed
// under it.
function drawUnits(svg, units, table, highlight = new Set()) {
  const layer = el("svg:g", { class: "units" });
  for (const u of units || []) {
    const face = u.face || "front";
    const markers = u.markers || [];
    const g = el("svg:g", { class: `unit${highlight.has(u.id) ? " hl" : ""}${face !== "front" ? " flipped" : ""}`,
      "data-unit": u.id, "data-face": face, "data-markers": markers.join(",") });
    const w = u.w || 20;
    const h = u.h || 20;
    if (table && u.facing) g.setAttribute("transform", `rotate(${u.facing} ${u.x} ${u.y})`);
    const title = [u.name || u.label, face !== "front" ? `face: ${face}` : "",
      markers.length ? `markers: ${markers.join(", ")}` : ""];
    g.appendChild(el("svg:title", {}, title.filter(Boolean).join(" · ")));
    g.appendChild(el("svg:rect", { class: "unit-chip", x: u.x - w / 2, y: u.y - h / 2, width: w, height: h,
      fill: u.fill || "#c8c8c8" }));
    if (table) {  // a base: its front edge
      g.appendChild(el("svg:line", { class: "unit-front", x1: u.x - w / 2, y1: u.y - h / 2, x2: u.x + w / 2,
        y2: u.y - h / 2 }));
    }
    const size = Math.max(6, Math.min(h * 0.42, w * 1.6 / Math.max(1, u.label.length)));
    g.appendChild(el("svg:text", { class: "unit-label", x: u.x, y: u.y, fill: u.ink || "#000", "font-size": size },
      u.label));
    const small = Math.max(5, h * 0.24);
    if (face !== "front") {  // the face up, by name, on a band across the chip's top
      g.appendChild(el("svg:rect", { class: "unit-face-band", x: u.x - w / 2, y: u.y - h / 2, width: w,
        height: small * 1.2 }));
      g.appendChild(el("svg:text", { class: "unit-face", x: u.x, y: u.y - h / 2 + small * 0.6, "font-size": small },
        face));
    }
    if (markers.length) {  // the markers on the unit, a badge under its chip
      g.appendChild(el("svg:text", { class: "unit-markers", x: u.x, y: u.y + h / 2 + small * 0.9,
        "font-size": small }, markers.join(", ")));
    }
    layer.appendChild(g);
  }
  const old = svg.querySelector("g.units");
  if (old) old.replaceWith(layer); else svg.prepend(layer);
}

function drawOverlay(findings, units, table) {
  const svg = $("#overlay");
  svg.replaceChildren();
  drawUnits(svg, units, table);
  const defs = el("svg:defs");
  for (const [sev, colour] of Object.entries(MARK_COLOURS)) {
    const head = el("svg:marker", { id: `arrowhead-${sev}`, viewBox: "0 0 10 10", refX: 9, refY: 5, markerWidth: 4,
      markerHeight: 4, orient: "auto" });
    head.appendChild(el("svg:path", { d: "M0,0 L10,5 L0,10 z", fill: colour }));
    defs.appendChild(head);
  }
  svg.appendChild(defs);
  const used = {};
  findings.forEach((f, i) => {
    const g = el("svg:g", { "data-index": i, class: `finding-mark ${f.severity}` });
    const ov = f.overlay || { hexes: [], path: [], radius: 20 };
    const r = ov.radius || 20;
    if (ov.path.length > 1) {
      g.appendChild(el("svg:polyline", { class: "path", points: ov.path.map((p) => p.join(",")).join(" ") }));
    }
    const rings = ov.rings || [];
    for (const ring of rings) {
      g.appendChild(el("svg:polygon", { class: "ring", points: ring.map((p) => p.join(",")).join(" ") }));
    }
    if (!rings.length) {
      for (const [x, y] of ov.hexes) g.appendChild(el("svg:polygon", { class: "ring", points: hexagon(x, y, r) }));
    }
    for (const [[x1, y1], [x2, y2]] of ov.arrows || []) {
      const len = Math.hypot(x2 - x1, y2 - y1) || 1;
      const stop = r * 0.44;
      g.appendChild(el("svg:line", { class: "arrow", x1, y1, x2: x2 - (x2 - x1) * stop / len,
        y2: y2 - (y2 - y1) * stop / len, "marker-end": `url(#arrowhead-${MARK_COLOURS[f.severity] ? f.severity : "error"})` }));
    }
    const at = ov.badge || ov.hexes[0] || ov.path[ov.path.length - 1];
    if (at && (f.severity === "error" || f.severity === "warning")) {
      const key = at.join(",");
      const k = used[key] || 0;
      used[key] = k + 1;
      let [x, y] = at;
      const br = r * 0.34;
      if (k) {  // a second finding at the same place goes round the first, as in the PNG
        const a = (-45 + 60 * (k - 1)) * Math.PI / 180;
        x += 2.3 * br * Math.cos(a);
        y += 2.3 * br * Math.sin(a);
      }
      g.appendChild(el("svg:circle", { class: "badge", cx: x, cy: y, r: br }));
      g.appendChild(el("svg:text", { class: "badge-number", x, y, "font-size": br * 1.15 }, String(f.number ?? i + 1)));
    }
    svg.appendChild(g);
  });
}

function hexagon(x, y, r) {
  const pts = [];
  for (let k = 0; k < 6; k++) {
    const a = (180 + 60 * k) * Math.PI / 180;
    pts.push(`${x + r * 0.86 * Math.cos(a)},${y + r * 0.86 * Math.sin(a)}`);
  }
  return pts.join(" ");
}

function select(i) {
  document.querySelectorAll(".finding.active, #overlay g.active").forEach((n) => n.classList.remove("active"));
  const item = document.querySelector(`.finding[data-index="${i}"]`);
  const mark = document.querySelector(`#overlay g[data-index="${i}"]`);
  const f = current.report && current.report.findings[i];
  if (item) item.classList.add("active");
  if (f) {
    current.highlight = new Set(f.units || []);
    const place = eventPlace(f.event_index);
    if (place !== null) setStep(place + 1); else showStep();
  }
  if (mark) {
    mark.classList.add("active");
    const ov = f && f.overlay;
    const at = ov && (ov.badge || ov.hexes[0] || ov.path[ov.path.length - 1]);
    if (at) View.centre(at[0], at[1]);
  }
}

// Which rule families the check covered: checked, could not check (missing table or data), not implemented.
function renderCoverage(cov) {
  const box = $("#coverage");
  if (!box) return;
  box.replaceChildren();
  if (!cov) return;
  const name = (id) => (cov.labels && cov.labels[id]) || id;
  const row = (cls, title, text) => {
    const p = el("p", { class: `coverage ${cls}` });
    p.appendChild(el("strong", {}, title + " "));
    p.appendChild(document.createTextNode(text));
    box.appendChild(p);
  };
  row("checked", "Rule families checked:", cov.checked.length ? cov.checked.map(name).join(", ") : "none");
  cov.could_not_check.forEach((c) => row("could-not-check", `Could not check ${name(c.family)}:`, c.reason));
  if (cov.not_implemented.length) {
    row("not-implemented", `Not checked (not implemented by the ${cov.system} plugin):`,
      cov.not_implemented.map(name).join(", "));
  }
  if (!cov.declared) row("not-implemented", "Not checked:", `the ${cov.system} plugin declares no rule families`);
}

function renderReport(report, title) {
  const findings = report.findings || [];
  current.report = report;
  current.highlight = new Set();
  $("#report-title").textContent = title || "";
  const box = $("#findings");
  box.replaceChildren();
  const counts = {};
  findings.forEach((f) => { counts[f.severity] = (counts[f.severity] || 0) + 1; });
  const noun = { error: ["error", "errors"], warning: ["warning", "warnings"],
    "could-not-check": ["check not possible", "checks not possible"] };
  const parts = Object.entries(counts).map(([k, n]) => `${n} ${(noun[k] || [k, k])[n === 1 ? 0 : 1]}`);
  const cov = report.coverage;
  const complete = !cov || (cov.declared && !cov.could_not_check.length && !cov.not_implemented.length);
  const none = complete ? "no rules violations found" : "no problems found in the rule families checked";
  // a check stopped at the findings limit covers only its first events: say so, never "no violations"
  const stopped = report.stopped;
  const checked = stopped ? `${stopped.events_checked} of ${report.events ?? "?"}` : `${report.events ?? "?"}`;
  $("#summary").textContent = `${checked} events checked: ` + (parts.length ? parts.join(", ") : none);
  renderCoverage(cov);
  if (stopped && $("#coverage")) {
    const p = el("p", { class: "coverage not-implemented" });
    p.appendChild(el("strong", {}, "Not checked: "));
    p.appendChild(document.createTextNode(stopped.message));
    $("#coverage").appendChild(p);
  }
  let lastKey = null;
  let group = null;
  findings.forEach((f, i) => {
    const key = `Turn ${f.turn ?? "–"} · ${f.phase ?? "no phase"}${f.side ? " (" + f.side + ")" : ""}`;
    if (key !== lastKey) {
      group = el("div", { class: "group" });
      group.appendChild(el("h3", {}, key));
      box.appendChild(group);
      lastKey = key;
    }
    // the number (as in the text report, the JSON and on the map) is drawn by CSS from data-number
    const item = el("div", { class: `finding ${f.severity}`, "data-index": i, "data-number": f.number ?? i + 1,
      tabindex: 0 });
    group.dataset.key = key;
    item.appendChild(el("span", { class: "rule" }, f.rule));
    item.appendChild(el("span", { class: "msg" }, f.message));
    const meta = [];
    if (f.event_index !== undefined && f.event_index !== null) meta.push(`event ${f.event_index}`);
    if (f.units && f.units.length) meta.push(`units ${f.units.join(", ")}`);
    if (f.hexes && f.hexes.length) meta.push(`hexes ${f.hexes.join(", ")}`);
    item.appendChild(el("div", { class: "meta" }, meta.join(" · ")));
    item.addEventListener("click", () => select(i));
    item.addEventListener("keydown", (e) => { if (e.key === "Enter") select(i); });
    group.appendChild(item);
  });
  current.table = Boolean(report.map && report.map.kind && report.map.kind !== "hex");
  drawOverlay(findings, report.units, current.table);
  buildFilters(findings);
  const tl = report.timeline;
  const slider = $("#step");
  slider.disabled = !tl;
  slider.max = tl ? tl.count : 0;
  slider.value = tl ? tl.count : 0;
  showStep();
}

async function upload(file) {
  setStatus(`Checking ${file.name}…`);
  const body = new FormData();
  body.append("file", file, file.name);
  try {
    const resp = await fetch("/check", { method: "POST", body });
    const data = await resp.json();
    if (!resp.ok) {
      setStatus(`${file.name}: ${data.error || resp.statusText}`, true);
      return;
    }
    setStatus(`${file.name}: checked.`);
    current.id = Number(resp.headers.get("X-Report-Id")) || null;
    renderReport(data, file.name);
  } catch (err) {
    setStatus(`Could not reach the checker: ${err}`, true);
  }
}

async function loadGame() {
  const resp = await fetch("/api/game");
  const info = await resp.json();
  $("#game-title").textContent = `${info.title} — map ${info.map}`;
}

// ---- the step slider: the units as they stood after event k, from the report's timeline ----------------------
const current = { report: null, table: false, highlight: new Set(), id: null };

function eventPlace(index) {
  const tl = current.report && current.report.timeline;
  if (!tl || index === null || index === undefined) return null;
  const place = tl.places && tl.places[String(index)];
  return place !== undefined ? place : index;
}

function unitsAfter(k) {
  const tl = current.report.timeline;
  const at = new Map();
  for (const [n, , changes] of tl.steps) {
    if (n >= k) break;
    for (const c of changes) { if (c.length === 1) at.delete(c[0]); else at.set(c[0], c); }
  }
  return [...at.values()].map(([id, x, y, facing, face = "front", markers = []]) =>
    ({ ...tl.units[id], x, y, facing, face, markers }));
}

function setStep(k) {
  $("#step").value = k;
  showStep();
}

function showStep() {
  const r = current.report;
  if (!r) return;
  const tl = r.timeline;
  const k = Number($("#step").value);
  drawUnits($("#overlay"), tl ? unitsAfter(k) : r.units, current.table, current.highlight);
  $("#step-label").textContent = tl ? (k ? `after event ${k} of ${tl.count}` : `before the first of ${tl.count}`)
    : "no timeline";
}

// ---- findings filters ---------------------------------------------------------------------------------------
const FILTERS = { severity: (f) => f.severity, family: (f) => f.family, turn: (f) => f.turn, side: (f) => f.side };

function buildFilters(findings) {
  for (const [name, get] of Object.entries(FILTERS)) {
    const sel = $(`#f-${name}`);
    sel.replaceChildren(el("option", { value: "" }, "all"));
    const values = [...new Set(findings.map(get).filter((v) => v !== null && v !== undefined))];
    values.sort((a, b) => (typeof a === "number" && typeof b === "number" ? a - b : String(a).localeCompare(b)));
    for (const v of values) sel.appendChild(el("option", { value: String(v) }, String(v)));
  }
  $("#filters").hidden = !findings.length;
}

function applyFilters() {
  const findings = (current.report && current.report.findings) || [];
  const want = Object.fromEntries(Object.keys(FILTERS).map((k) => [k, $(`#f-${k}`).value]));
  findings.forEach((f, i) => {
    const show = Object.entries(FILTERS).every(([k, get]) => !want[k] || String(get(f)) === want[k]);
    document.querySelectorAll(`[data-index="${i}"]`).forEach((n) => n.classList.toggle("hidden", !show));
  });
  document.querySelectorAll("#findings .group").forEach((g) => {
    g.classList.toggle("hidden", !g.querySelector(".finding:not(.hidden)"));
  });
}

// ---- the reports list: the history, then each new report as the server announces it ----------------------------
function when(t) {
  const d = new Date(t * 1000);
  return d.toLocaleString([], { dateStyle: "short", timeStyle: "medium" });
}

function entryRow(e) {
  const row = el("div", { class: `entry${e.error ? " failed" : ""}`, "data-id": e.id, tabindex: 0 });
  row.appendChild(el("span", { class: "file" }, e.file));
  row.appendChild(el("span", { class: "when muted" }, `${when(e.created)} · ${e.source}`));
  const counts = Object.entries(e.counts || {}).map(([k, n]) => `${n} ${k}`).join(", ");
  row.appendChild(el("span", { class: "counts" }, e.error ? e.error : counts || "no findings"));
  const dl = el("a", { href: `${e.url}?download=1`, class: "download", title: "download the report as JSON" }, "JSON");
  dl.addEventListener("click", (ev) => ev.stopPropagation());
  row.appendChild(dl);
  const open = () => openReport(e);
  row.addEventListener("click", open);
  row.addEventListener("keydown", (ev) => { if (ev.key === "Enter") open(); });
  return row;
}

async function openReport(e) {
  if (e.error) { setStatus(`${e.file}: ${e.error}`, true); return; }
  const resp = await fetch(e.url);
  if (!resp.ok) { setStatus(`${e.file}: report ${e.id} is no longer kept`, true); return; }
  const data = await resp.json();
  current.id = e.id;
  document.querySelectorAll("#reports .entry.active").forEach((n) => n.classList.remove("active"));
  const row = document.querySelector(`#reports .entry[data-id="${e.id}"]`);
  if (row) row.classList.add("active");
  setStatus("");
  renderReport(data.report, `${e.file} — ${when(e.created)}`);
}

function addEntry(e) {
  const box = $("#reports");
  const empty = box.querySelector("p.muted");
  if (empty) empty.remove();
  if (box.querySelector(`.entry[data-id="${e.id}"]`)) return;
  box.prepend(entryRow(e));
  while (box.children.length > 200) box.lastChild.remove();
}

async function loadHistory() {
  const resp = await fetch("/history?limit=200");
  const data = await resp.json();
  const box = $("#reports");
  box.replaceChildren();
  if (!data.reports.length) box.appendChild(el("p", { class: "muted" }, "No reports yet."));
  for (const e of data.reports.reverse()) addEntry(e);
}

let noticeTimer = null;

function notice(text) {  // unobtrusive and silent: a line in the corner that fades after a few seconds
  const n = $("#notice");
  n.textContent = text;
  n.hidden = false;
  clearTimeout(noticeTimer);
  noticeTimer = setTimeout(() => { n.hidden = true; }, 5000);
}

function connect() {
  const live = $("#live");
  const source = new EventSource("/events");
  source.addEventListener("hello", (ev) => {
    const hello = JSON.parse(ev.data);
    live.textContent = "live";
    live.className = "on";
    $("#watching").textContent = hello.watching ? `· watching ${hello.watching}` : "";
    loadHistory().catch(() => {});  // (re)connected: catch up on what was made meanwhile
  });
  source.addEventListener("report", (ev) => {
    const e = JSON.parse(ev.data);
    addEntry(e);
    const counts = Object.entries(e.counts || {}).map(([k, n]) => `${n} ${k}`).join(", ");
    notice(`New report: ${e.file} (${e.error ? "could not check" : counts || "no findings"}) at ${when(e.created)}`);
  });
  source.addEventListener("error", () => { live.textContent = "reconnecting…"; live.className = "muted"; });
}

async function loadGame() {
  const resp = await fetch("/api/game");
  const info = await resp.json();
  $("#game-title").textContent = `${info.title} — map ${info.map}`;
}

function init() {
  const drop = $("#drop");
  drop.addEventListener("dragover", (e) => { e.preventDefault(); drop.classList.add("over"); });
  drop.addEventListener("dragleave", () => drop.classList.remove("over"));
  drop.addEventListener("drop", (e) => {
    e.preventDefault();
    drop.classList.remove("over");
    if (e.dataTransfer.files.length) upload(e.dataTransfer.files[0]);
  });
  $("#file").addEventListener("change", (e) => { if (e.target.files.length) upload(e.target.files[0]); });
  const img = $("#map");
  if (img.complete) sizeOverlay(); else img.addEventListener("load", sizeOverlay);
  View.init();
  $("#step").addEventListener("input", showStep);
  for (const k of Object.keys(FILTERS)) $(`#f-${k}`).addEventListener("change", applyFilters);
  loadGame();
  connect();
}

document.addEventListener("DOMContentLoaded", init);
