"""Click parameter types shared by the commands (a module of its own: it imports only click, so a command that
loads its heavy modules lazily can still use it in its decorators)."""

from __future__ import annotations

import math
from typing import Any

import click


class FiniteFloatRange(click.FloatRange):
    """A :class:`click.FloatRange` that also refuses ``nan`` (which passes every range comparison, so click lets it
    through) and the infinities: a usage error (exit 2) naming the option."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        rv = super().convert(value, param, ctx)
        if not math.isfinite(rv):
            self.fail(f"{value!r} is not a finite number.", param, ctx)
        return rv
