"""Warnings grouped by kind: one line per kind with a count, the first place it happened, instead of one line each;
and the numbering of findings shared by the text report, the JSON, the picture and the sidecar page.

A reader warning reads ``FILE: WHERE, offset N: MESSAGE``; its kind is the message with numbers and quoted names
blanked, so "move of unknown piece 123" and "move of unknown piece 456" are one kind.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

_WHERE = re.compile(r"^(?P<where>.*?(?:saved state|step \d+)(?:, offset \d+)?): (?P<msg>.*)$", re.S)
_VARIABLE = re.compile(r"'[^']*'|\"[^\"]*\"|\d+")


@dataclass
class Group:
    """Warnings of one kind: how many, the first one's message and where it was."""

    kind: str
    count: int
    first: str
    where: str

    def line(self) -> str:
        """``3 x move of unknown piece 123 (first: game.vlog: step 4, offset 120)``; a single one as it was."""
        if self.count == 1:
            return f"{self.where}: {self.first}" if self.where else self.first
        at = f" (first: {self.where})" if self.where else ""
        return f"{self.count} x {self.first}{at}"


def split_where(message: str) -> tuple[str, str]:
    """(where, message) of a reader warning; where is "" when the message names no place."""
    m = _WHERE.match(message)
    return (m.group("where"), m.group("msg")) if m else ("", message)


def group(messages: Iterable[str]) -> list[Group]:
    """Warnings grouped by kind, kinds in order of first appearance."""
    groups: dict[str, Group] = {}
    for text in messages:
        where, msg = split_where(text)
        kind = _VARIABLE.sub("#", msg)
        g = groups.get(kind)
        if g is None:
            groups[kind] = Group(kind, 1, msg, where)
        else:
            g.count += 1
    return list(groups.values())


# ---- numbering ------------------------------------------------------------------------------------------------
def numbered(findings: Sequence[Any]) -> list[tuple[int, Any]]:
    """``(number, finding)`` pairs: the number is the 1-based place in the report's list, the same in the text
    report, the JSON (``number``), the picture and the sidecar page."""
    return list(enumerate(findings, start=1))


def with_numbers(report: dict[str, Any]) -> dict[str, Any]:
    """A copy of a report dict whose findings carry ``number``."""
    out = dict(report)
    out["findings"] = [{**f, "number": n} for n, f in numbered(report.get("findings") or [])]
    return out
