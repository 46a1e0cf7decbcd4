"""`modgen serve`: run the rules-checker sidecar next to VASSAL."""

from __future__ import annotations

from pathlib import Path

import click


@click.command("serve")
@click.option("--game", "game_path", required=True, type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="Game manifest, e.g. games/minsk44.json.")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to bind. The default keeps the service private to this computer.")
@click.option("--port", default=8765, show_default=True, type=click.IntRange(0, 65535), help="TCP port.")
@click.option("--watch", "watch_dir", type=click.Path(exists=True, file_okay=False, path_type=Path),
              help="VASSAL's save folder: check every new or changed .vlog/.vsav in it automatically.")
@click.option("--max-upload-mb", default=32, show_default=True, type=click.IntRange(1, 1024),
              help="Largest upload accepted.")
@click.option("--check-seconds", default=30.0, show_default=True, type=click.FloatRange(0.1, 3600),
              help="Time limit for one check; longer checks are stopped.")
@click.option("--workers", default=2, show_default=True, type=click.IntRange(1, 64),
              help="Checks run at once, each in its own process.")
def command(game_path: Path, host: str, port: int, watch_dir: Path | None, max_upload_mb: int,
            check_seconds: float, workers: int) -> None:
    """Start the rules-checker sidecar: a local web page and JSON API.

    Open http://HOST:PORT/ and drop a VASSAL log (.vlog), save (.vsav) or canonical log (.jsonl) on the page to see
    every rules violation listed by turn and phase and drawn on the map. Scripts can POST the file to /check and read
    JSON; /openapi.json describes the API, /health answers when the service is up.
    """
    import uvicorn

    from modgen.cli.common import require_valid
    from modgen.sidecar import Limits, create_app

    require_valid(game_path)  # a checker on invalid data would prove nothing: refuse before serving

    if host not in ("127.0.0.1", "localhost", "::1"):
        click.echo(f"warning: binding {host}: other computers on the network can reach this service", err=True)
    limits = Limits(max_upload=max_upload_mb * 1024 * 1024, check_seconds=check_seconds, workers=workers)
    app = create_app(game_path, watch_dir=watch_dir, limits=limits)
    click.echo(f"modgen sidecar for {game_path} on http://{host}:{port}/ (Ctrl-C stops)")
    uvicorn.run(app, host=host, port=port, log_level="warning")
