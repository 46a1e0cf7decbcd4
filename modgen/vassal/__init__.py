"""VASSAL: write a module (.vmod: buildFile.xml, moduledata, images, scenario set-ups) and read saves and logs
(.vsav/.vlog: zip, ``!VCSK`` obfuscation, the command grammar, pieces) back into canonical events.

Writing: :mod:`~modgen.vassal.module` (assembly), :mod:`~modgen.vassal.buildfile`, :mod:`~modgen.vassal.traits`,
:mod:`~modgen.vassal.setups`, :mod:`~modgen.vassal.charts`, :mod:`~modgen.vassal.holding`. Reading:
:mod:`~modgen.vassal.archive`, :mod:`~modgen.vassal.obfuscation`, :mod:`~modgen.vassal.commands`,
:mod:`~modgen.vassal.reader`, :mod:`~modgen.vassal.adapter`. Shared by both: :mod:`~modgen.vassal.sequence`,
:mod:`~modgen.vassal.scale` and :mod:`~modgen.vassal.bands` (the builder and the reader agree through them).

May import: the base modules, :mod:`modgen.geometry`, :mod:`modgen.systems` (dice, phases), :mod:`modgen.data`,
:mod:`modgen.draw` (counter and map images) and :mod:`modgen.logs` (canonical events). Not the rules engine.
"""
