"""The ``modgen`` command in a process of its own: ``python -m modgen`` and the installed ``modgen`` script.

Start-up allocates tens of thousands of long-lived objects (the modules, classes and functions of click and modgen)
and frees next to none, so the garbage collector's passes over them are wasted work: it is paused while the CLI is
imported, and :func:`gc.freeze` then moves those objects out of its sight, so that later passes (while a command
imports its own modules and runs) only look at what came after. At exit a last :func:`gc.freeze` spares the
interpreter's final pass over every object (a few ms): stdout and stderr are still flushed, files still closed and
``atexit`` handlers still run by the normal exit; only garbage in reference cycles is left to the operating system,
which Python never promises to finalise at exit either. :func:`modgen.cli.main` itself changes nothing of this,
since tests and the sidecar call it in long-lived processes.
"""

import gc
import sys


def entry() -> int:
    """Run the command line on ``sys.argv`` (the console script's entry point); the exit status."""
    gc.disable()
    from modgen.cli import main  # imported with the collector paused, see above

    gc.freeze()
    gc.enable()
    code = main()
    gc.freeze()
    return code


if __name__ == "__main__":
    sys.exit(entry())
