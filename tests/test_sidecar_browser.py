"""The sidecar page in real headless Chromium (Debian's /usr/bin/chromium driven by Playwright)."""

from __future__ import annotations

import shutil
import socket
import threading
import time
from pathlib import Path

import pytest
import uvicorn

from modgen.sidecar import create_app
from tests.sidecar_helpers import GAME, VIOLATIONS, attack_violations

pytestmark = pytest.mark.browser

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def server():
    port = _free_port()
    config = uvicorn.Config(create_app(GAME), host="127.0.0.1", port=port, log_level="warning")
    srv = uvicorn.Server(config)
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not srv.started:
        if time.monotonic() > deadline:
            raise RuntimeError("sidecar did not start")
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    thread.join(timeout=10)


def test_upload_shows_findings_and_highlights_map(server: str, tmp_path: Path) -> None:
    assert Path(CHROMIUM).exists(), "Debian's chromium package is required (scripts/setup.sh installs it)"
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1400, "height": 900})
            external: list[str] = []
            page.on("request", lambda r: external.append(r.url) if not r.url.startswith(server) else None)
            console_errors: list[str] = []  # a Content-Security-Policy violation is reported here
            page.on("console", lambda m: console_errors.append(m.text)
                    if m.type == "error" and not m.text.startswith("Failed to load resource") else None)
            refused: list[str] = []  # e.g. the page's own POST refused by the Origin check
            page.on("response", lambda r: refused.append(f"{r.status} {r.url}")
                    if r.status >= 400 and not r.url.endswith("/favicon.ico") else None)
            page.goto(server + "/")
            page.wait_for_function("document.querySelector('#map').naturalWidth > 0")
            page.set_input_files("#file", str(VIOLATIONS))
            page.wait_for_selector(".finding.error")
            items = page.query_selector_all(".finding.error")
            assert len(items) == 3
            assert all(i.inner_text().startswith("EFB ") for i in items)
            assert "3 errors" in page.inner_text("#summary")
            assert len(page.query_selector_all("#overlay g.finding-mark")) >= 3
            items[1].click()
            active = page.query_selector_all("#overlay g.active circle")
            assert active, "clicking a finding highlights its hexes on the map"
            assert page.query_selector_all(".finding.active")[0].inner_text() == items[1].inner_text()
            page.screenshot(path=str(tmp_path / "sidecar.png"))
            assert external == []  # the page loaded nothing from outside the sidecar
            assert console_errors == []  # the page works under the sidecar's Content-Security-Policy
            assert refused == []  # ... and its POST passes the same-origin check
        finally:
            browser.close()


def test_units_and_attack_arrow_drawn_after_upload(server: str, tmp_path: Path) -> None:
    """What the --map-image picture shows is on the page: the units where the log leaves them (under the marks) and
    an arrow from the far attacker (3405) to the defenders' hex, at the pixels the server gave."""
    from playwright.sync_api import sync_playwright

    log = tmp_path / "attack.jsonl"
    log.write_bytes(attack_violations())
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1400, "height": 900})
            console_errors: list[str] = []
            page.on("console", lambda m: console_errors.append(m.text)
                    if m.type == "error" and not m.text.startswith("Failed to load resource") else None)
            page.goto(server + "/")
            page.wait_for_function("document.querySelector('#map').naturalWidth > 0")
            with page.expect_response(lambda r: r.url.endswith("/check")) as answer:
                page.set_input_files("#file", str(log))
            report = answer.value.json()
            page.wait_for_selector("#overlay g.units g.unit")
            drawn = page.eval_on_selector_all(
                "#overlay g.units g.unit",
                "gs => gs.map(g => [g.dataset.unit, g.querySelector('rect').getAttribute('x'),"
                " g.querySelector('rect').getAttribute('width'), g.querySelector('text').textContent])")
            assert len(drawn) == len(report["units"]) > 50
            by_id = {d[0]: d for d in drawn}
            u = next(u for u in report["units"] if u["id"] == "su.3gtc.20")
            assert float(by_id["su.3gtc.20"][1]) == pytest.approx(u["x"] - u["w"] / 2)
            assert by_id["su.3gtc.20"][3] == "3 GTC/20"
            # the units are drawn first: every finding mark lies on top of them
            order = page.eval_on_selector_all("#overlay > g", "gs => gs.map(g => g.getAttribute('class'))")
            assert order[0] == "units" and all(c.startswith("finding-mark") for c in order[1:])
            far = next(f for f in report["findings"] if f["rule"] == "EFB 11.5" and "3405" in f["hexes"])
            (x1, y1), _ = far["overlay"]["arrows"][0]
            lines = page.eval_on_selector_all(
                "#overlay line.arrow", "ls => ls.map(l => [+l.getAttribute('x1'), +l.getAttribute('y1'), "
                "l.getAttribute('marker-end')])")
            assert any(a == pytest.approx(x1) and b == pytest.approx(y1) and m == "url(#arrowhead-error)"
                       for a, b, m in lines), lines
            assert console_errors == []
        finally:
            browser.close()
