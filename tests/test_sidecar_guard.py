"""The sidecar's front door: Host allow-list (DNS rebinding), same-origin POSTs (CSRF), security headers."""

from __future__ import annotations

import re

import pytest
from starlette.testclient import TestClient

from modgen.sidecar import Limits, create_app
from modgen.sidecar.guard import Guard
from tests.sidecar_helpers import BASE, GAME, VIOLATIONS


@pytest.fixture(scope="module")
def client():
    app = create_app(GAME, limits=Limits(workers=1), port=8765)
    with TestClient(app, base_url=BASE) as c:
        yield c


def _post(client: TestClient, **headers: str):
    return client.post("/check", files={"file": ("violations.jsonl", VIOLATIONS.read_bytes())}, headers=headers)


@pytest.mark.parametrize("host", ["127.0.0.1:8765", "localhost:8765", "[::1]:8765", "LOCALHOST:8765"])
def test_loopback_names_are_served(client: TestClient, host: str) -> None:
    resp = client.get("/reports", headers={"host": host})
    assert resp.status_code == 200, resp.text


@pytest.mark.parametrize("host", ["evil.example:8765", "evil.example", "127.0.0.1.evil.example:8765",
                                  "localhost:8766", "localhost", "127.0.0.1:8765:1", "[::1", ""])
def test_foreign_host_is_refused_before_any_route(client: TestClient, host: str) -> None:
    """A DNS-rebinding page reaches 127.0.0.1 under its own name (or a wrong port): it cannot read /reports."""
    for method, path in (("GET", "/reports"), ("GET", "/"), ("GET", "/static/app.js")):
        resp = client.request(method, path, headers={"host": host})
        assert resp.status_code == 421, (host, path, resp.status_code)
        assert "--allow-host" in resp.json()["error"]
        assert resp.headers["x-frame-options"] == "DENY"
    assert _post(client, host=host).status_code == 421


def test_allow_host_adds_a_name() -> None:
    guard = Guard(lambda *a: None, allowed_hosts=["127.0.0.1", "gamebox.lan"], port=8765)  # type: ignore[arg-type]
    assert guard.host_allowed("gamebox.lan:8765")
    assert guard.host_allowed("GameBox.LAN:8765")
    assert not guard.host_allowed("localhost:8765")  # only the names given
    assert not guard.host_allowed("gamebox.lan:80")
    any_port = Guard(lambda *a: None, port=0)  # type: ignore[arg-type]  # ephemeral port: names still checked
    assert any_port.host_allowed("localhost:41234") and not any_port.host_allowed("evil.example:41234")


def test_serve_allows_its_bind_address_and_allow_host() -> None:
    from modgen.cli.serve_cmd import allowed_host_names

    assert {"127.0.0.1", "localhost", "[::1]"} <= set(allowed_host_names("127.0.0.1", ()))
    assert "192.168.1.20" in allowed_host_names("192.168.1.20", ())
    assert "[fe80::1]" in allowed_host_names("fe80::1", ())
    assert "gamebox.lan" in allowed_host_names("127.0.0.1", ("gamebox.lan",))


def test_same_origin_post_is_checked(client: TestClient) -> None:
    """The page's own POST (Origin = the service) works; so does a script's (no Origin, no Referer)."""
    assert _post(client, origin=BASE).status_code == 200
    assert _post(client, referer=BASE + "/").status_code == 200
    assert _post(client).status_code == 200


@pytest.mark.parametrize("headers", [
    {"origin": "http://evil.example"},
    {"origin": "null"},  # sandboxed frames and data: pages
    {"origin": "http://127.0.0.1:9999"},  # another local service
    {"origin": "https://127.0.0.1:8765"},
    {"referer": "http://evil.example/page.html"},
    {"origin": "http://evil.example", "referer": BASE + "/"},  # a forged-looking Referer does not beat the Origin
])
def test_cross_site_post_is_refused(client: TestClient, headers: dict[str, str]) -> None:
    resp = _post(client, **headers)
    assert resp.status_code == 403, resp.text
    assert "cross-site" in resp.json()["error"]
    assert resp.headers.get("connection") == "close"  # the body was not read: do not keep reading it


def test_text_plain_post_is_refused(client: TestClient) -> None:
    """A "simple" cross-site request (any page may POST text/plain without a preflight) never reaches a check,
    even from a browser that sends no Origin."""
    resp = client.post("/check?filename=x.jsonl", content=VIOLATIONS.read_bytes(),
                       headers={"content-type": "text/plain"})
    assert resp.status_code == 415
    assert "text/" in resp.json()["error"]


@pytest.mark.parametrize("path", ["/", "/static/app.js", "/static/app.css", "/health", "/reports", "/map.png",
                                  "/openapi.json", "/api/game", "/no-such-page"])
def test_security_headers_on_every_response(client: TestClient, path: str) -> None:
    resp = client.get(path)
    csp = resp.headers["content-security-policy"]
    assert "default-src 'self'" in csp and "frame-ancestors 'none'" in csp
    assert "'unsafe-inline'" not in csp and "'unsafe-eval'" not in csp
    assert resp.headers["x-frame-options"] == "DENY"
    assert resp.headers["x-content-type-options"] == "nosniff"
    assert resp.headers["referrer-policy"] == "no-referrer"


def test_page_needs_nothing_the_policy_forbids(client: TestClient) -> None:
    """CSP allows only same-origin scripts and styles: the page must have no inline script, style or handler."""
    html = client.get("/").text.lower()
    assert "<script>" not in html and "<style" not in html and " style=" not in html
    assert not re.search(r"<[^>]*\son[a-z]+\s*=", html)  # no onclick=… handlers
    assert re.findall(r"<script[^>]*>", html) == ['<script src="/static/view.js">', '<script src="/static/app.js">']
    for script in ("/static/view.js", "/static/app.js"):
        js = client.get(script).text
        # CSSOM (element.style.transform) is allowed by the policy; a style attribute would not be
        assert "eval(" not in js and "innerHTML" not in js and '"style"' not in js and "new Function" not in js
