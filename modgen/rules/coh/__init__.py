"""The Conflict of Heroes rule-system plugin."""

from __future__ import annotations

from modgen.rules.base import RuleSystem

plugin = RuleSystem(id="coh", name="Conflict of Heroes", rule_prefix="CoH")
