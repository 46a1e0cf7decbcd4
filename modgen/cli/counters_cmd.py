"""`modgen counters` (not implemented yet)."""

from __future__ import annotations

import click

from modgen.errors import ModgenError


@click.command("counters")
def command() -> None:
    """(not implemented yet)"""
    raise ModgenError("'modgen counters' is not implemented yet")
