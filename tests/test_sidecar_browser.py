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
from tests.sidecar_helpers import GAME, VIOLATIONS

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
