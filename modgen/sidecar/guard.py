"""The sidecar's front door (an ASGI middleware): Host allow-list, same-origin POSTs, security headers.

* **Host allow-list** (421 otherwise): a DNS-rebinding page (``evil.example`` re-pointed at 127.0.0.1) reaches the
  service under its own name, so any Host that is not one of ours is refused before a route runs — it cannot read
  ``/reports``. The default names are the loopback ones; ``modgen serve --host``/``--allow-host`` add more.
* **Same-origin POST** (403 otherwise): a browser sends ``Origin`` (or at least ``Referer``) with every cross-site
  POST, so a POST whose Origin/Referer is not this service's own origin comes from another web page and is refused.
  Clients that send neither (curl, scripts) are not browsers acting for a visited page and are let through.
* **Security headers** on every response, refusals and static files included.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.types import ASGIApp, Message, Receive, Scope, Send

LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})

# The page is one HTML file, one script and one stylesheet from this server; the map is /map.png; the overlay is
# SVG built with DOM calls. Nothing inline, nothing from elsewhere, never framed.
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
       "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
SECURITY_HEADERS: list[tuple[bytes, bytes]] = [
    (b"content-security-policy", CSP.encode()),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-resource-policy", b"same-origin"),
]


def host_name(host: str) -> str:
    """``host`` as it appears in a Host header: IPv6 literals in brackets, lower case."""
    host = host.strip().lower()
    if ":" in host and not host.startswith("["):
        return f"[{host}]"
    return host


def _split_host(value: str) -> tuple[str, int | None] | None:
    """(name, port) of a Host header value; None when it is malformed."""
    value = value.strip().lower()
    if value.startswith("["):
        end = value.find("]")
        if end < 0:
            return None
        name, rest = value[: end + 1], value[end + 1:]
    else:
        name, sep, port_text = value.partition(":")
        rest = sep + port_text
    if not rest:
        return name, None
    if not rest.startswith(":") or not rest[1:].isdigit() or len(rest) > 6:
        return None
    return name, int(rest[1:])


class Guard:
    """Wraps the app: refuses foreign Hosts and cross-site POSTs, adds the security headers to every response."""

    def __init__(self, app: ASGIApp, *, allowed_hosts: Iterable[str] = LOOPBACK_NAMES, port: int | None = None) -> None:
        self.app = app
        self.allowed = frozenset(host_name(h) for h in allowed_hosts)
        self.port = port or None  # 0 (an ephemeral port) is not known in advance: any port on an allowed name

    def host_allowed(self, value: str) -> bool:
        """True when the Host header ``value`` names this service (an allowed name, and our port if we know it)."""
        parsed = _split_host(value)
        if parsed is None or parsed[0] not in self.allowed:
            return False
        port = parsed[1] if parsed[1] is not None else 80
        return self.port is None or port == self.port

    @staticmethod
    def same_origin(headers: Headers) -> bool:
        """True unless the request carries an Origin (or, lacking one, a Referer) other than ``http://<Host>``."""
        own = "http://" + headers.get("host", "").strip().lower()
        origin = headers.get("origin")
        if origin is not None:
            return origin.strip().lower() == own  # "null" (sandboxed frames, data: pages) is never ours
        referer = headers.get("referer")
        if referer is not None:
            parts = urlsplit(referer.strip())
            return f"{parts.scheme}://{parts.netloc}".lower() == own
        return True

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        if not self.host_allowed(headers.get("host", "")):
            await _refuse(send, 421, f"Host {headers.get('host', '')[:100]!r} is not a name of this service; "
                                     "start `modgen serve` with --allow-host NAME to allow it")
            return
        if scope["method"] not in SAFE_METHODS and not self.same_origin(headers):
            await _refuse(send, 403, "cross-site request refused: POST only from this service's own page")
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *SECURITY_HEADERS]}
            await send(message)

        await self.app(scope, receive, send_with_headers)


async def _refuse(send: Send, status: int, message: str) -> None:
    body = json.dumps({"error": message}).encode()
    # Connection: close, because the request body (if any) is left unread: the server stops reading it.
    await send({"type": "http.response.start", "status": status, "headers": [
        (b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
        (b"connection", b"close"), *SECURITY_HEADERS]})
    await send({"type": "http.response.body", "body": body})
