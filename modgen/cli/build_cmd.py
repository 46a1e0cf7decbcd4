"""`modgen build` (not implemented yet)."""

from __future__ import annotations

import click

from modgen.errors import ModgenError


@click.command("build")
def command() -> None:
    """(not implemented yet)"""
    raise ModgenError("'modgen build' is not implemented yet")
