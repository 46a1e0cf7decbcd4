"""modgen: wargame data → counters, maps, print sheets, VASSAL modules, and rules checks of played games."""

__version__ = "0.1.0"
