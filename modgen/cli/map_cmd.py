"""`modgen map` (not implemented yet)."""

from __future__ import annotations

import click

from modgen.errors import ModgenError


@click.command("map")
def command() -> None:
    """(not implemented yet)"""
    raise ModgenError("'modgen map' is not implemented yet")
