"""Drawing: NATO symbols, counters from layouts, hex maps and free-form tables, and physical-size print PDFs.

Counters: :mod:`~modgen.draw.nato`, :mod:`~modgen.draw.layouts`, :mod:`~modgen.draw.counters`,
:mod:`~modgen.draw.counterdraw`, :mod:`~modgen.draw.counter_export`, :mod:`~modgen.draw.sheets`,
:mod:`~modgen.draw.gallery`. Maps: :mod:`~modgen.draw.mapdraw`, :mod:`~modgen.draw.mapstyle`,
:mod:`~modgen.draw.maptable`, :mod:`~modgen.draw.maplabels`. A module's boards: :mod:`~modgen.draw.boards`
(in processes, a big board in bands), :mod:`~modgen.draw.pngpieces` (their PNGs deflated in pieces),
:mod:`~modgen.draw.imagecache`. Paper: :mod:`~modgen.draw.printing`.

May import: the base modules, :mod:`modgen.geometry`, :mod:`modgen.systems` (a system's default counter layout) and
:mod:`modgen.data`. Never the VASSAL, logs, rules, report, sidecar or CLI stages.
"""
