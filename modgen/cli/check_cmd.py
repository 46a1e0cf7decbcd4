"""`modgen check` (not implemented yet)."""

from __future__ import annotations

import click

from modgen.errors import ModgenError


@click.command("check")
def command() -> None:
    """(not implemented yet)"""
    raise ModgenError("'modgen check' is not implemented yet")
