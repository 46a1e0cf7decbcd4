"""atheris entry point over the same target as the hypothesis fuzz tests (optional; ``pip install atheris``).

    python tests/fuzz/atheris_decoder.py -max_total_time=600

Any exception other than ModgenError is a bug.
"""

from __future__ import annotations

import sys

if __name__ == "__main__":  # pragma: no cover - not collected by pytest
    import atheris  # type: ignore[import-not-found]

    with atheris.instrument_imports():
        from test_fuzz_decoder import decode_target

    atheris.Setup(sys.argv, decode_target)
    atheris.Fuzz()
