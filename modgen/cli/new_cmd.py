"""`modgen new` (not implemented yet)."""

from __future__ import annotations

import click

from modgen.errors import ModgenError


@click.command("new")
def command() -> None:
    """(not implemented yet)"""
    raise ModgenError("'modgen new' is not implemented yet")
