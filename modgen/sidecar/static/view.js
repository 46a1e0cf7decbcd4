// The map view: fit to the window, zoom (wheel, buttons, + and −) and pan (drag, arrow keys) by a CSS transform of
// the map and its overlay together, so the overlay's map-pixel coordinates stay right at every scale.
"use strict";

const View = (() => {
  const state = { scale: 1, x: 0, y: 0 };
  let vp = null;
  let wrap = null;
  let img = null;
  const MIN = 0.05;
  const MAX = 8;

  function apply() {
    wrap.style.transform = `translate(${state.x}px, ${state.y}px) scale(${state.scale})`;
    wrap.dataset.scale = state.scale.toFixed(4);
    wrap.dataset.x = state.x.toFixed(1);
    wrap.dataset.y = state.y.toFixed(1);
  }

  function fit() {
    const w = img.naturalWidth || 1;
    const h = img.naturalHeight || 1;
    const r = vp.getBoundingClientRect();
    state.scale = Math.max(MIN, Math.min(MAX, Math.min(r.width / w, r.height / h)));
    state.x = (r.width - w * state.scale) / 2;
    state.y = (r.height - h * state.scale) / 2;
    apply();
  }

  // Zoom by `factor` keeping the map point under (cx, cy) (viewport pixels) where it is.
  function zoom(factor, cx, cy) {
    const r = vp.getBoundingClientRect();
    const px = cx ?? r.width / 2;
    const py = cy ?? r.height / 2;
    const s = Math.max(MIN, Math.min(MAX, state.scale * factor));
    state.x = px - (px - state.x) * (s / state.scale);
    state.y = py - (py - state.y) * (s / state.scale);
    state.scale = s;
    apply();
  }

  function pan(dx, dy) {
    state.x += dx;
    state.y += dy;
    apply();
  }

  // Bring map point (mx, my) to the middle of the viewport (a selected finding).
  function centre(mx, my) {
    const r = vp.getBoundingClientRect();
    state.x = r.width / 2 - mx * state.scale;
    state.y = r.height / 2 - my * state.scale;
    apply();
  }

  function init() {
    vp = document.getElementById("viewport");
    wrap = document.getElementById("map-wrap");
    img = document.getElementById("map");
    vp.addEventListener("wheel", (e) => {
      e.preventDefault();
      const r = vp.getBoundingClientRect();
      zoom(Math.exp(-e.deltaY * 0.0015), e.clientX - r.left, e.clientY - r.top);
    }, { passive: false });
    let drag = null;
    vp.addEventListener("pointerdown", (e) => {
      if (e.button !== 0) return;
      drag = { x: e.clientX, y: e.clientY };
      vp.setPointerCapture(e.pointerId);
      vp.classList.add("dragging");
    });
    vp.addEventListener("pointermove", (e) => {
      if (!drag) return;
      pan(e.clientX - drag.x, e.clientY - drag.y);
      drag = { x: e.clientX, y: e.clientY };
    });
    const stop = () => { drag = null; vp.classList.remove("dragging"); };
    vp.addEventListener("pointerup", stop);
    vp.addEventListener("pointercancel", stop);
    vp.addEventListener("keydown", (e) => {
      const step = 60;
      const keys = {
        "+": () => zoom(1.25), "=": () => zoom(1.25), "-": () => zoom(0.8), "0": fit,
        ArrowLeft: () => pan(step, 0), ArrowRight: () => pan(-step, 0),
        ArrowUp: () => pan(0, step), ArrowDown: () => pan(0, -step),
      };
      if (keys[e.key]) { e.preventDefault(); keys[e.key](); }
    });
    document.getElementById("fit").addEventListener("click", fit);
    document.getElementById("zoom-in").addEventListener("click", () => zoom(1.25));
    document.getElementById("zoom-out").addEventListener("click", () => zoom(0.8));
    window.addEventListener("resize", () => { if (wrap.dataset.fitted === "1") fit(); });
    const ready = () => { fit(); wrap.dataset.fitted = "1"; };
    if (img.complete && img.naturalWidth) ready(); else img.addEventListener("load", ready);
  }

  return { init, fit, zoom, pan, centre, state };
})();
