"""The CLI entry point: help texts exist for the group and every subcommand."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from modgen.cli import cli


def test_group_help_lists_every_command() -> None:
    result = CliRunner().invoke(cli, ["--help"])
    assert result.exit_code == 0
    for name in ("validate", "new", "map", "counters", "sheet", "build", "log", "check", "serve"):
        assert name in result.output


@pytest.mark.parametrize("name", ["validate", "new", "map", "counters", "sheet", "build", "log", "check", "serve"])
def test_subcommand_help_explains_itself(name: str) -> None:
    result = CliRunner().invoke(cli, [name, "--help"])
    assert result.exit_code == 0
    assert "not implemented" not in result.output
    assert len(result.output.splitlines()) > 3
