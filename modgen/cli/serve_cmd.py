"""`modgen serve` (not implemented yet)."""

from __future__ import annotations

import click

from modgen.errors import ModgenError


@click.command("serve")
def command() -> None:
    """(not implemented yet)"""
    raise ModgenError("'modgen serve' is not implemented yet")
