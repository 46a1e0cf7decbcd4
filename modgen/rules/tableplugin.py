"""A :class:`~modgen.systems.base.RuleSystem` base for plugins declared as data: a tables module (the manifest's
``rules`` schema), the values each unit class prints, and a checks module (the engine's rule checks).

TiS, CoH and FoW answered these three hooks with the same code; each now only declares its own pieces.
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType
from typing import Any, ClassVar

from modgen.rules.tablespec import per_face
from modgen.systems.base import RuleSystem


class TablePlugin(RuleSystem):
    """Rules schema from ``tables.rules_schema()``, required values per unit class from ``required``, checkers
    from ``make_checkers(ctx)`` in ``checks_module``."""

    tables: ClassVar[ModuleType]
    required: ClassVar[dict[str, list[str]]] = {}
    #: imported only when the engine asks for checkers, so loading a plugin stays cheap
    checks_module: ClassVar[str] = ""
    #: counter kinds that print values (others, such as markers, need none)
    unit_kinds: ClassVar[tuple[str, ...]] = ("unit",)

    def rules_schema(self) -> dict[str, Any]:
        return self.tables.rules_schema()

    def value_class(self, unit: dict[str, Any]) -> str:
        """The key of ``required`` that applies to ``unit`` (its ``class`` unless a plugin refines it)."""
        return unit.get("class", "")

    def required_values(self, unit: dict[str, Any]) -> dict[str, list[str]]:
        if unit.get("kind") not in self.unit_kinds:
            return {}
        return per_face(unit, self.required.get(self.value_class(unit), []))

    def checkers(self, ctx: Any) -> list[Any]:
        return import_module(self.checks_module).make_checkers(ctx) if self.checks_module else []
