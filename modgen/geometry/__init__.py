"""Geometry: hex grids and their printed numbering (a port of VASSAL's HexGrid and HexGridNumbering), pure arithmetic.

May import only the base modules (:mod:`modgen.errors`, :mod:`modgen.limits`). No Pillow, no game data: drawing,
the VASSAL builder and reader, and the rules toolkit all build on it.
"""
