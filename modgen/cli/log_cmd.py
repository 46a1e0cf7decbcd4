"""`modgen log` (not implemented yet)."""

from __future__ import annotations

import click

from modgen.errors import ModgenError


@click.command("log")
def command() -> None:
    """(not implemented yet)"""
    raise ModgenError("'modgen log' is not implemented yet")
