#!/bin/sh
# taflperft --against protocol -> OpenTafl's rules engine (the adapter built by build.sh).
# Usage: OPENTAFL_JAR=path/to/OpenTafl.jar run.sh DEPTH "OTN RULES" "POSITION RECORD" SIDE "MOVES"
set -eu
here=$(cd "$(dirname "$0")" && pwd)
: "${OPENTAFL_JAR:?set OPENTAFL_JAR to OpenTafl.jar}"
jar="$here/build/opentafl-divide.jar"
[ -f "$jar" ] || { echo "run.sh: $jar is missing; run adapters/opentafl-divide/build.sh first" >&2; exit 2; }
exec java -Xss64m -XX:+UseSerialGC -cp "$jar:$OPENTAFL_JAR" \
  com.manywords.softworks.tafl.engine.TaflcountDivide "$@"
