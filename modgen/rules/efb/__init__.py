"""The East Front Battles rule-system plugin."""

from __future__ import annotations

from modgen.rules.base import RuleSystem

plugin = RuleSystem(id="efb", name="East Front Battles", rule_prefix="EFB")
