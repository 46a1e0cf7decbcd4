"""Logs: the canonical JSON Lines event log (:mod:`~modgen.logs.eventlog`) and the chat declaration syntax players
type in VASSAL (:mod:`~modgen.logs.chat`).

May import: the base modules, :mod:`modgen.geometry`, :mod:`modgen.systems` (event kinds and chat verbs a plugin
declares) and :mod:`modgen.data`. VASSAL's own formats are decoded in :mod:`modgen.vassal`, which builds on this.
"""
