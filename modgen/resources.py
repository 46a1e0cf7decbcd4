"""Where modgen's bundled files are: schemas, layouts, templates.

An installed wheel carries the schemas inside the package (``modgen/schema``); a source checkout keeps
them at the repository's top level (``schema/``), where editors find them. Both are looked up here so
no other module has to care.
"""

from __future__ import annotations

from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent
ASSETS_DIR = PACKAGE_DIR / "assets"


def schema_dir() -> Path:
    """Directory holding the JSON Schemas (``*.schema.json``)."""
    inside = PACKAGE_DIR / "schema"
    if inside.is_dir():
        return inside
    return PACKAGE_DIR.parent / "schema"


def schema_path(kind: str) -> Path:
    """Path of the schema for a file kind: ``game``, ``counters``, ``map``, ``scenario``, ``events``…"""
    return schema_dir() / f"{kind}.schema.json"
