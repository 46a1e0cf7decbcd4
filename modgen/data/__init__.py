"""Data: load a game workspace (manifest, counters, maps, scenarios) and validate it.

Owns the position-keeping JSON parser (:mod:`~modgen.data.jsonio`), the loaded model (:mod:`~modgen.data.model`),
the schema checks and the records they report (:mod:`~modgen.data.documents`), the cross-reference checks
(:mod:`~modgen.data.crossref`, :mod:`~modgen.data.crossref_maps`), the entry point ``modgen validate`` calls
(:mod:`~modgen.data.validate`) and ``modgen new`` (:mod:`~modgen.data.scaffold`).

May import: the base modules (:mod:`modgen.errors`, :mod:`modgen.limits`, :mod:`modgen.atomic`,
:mod:`modgen.resources`), :mod:`modgen.geometry` and :mod:`modgen.systems` (a plugin's rules schema and required
values). Nothing else: every later stage reads data through this package.
"""
