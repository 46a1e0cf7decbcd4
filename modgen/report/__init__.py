"""Report: check a played game end to end (pick the reader by content, adapt a VASSAL log to canonical events, replay
them through the rules engine) and present the result: text, JSON, and the map picture of findings.

May import: every stage below it (base, geometry, systems, data, draw, logs, vassal, rules). Used by the sidecar and
the CLI.
"""
