#!/bin/sh
# Builds the OpenTafl divide adapter against the OpenTafl jar that OPENTAFL_JAR names
# (OpenTafl v0.4.8.0b; its dependencies sit beside it, named by its manifest).
# Usage: OPENTAFL_JAR=path/to/OpenTafl.jar adapters/opentafl-divide/build.sh
# Writes adapters/opentafl-divide/build/opentafl-divide.jar (never committed).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
: "${OPENTAFL_JAR:?set OPENTAFL_JAR to OpenTafl.jar (built from github.com/jslater89/OpenTafl)}"
[ -f "$OPENTAFL_JAR" ] || { echo "build.sh: no file $OPENTAFL_JAR" >&2; exit 2; }
command -v javac >/dev/null || { echo "build.sh: javac not found (a JDK 11 or newer is needed)" >&2; exit 2; }
rm -rf "$here/build"
mkdir -p "$here/build/classes"
javac -nowarn -encoding UTF-8 -cp "$OPENTAFL_JAR" -d "$here/build/classes" \
  "$here/src/com/manywords/softworks/tafl/engine/TaflcountDivide.java"
jar --create --file "$here/build/opentafl-divide.jar" -C "$here/build/classes" .
echo "built $here/build/opentafl-divide.jar" >&2
