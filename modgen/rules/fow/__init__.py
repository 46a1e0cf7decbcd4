"""The Flames of War rule-system plugin."""

from __future__ import annotations

from modgen.rules.base import RuleSystem

plugin = RuleSystem(id="fow", name="Flames of War", rule_prefix="FoW")
