#!/usr/bin/env bash
# One-time (idempotent) set-up of a fresh Debian machine for modgen: Debian packages (JDK, Xvfb, VASSAL's Java libraries,
# Chromium, fonts, poppler), a virtual environment in .venv with modgen and its test tools, and the VASSAL engine for the
# real-engine integration test. Safe to run again: it skips what is already there.
set -euo pipefail
cd "$(dirname "$0")/.."

PY=${PYTHON:-python3}

# Debian packages (root only; elsewhere we assume they are installed and say so).
mapfile -t pkgs < <(grep -v -E '^\s*(#|$)' .ci/apt-packages.txt | sort -u)
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    # With recommends, as on the machines the tests were verified on (the VASSAL jars' dependencies among them).
    echo "setup: installing Debian packages: ${missing[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  else
    echo "setup: WARNING: missing Debian packages (install them as root): ${missing[*]}" >&2
  fi
fi

# Python environment.
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
.venv/bin/python -m pip install -q --upgrade pip
.venv/bin/python -m pip install -q -e '.[test]'

# The VASSAL engine and the compiled test harness (cached under .ci/cache).
if [ -f .ci/vassal-engine.sh ]; then
  bash .ci/vassal-engine.sh
fi
echo "setup: done (.venv ready)"
