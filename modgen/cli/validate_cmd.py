"""`modgen validate` (not implemented yet)."""

from __future__ import annotations

import click

from modgen.errors import ModgenError


@click.command("validate")
def command() -> None:
    """(not implemented yet)"""
    raise ModgenError("'modgen validate' is not implemented yet")
