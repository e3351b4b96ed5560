#!/bin/sh
# Every source or UI file with translatable strings is listed in po/POTFILES.in.
# Usage: potfiles.sh SOURCE_ROOT
set -eu
cd "$1"
n=0
fail=0
for f in $(git ls-files 'src/*.c' 'ui/*.ui' 2>/dev/null || find src ui -name '*.c' -o -name '*.ui'); do
  if grep -Eq '(\b_\(|\bN_\(|\bC_\(|translatable="yes")' "$f"; then
    n=$((n + 1))
    if grep -qxF "$f" po/POTFILES.in; then
      echo "ok $n $f"
    else
      echo "not ok $n $f has translatable strings but is not in po/POTFILES.in"
      fail=1
    fi
  fi
done
echo "1..$n"
exit $fail
