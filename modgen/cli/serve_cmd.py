"""`modgen serve`: run the rules-checker sidecar next to VASSAL."""

from __future__ import annotations

import errno
import logging
import socket
import sys
from pathlib import Path

import click

from modgen.cli.params import FiniteFloatRange
from modgen.errors import ModgenError

MiB = 1024 * 1024
WILDCARD_HOSTS = ("0.0.0.0", "::", "")


def _listen(host: str, port: int) -> socket.socket:
    """A listening socket on host:port, or one line saying why not (a port in use is the usual reason)."""
    try:
        family, kind, proto, _, addr = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
        sock = socket.socket(family, kind, proto)
    except OSError as exc:
        raise ModgenError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # restart at once after a stop (TIME_WAIT)
        sock.bind(addr)
        sock.listen(128)
    except OSError as exc:
        sock.close()
        hint = ("; another program (or another `modgen serve`) uses it: pick another --port"
                if exc.errno == errno.EADDRINUSE else "")
        raise ModgenError(f"cannot listen on {host}:{port}: {exc.strerror or exc}{hint}") from None
    return sock


def allowed_host_names(host: str, extra: tuple[str, ...]) -> list[str]:
    """Host names requests may use: the loopback names, the bound address (and this computer's name when bound to
    every interface), plus ``--allow-host`` names."""
    from modgen.sidecar.guard import LOOPBACK_NAMES, host_name

    names = [*LOOPBACK_NAMES, *extra]
    if host in WILDCARD_HOSTS:
        names += [socket.gethostname(), socket.getfqdn()]
    else:
        names.append(host_name(host))
    return names


@click.command("serve")
@click.option("--game", "game_path", required=True, type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="Game manifest, e.g. games/minsk44.json.")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to bind. The default keeps the service private to this computer.")
@click.option("--port", default=8765, show_default=True, type=click.IntRange(0, 65535), help="TCP port.")
@click.option("--allow-host", "allow_hosts", multiple=True, metavar="NAME",
              help="Another name requests may use in their Host header (e.g. a LAN name); repeatable. Loopback names "
                   "and the --host address are always allowed; any other Host is refused (DNS rebinding).")
@click.option("--watch", "watch_dir", type=click.Path(exists=True, file_okay=False, path_type=Path),
              help="VASSAL's save folder: check every new or changed .vlog/.vsav in it automatically.")
@click.option("--max-upload-mb", default=32, show_default=True, type=click.IntRange(1, 1024),
              help="Largest upload accepted (413 as soon as more arrives).")
@click.option("--max-decoded-mb", default=256, show_default=True, type=click.IntRange(1, 4096),
              help="Largest size one upload may decode to (zip entries, XZ); larger is refused with 422.")
@click.option("--worker-memory-mb", default=1024, show_default=True, type=click.IntRange(256, 1 << 20),
              help="Memory (address space) of each check worker; a check that needs more fails with 422.")
@click.option("--check-seconds", default=30.0, show_default=True, type=FiniteFloatRange(0.1, 3600),
              help="Time limit for one check; longer checks are stopped.")
@click.option("--body-seconds", default=60.0, show_default=True, type=FiniteFloatRange(1, 3600),
              help="Time a client has to send its whole upload (408 after).")
@click.option("--db", "db_path", type=click.Path(dir_okay=False, path_type=Path),
              help="The report history database (SQLite). Default: $XDG_STATE_HOME/modgen/sidecar.sqlite, else "
                   "~/.local/state/modgen/sidecar.sqlite.")
@click.option("--keep", default=500, show_default=True, type=click.IntRange(1, 1_000_000),
              help="Reports the history keeps; older ones are deleted.")
@click.option("--history-mb", default=256, show_default=True, type=click.IntRange(1, 1 << 20),
              help="Most report data the history keeps; the oldest reports are deleted past it.")
@click.option("--workers", default=2, show_default=True, type=click.IntRange(1, 64),
              help="Checks run at once, each in its own process.")
@click.option("-q", "--quiet", is_flag=True,
              help="No start-up line (the address and history file); warnings and errors still go to stderr.")
def command(game_path: Path, host: str, port: int, allow_hosts: tuple[str, ...], watch_dir: Path | None,
            max_upload_mb: int, max_decoded_mb: int, worker_memory_mb: int, check_seconds: float,
            body_seconds: float, db_path: Path | None, keep: int, history_mb: int, workers: int,
            quiet: bool) -> None:
    """Start the rules-checker sidecar: a local web page and JSON API.

    Open http://HOST:PORT/ and drop a VASSAL log (.vlog), save (.vsav) or canonical log (.jsonl) on the page to see
    every rules violation listed by turn and phase and drawn on the map. Scripts can POST the file to /check and read
    JSON; /openapi.json describes the API, /health answers when the service is up. Every report (uploaded or from
    the watched folder) appears on the open pages at once and is kept in the history database (--db).

    Exit codes: 130 after Ctrl-C (0 after SIGTERM), 1 invalid game data or the address cannot be used (port in
    use), 2 usage errors.
    """
    import uvicorn

    from modgen.cli.common import require_valid
    from modgen.sidecar import Limits, create_app
    from modgen.sidecar.app import Server
    from modgen.sidecar.store import default_path

    require_valid(game_path)  # a checker on invalid data would prove nothing: refuse before serving

    sock = _listen(host, port)  # before the app starts workers: a taken port is one line and exit 1
    port = sock.getsockname()[1]
    if host not in ("127.0.0.1", "localhost", "::1"):
        click.echo(f"warning: binding {host}: other computers on the network can reach this service", err=True)
    limits = Limits(max_upload=max_upload_mb * MiB, max_decompressed=max_decoded_mb * MiB,
                    worker_memory=worker_memory_mb * MiB, check_seconds=check_seconds, body_seconds=body_seconds,
                    workers=workers, keep=keep, history_bytes=history_mb * MiB)
    db = db_path or default_path()
    try:
        app = create_app(game_path, watch_dir=watch_dir, limits=limits,
                         allowed_hosts=allowed_host_names(host, allow_hosts), port=port, db=db)
    except BaseException:
        sock.close()
        raise
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("modgen serve: %(message)s"))
    logger = logging.getLogger("modgen.sidecar")
    logger.addHandler(handler)
    logger.propagate = False
    shown = f"[{host}]" if ":" in host else host
    if not quiet:
        click.echo(f"modgen sidecar for {game_path} on http://{shown}:{port}/ (Ctrl-C stops); history in {db}")
    Server(uvicorn.Config(app, log_level="warning", timeout_graceful_shutdown=5)).run(sockets=[sock])
