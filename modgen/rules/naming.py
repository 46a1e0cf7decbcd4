"""How findings name a unit: designation plus side and formation, e.g. "5 (German 5th Panzer Division)", so two
counters that print the same designation are never confused. One function, used by every rule system."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def unit_label(rec: Mapping[str, Any], sides: Mapping[str, Mapping[str, Any]],
               formations: Mapping[str, Mapping[str, Any]], uid: str = "") -> str:
    """``designation (Side Formation)``: the side's name, then the formation's short name (else its name) unless it
    already starts with the side's name; the id alone for a unit the game does not have."""
    des = rec.get("designation") or rec.get("name") or rec.get("id") or uid
    if not rec:
        return des
    side = (sides.get(rec.get("side") or "") or {}).get("name") or rec.get("side") or ""
    form = formations.get(rec.get("formation") or "") or {}
    fname = form.get("short") or form.get("name") or ""
    if fname and side and fname.lower().startswith(side.lower()):
        side = ""
    qual = " ".join(x for x in (side, fname) if x)
    return f"{des} ({qual})" if qual else des
