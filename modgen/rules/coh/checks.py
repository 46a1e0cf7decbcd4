"""First Conflict of Heroes checks: the round structure (pre-round, initiative, actions, round end) and the number
of rounds the firefight lasts. Activations, AP costs and fire resolution need action events the canonical log does
not have yet."""

from __future__ import annotations

from typing import Any

from modgen.rules.seqcheck import Sequence


def make_checkers(ctx: Any) -> list[Any]:
    """The CoH checks for one replay (Fig 30 and 21.0 describe the round; the firefight sets its length)."""
    return [Sequence("21.0", "firefight", "round")]
