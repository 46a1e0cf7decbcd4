"""`modgen sheet` (not implemented yet)."""

from __future__ import annotations

import click

from modgen.errors import ModgenError


@click.command("sheet")
def command() -> None:
    """(not implemented yet)"""
    raise ModgenError("'modgen sheet' is not implemented yet")
