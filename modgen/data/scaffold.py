"""`modgen new`: create a small, valid example game workspace from a rule system's template.

Each plugin may ship a template folder (:meth:`~modgen.systems.base.RuleSystem.template_dir`; the built-in ones
keep it in ``modgen/rules/<system>/template/``).

The template's file names and contents use two placeholders: ``__GAME__`` (the game id) and ``__TITLE__``.
The JSON Schemas are copied into ``DIR/schema/`` so the files' ``"$schema"`` references work in editors.
Nothing is overwritten: if any target file exists, nothing is written at all.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from modgen import atomic
from modgen.errors import DataError, ModgenError
from modgen.resources import schema_dir
from modgen.systems.registry import systems

_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.\-]*$")


def template_systems() -> list[str]:
    """The installed systems whose plugin ships a template."""
    return sorted(sid for sid, plugin in systems().items() if plugin.template_dir() is not None)


def plan(target: Path, system: str, game_id: str, title: str) -> dict[Path, str]:
    """Every file ``new`` would write (path -> text), without writing anything."""
    plugin = systems().get(system)
    source = plugin.template_dir() if plugin is not None else None
    if source is None:
        raise ModgenError(f"no template for system {system!r} (templates: {', '.join(template_systems())})",
                          exit_code=2)
    if not _ID.match(game_id):
        raise ModgenError(f"invalid game id {game_id!r}: use letters, digits, '_', '.', '-', starting with a "
                          "letter or digit", exit_code=2)
    title_json = json.dumps(title, ensure_ascii=False)[1:-1]  # escaped for use inside a JSON string
    files: dict[Path, str] = {}
    for src in sorted(source.rglob("*.json")):
        rel = src.relative_to(source).as_posix().replace("__GAME__", game_id)
        text = src.read_text(encoding="utf-8").replace("__GAME__", game_id).replace("__TITLE__", title_json)
        files[target / rel] = text
    for src in sorted(schema_dir().glob("*.schema.json")):
        files[target / "schema" / src.name] = src.read_text(encoding="utf-8")
    return files


def new_workspace(target: str | Path, system: str = "efb", game_id: str | None = None,
                  title: str | None = None) -> Path:
    """Scaffold a workspace in ``target`` (created if needed); returns the manifest's path.

    Refuses (DataError, nothing written) if ``target`` is a file or any file to be written already exists.
    """
    target = Path(target)
    if target.exists() and not target.is_dir():
        raise DataError(f"{target}: exists and is not a directory")
    game_id = game_id or _default_id(target)
    files = plan(target, system, game_id, title or f"{game_id} (example)")
    existing = [p for p in files if p.exists() or p.is_symlink()]
    if existing:
        shown = ", ".join(str(p) for p in existing[:3]) + (" …" if len(existing) > 3 else "")
        raise DataError(f"refusing to overwrite existing file{'s' if len(existing) > 1 else ''}: {shown}")
    for path, text in files.items():
        atomic.write_text(path, text)
    return target / "games" / f"{game_id}.json"


def _default_id(target: Path) -> str:
    """A game id from the folder name: lower case, other characters replaced by '_'."""
    name = re.sub(r"[^A-Za-z0-9_.\-]+", "_", target.resolve().name.lower()).strip("_.-")
    return name if name and _ID.match(name) else "game"
