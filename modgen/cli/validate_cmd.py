"""`modgen validate`: check a game's manifest and every file it references."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import click


@click.command("validate")
@click.argument("manifest", type=click.Path(dir_okay=True, path_type=str))
@click.option("--json", "as_json", is_flag=True, help="Print the issues as a JSON array instead of text lines.")
@click.option("-q", "--quiet", is_flag=True, help="Print only the issues, no summary line.")
def command(manifest: str, as_json: bool, quiet: bool) -> None:
    """Validate MANIFEST (games/<game>.json) and the counters, maps and scenarios it names.

    Checks JSON syntax, the JSON Schemas in schema/, the rule system's rules tables, and cross-references
    (duplicate ids, unknown units, sides, formations, terrain, hexes off the map, non-adjacent hexsides,
    reinforcements after the last turn, counter values the rule system needs, missing files, ...); when the
    data is valid, counter text that must shrink below its layout's min_size to fit is a warning.

    Every issue is printed as FILE:LINE:COLUMN: /json/pointer: message, followed by a summary line.

    Exit status: 0 valid, 1 invalid, 2 usage error (including a MANIFEST that does not exist or is a
    directory).
    """
    path = Path(manifest)
    if path.is_dir():
        found = sorted(path.glob("games/*.json")) or sorted(path.glob("*.json"))
        hint = f"; did you mean {found[0]}?" if found else "; give the game's manifest, games/<game>.json"
        raise click.BadParameter(f"{manifest} is a directory{hint}", param_hint="MANIFEST")
    if not path.exists():
        raise click.BadParameter(f"{manifest} does not exist", param_hint="MANIFEST")
    issues = _issues(manifest)
    if as_json:
        click.echo(json.dumps([i.to_dict() for i in issues], indent=2, ensure_ascii=False))
    else:
        for issue in issues:
            click.echo(str(issue))
    errors = sum(1 for i in issues if i.severity == "error")
    warnings = len(issues) - errors
    if not quiet and not as_json:
        if errors:
            click.echo(f"{manifest}: invalid: {errors} error{'s' if errors != 1 else ''}"
                       + (f", {warnings} warning{'s' if warnings != 1 else ''}" if warnings else ""), err=True)
        else:
            click.echo(f"{manifest}: valid" + (f" ({warnings} warning{'s' if warnings != 1 else ''})"
                                                if warnings else ""), err=True)
    if errors:
        raise click.exceptions.Exit(1)


def _issues(manifest: str) -> list[Any]:
    """The data checks' issues, then (for valid data) the drawing checks' warnings: remembered in the validation
    cache (:mod:`modgen.data.validcache`) while no file they depend on changes, so validating unchanged data again
    imports neither jsonschema nor the drawing code."""
    from modgen.data import validcache

    cached = validcache.known_report(manifest)
    if cached is not None:
        if not cached:
            return []
        from modgen.data.documents import Issue

        return [Issue(**d) for d in cached]
    from modgen.data.validate import is_valid, validate_game

    files: list[str] = []
    started = time.time_ns()
    issues = validate_game(manifest, files)
    if is_valid(issues):  # drawing checks need valid data: text that must shrink below its min_size to fit
        from modgen.draw.fitcheck import font_files, text_fit_issues

        issues += text_fit_issues(manifest)
        validcache.remember(manifest, [*files, *font_files(manifest)], since=started,
                            issues=[i.to_dict() for i in issues])
    return issues
