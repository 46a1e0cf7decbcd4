"""Rules: the engine that replays canonical events (:mod:`~modgen.rules.engine`), the findings it reports, the
toolkit plugins share (board, path costs, sequence and reinforcement-schedule checks, rules-table schema helpers) and
the four built-in rule systems (:mod:`~modgen.rules.efb`, :mod:`~modgen.rules.tis`, :mod:`~modgen.rules.coh`,
:mod:`~modgen.rules.fow`), each found through the ``modgen.rules`` entry-point group like any third-party plugin.

May import: the base modules, :mod:`modgen.geometry`, :mod:`modgen.systems` (the interface the plugins implement),
:mod:`modgen.data` and :mod:`modgen.logs`. Not drawing, not VASSAL: the engine sees only canonical events.
"""
