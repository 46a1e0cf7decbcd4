"""The named policy: how plugins and the core settle what a rulebook leaves open (re-exported by
:mod:`modgen.systems.base`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Policy:
    """A named choice where the rulebook is ambiguous or contradicts itself, with a documented default."""

    name: str
    default: Any
    choices: tuple[Any, ...]
    doc: str
    rule: str = ""  # the rule(s) the ambiguity is in, e.g. "EFB 8.7(3)"
