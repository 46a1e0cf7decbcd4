"""Helpers shared by the rendering commands (counters, sheet, build)."""

from __future__ import annotations

from pathlib import Path

from modgen.errors import DataError


def require_valid(manifest: Path) -> None:
    """Run ``modgen validate``'s checks; a DataError with the first error (and how many more) if the data is invalid."""
    from modgen.validate import is_valid, validate_game

    issues = validate_game(str(manifest))
    if not is_valid(issues):
        errors = [i for i in issues if i.severity == "error"]
        more = f" (and {len(errors) - 1} more; run `modgen validate {manifest}`)" if len(errors) > 1 else ""
        raise DataError(f"{errors[0]}{more}")
