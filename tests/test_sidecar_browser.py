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
from modgen.sidecar.app import Server
from tests.sidecar_helpers import GAME, VIOLATIONS, attack_violations, flip_and_marker_violations

pytestmark = pytest.mark.browser

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    port = _free_port()
    db = tmp_path_factory.mktemp("history") / "sidecar.sqlite"
    config = uvicorn.Config(create_app(GAME, db=db), host="127.0.0.1", port=port, log_level="warning")
    srv = Server(config)  # ends the pages' event streams when stopping
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


# ---- live reports, the map view, the step slider (issue #21) ---------------------------------------------------
def _open(p, server: str):  # type: ignore[no-untyped-def]
    browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text)
            if m.type == "error" and not m.text.startswith("Failed to load resource") else None)
    page.on("request", lambda r: errors.append("external " + r.url) if not r.url.startswith(server) else None)
    page.goto(server + "/")
    page.wait_for_function("document.querySelector('#map').naturalWidth > 0")
    page.wait_for_selector("#live.on")  # the event stream is connected
    return browser, page, errors


def _until(check, seconds: float = 10.0) -> None:  # type: ignore[no-untyped-def]
    """Poll ``check`` from Python (the page's CSP forbids the eval that Playwright's wait_for_function polls with)."""
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "the page did not get there in time"
        time.sleep(0.05)


def _upload_on_page(page, path: Path) -> dict:  # type: ignore[no-untyped-def]
    with page.expect_response(lambda r: r.url.endswith("/check")) as answer:
        page.set_input_files("#file", str(path))
    report = answer.value.json()
    page.wait_for_selector("#overlay g.units g.unit")
    return report


def _unit_x(page, uid: str) -> float:  # type: ignore[no-untyped-def]
    return float(page.get_attribute(f'#overlay g.unit[data-unit="{uid}"] rect', "x"))


def test_an_upload_from_curl_appears_on_the_open_page_without_reload(server: str) -> None:
    import httpx
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser, page, errors = _open(p, server)
        try:
            page.evaluate("window.notReloaded = true")
            resp = httpx.post(server + "/check", files={"file": ("from-curl.jsonl", VIOLATIONS.read_bytes())})
            assert resp.status_code == 200
            rid = resp.headers["X-Report-Id"]
            assert resp.headers["Location"] == f"/reports/{rid}"
            row = page.wait_for_selector(f'#reports .entry[data-id="{rid}"]', timeout=10_000)
            assert "from-curl.jsonl" in row.inner_text() and "3 error" in row.inner_text()
            first = page.query_selector("#reports .entry")
            assert first.get_attribute("data-id") == rid  # newest first
            assert "from-curl.jsonl" in page.inner_text("#notice")  # the silent notice
            assert page.evaluate("window.notReloaded") is True
            row.click()  # it opens from the history: findings and map
            _until(lambda: len(page.query_selector_all(".finding.error")) == 3)
            assert errors == []
        finally:
            browser.close()


def test_fit_zoom_and_pan_change_the_view(server: str) -> None:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser, page, errors = _open(p, server)
        try:
            view = lambda: page.evaluate(  # noqa: E731
                "(() => { const d = document.querySelector('#map-wrap').dataset; return [+d.scale, +d.x, +d.y]; })()")
            fitted = view()
            box = page.eval_on_selector("#viewport", "v => [v.clientWidth, v.clientHeight]")
            natural = page.eval_on_selector("#map", "m => [m.naturalWidth, m.naturalHeight]")
            # fitted: the whole map inside the viewport, touching it on one axis
            assert fitted[0] == pytest.approx(min(box[0] / natural[0], box[1] / natural[1]), rel=1e-3)
            rect = page.eval_on_selector("#map", "m => [m.getBoundingClientRect().width, "
                                                 "m.getBoundingClientRect().height]")
            assert rect[0] <= box[0] + 1 and rect[1] <= box[1] + 1
            page.click("#zoom-in")
            assert view()[0] == pytest.approx(fitted[0] * 1.25, rel=1e-3)
            page.hover("#viewport")
            page.mouse.wheel(0, -300)
            _until(lambda: view()[0] > fitted[0] * 1.3)
            zoomed = view()
            vb = page.query_selector("#viewport").bounding_box()
            page.mouse.move(vb["x"] + 300, vb["y"] + 300)
            page.mouse.down()
            page.mouse.move(vb["x"] + 200, vb["y"] + 250, steps=4)
            page.mouse.up()
            dragged = view()
            assert dragged[1] == pytest.approx(zoomed[1] - 100, abs=1) and dragged[2] == pytest.approx(zoomed[2] - 50,
                                                                                                        abs=1)
            page.focus("#viewport")
            page.keyboard.press("ArrowLeft")
            assert view()[1] == pytest.approx(dragged[1] + 60, abs=1)
            page.keyboard.press("0")
            assert view() == pytest.approx(fitted, abs=0.01)
            page.click("#zoom-out")
            assert view()[0] < fitted[0]
            page.click("#fit")
            assert view() == pytest.approx(fitted, abs=0.01)
            assert errors == []
        finally:
            browser.close()


def test_the_step_slider_moves_a_unit_and_a_finding_shows_its_moment(server: str) -> None:
    """EFB 8.3 in the violations log: 3 GTC/20 moves 3405 -> 4505 at event 251 (too far). The slider replays the
    log: before that event the unit stands at 3405, after it at 4505; clicking the finding sets the slider to just
    after its event, highlights the unit there and the finding's path."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser, page, errors = _open(p, server)
        try:
            report = _upload_on_page(page, VIOLATIONS)
            tl = report["timeline"]
            assert int(page.get_attribute("#step", "max")) == tl["count"] == report["events"]
            at = {h: xy for h in ("3405", "4505")
                  for xy in [next(f for f in report["findings"] if f["rule"] == "EFB 8.3")["overlay"]["path"]
                             [0 if h == "3405" else -1]]}
            half = next(u for u in report["units"] if u["id"] == "su.3gtc.20")["w"] / 2
            end_x = _unit_x(page, "su.3gtc.20")  # the slider starts at the end of the log
            assert end_x == pytest.approx(at["4505"][0] - half)

            def slide(k: int) -> None:
                page.eval_on_selector("#step", f"s => {{ s.value = {k}; s.dispatchEvent(new Event('input')); }}")

            slide(251)  # after events 0..250: before the move
            assert _unit_x(page, "su.3gtc.20") == pytest.approx(at["3405"][0] - half)
            slide(252)
            assert _unit_x(page, "su.3gtc.20") == pytest.approx(at["4505"][0] - half)
            slide(0)  # before the set-up: no unit on the map
            assert page.query_selector_all("#overlay g.unit") == []

            page.click('.finding[data-number="2"]')
            assert page.input_value("#step") == "252"
            hl = page.eval_on_selector_all("#overlay g.unit.hl", "gs => gs.map(g => g.dataset.unit)")
            assert hl == ["su.3gtc.20"]
            assert _unit_x(page, "su.3gtc.20") == pytest.approx(at["4505"][0] - half)
            assert page.query_selector('#overlay g.active[data-index="1"] polyline.path')  # its path, highlighted
            page.click('.finding[data-number="1"]')  # another finding: its own moment, its own units
            assert page.input_value("#step") == "240"
            assert page.eval_on_selector_all("#overlay g.unit.hl", "gs => gs.map(g => g.dataset.unit)") == [
                "su.3gmc.art"]
            assert errors == []
        finally:
            browser.close()


def test_the_step_slider_shows_faces_and_markers(server: str, tmp_path: Path) -> None:
    """3 GTC/20 (in 4505) is flipped to its back at log place 254, gets an out-of-supply marker at 255 and loses it
    at 256: sliding across those events changes the face drawn on its chip and shows, then hides, the marker."""
    from playwright.sync_api import sync_playwright

    log = tmp_path / "flip.jsonl"
    log.write_bytes(flip_and_marker_violations())
    with sync_playwright() as p:
        browser, page, errors = _open(p, server)
        try:
            _upload_on_page(page, log)
            unit = '#overlay g.unit[data-unit="su.3gtc.20"]'

            def slide(k: int) -> tuple[str, str, list[str]]:
                page.eval_on_selector("#step", f"s => {{ s.value = {k}; s.dispatchEvent(new Event('input')); }}")
                return (page.get_attribute(unit, "data-face"),
                        page.eval_on_selector(unit, "g => g.querySelector('.unit-face')?.textContent ?? ''"),
                        page.eval_on_selector(unit, "g => [...g.querySelectorAll('.unit-markers')]"
                                                    ".map(t => t.textContent)"))

            assert slide(254) == ("front", "", [])  # after the move, before the flip
            assert "flipped" not in page.get_attribute(unit, "class")
            assert slide(255) == ("back", "back", [])  # flipped: the face drawn distinctly, by name
            assert "flipped" in page.get_attribute(unit, "class")
            assert slide(256) == ("back", "back", ["out_of_supply"])  # the marker appears under the chip
            assert slide(257) == ("back", "back", [])  # and goes when taken off
            assert slide(255) == ("back", "back", [])  # back again: no marker yet
            assert slide(254) == ("front", "", [])
            assert errors == []
        finally:
            browser.close()


def test_findings_filter_by_severity_family_turn_and_side(server: str, tmp_path: Path) -> None:
    from playwright.sync_api import sync_playwright

    log = tmp_path / "attack.jsonl"
    log.write_bytes(attack_violations())
    with sync_playwright() as p:
        browser, page, errors = _open(p, server)
        try:
            report = _upload_on_page(page, log)
            fams = sorted({f["family"] for f in report["findings"]})
            assert "movement" in fams and "combat" in fams
            visible = lambda: page.eval_on_selector_all(  # noqa: E731
                ".finding:not(.hidden)", "fs => fs.map(f => +f.dataset.index)")
            assert len(visible()) == len(report["findings"])
            page.select_option("#f-family", "movement")
            want = [i for i, f in enumerate(report["findings"]) if f["family"] == "movement"]
            assert visible() == want
            assert page.eval_on_selector_all("#overlay g.finding-mark:not(.hidden)",
                                             "gs => gs.map(g => +g.dataset.index)") == want
            page.select_option("#f-family", "")
            sides = sorted({f["side"] for f in report["findings"] if f["side"]})
            page.select_option("#f-side", sides[0])
            assert visible() == [i for i, f in enumerate(report["findings"]) if f["side"] == sides[0]]
            page.select_option("#f-side", "")
            page.select_option("#f-severity", "error")
            page.select_option("#f-turn", "3")
            assert visible() == [i for i, f in enumerate(report["findings"])
                                 if f["severity"] == "error" and f["turn"] == 3]
            assert errors == []
        finally:
            browser.close()
