"""The Taktyka i Strategia rule-system plugin."""

from __future__ import annotations

from modgen.rules.base import RuleSystem

plugin = RuleSystem(id="tis", name="Taktyka i Strategia", rule_prefix="TIS")
