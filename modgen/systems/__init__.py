"""Rule systems: the plugin interface every system implements (:mod:`~modgen.systems.base`: ``RuleSystem``,
``Policy``, ``Phase``, ``Die``) and their discovery through the ``modgen.rules`` entry-point group
(:mod:`~modgen.systems.registry`).

What a system knows (phases, dice, rules-table schemas, required counter values, layouts, policies, checks) is
declared by its plugin and asked for here; no other stage keeps a per-system table. The built-in plugins live in
:mod:`modgen.rules`; this package imports none of them (they are found by entry point).

May import: only the base modules.
"""

from modgen.systems.base import COUNTER_ROLES, FAMILIES, Die, Family, Phase, Policy, RuleSystem, not_checked
from modgen.systems.registry import get_system, systems

__all__ = ["COUNTER_ROLES", "FAMILIES", "Die", "Family", "Phase", "Policy", "RuleSystem", "get_system", "not_checked",
           "systems"]
