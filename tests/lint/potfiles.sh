#!/bin/sh
# xgettext must see every marked string: each source, UI or data file in
# which xgettext finds a translatable string (with the project's keywords,
# po/meson.build) is listed in po/POTFILES.in, and every listed file exists.
# Usage: potfiles.sh SOURCE_ROOT [XGETTEXT-ARGUMENT...]
set -eu
cd "$1"
shift
n=0
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if ! command -v xgettext >/dev/null; then
  echo "1..0 # SKIP xgettext is not installed"
  exit 0
fi
files=$(git ls-files 'src/*.c' 'src/*.h' 'ui/*.ui' 'data/*.desktop.in' 'data/*.metainfo.xml.in' \
          'data/*.gschema.xml' 2>/dev/null ||
        find src ui data -name '*.[ch]' -o -name '*.ui' -o -name '*.desktop.in' \
          -o -name '*.metainfo.xml.in' -o -name '*.gschema.xml')
for f in $files; do
  # The glib preset of meson's i18n module, then the project's own keywords.
  xgettext --from-code=UTF-8 --keyword=_ --keyword=N_ --keyword=C_:1c,2 --keyword=NC_:1c,2 \
    --keyword=g_dcgettext:2 --keyword=g_dngettext:2,3 --keyword=g_dpgettext2:2c,3 \
    "$@" -o "$tmp/one.pot" "$f" 2>/dev/null || true
  if [ -s "$tmp/one.pot" ] && grep -q '^msgid "[^"]' "$tmp/one.pot"; then
    n=$((n + 1))
    if grep -qxF "$f" po/POTFILES.in; then
      echo "ok $n $f"
    else
      echo "not ok $n $f has translatable strings but is not in po/POTFILES.in"
      fail=1
    fi
  fi
  rm -f "$tmp/one.pot"
done
for f in $(grep -v '^#' po/POTFILES.in); do
  n=$((n + 1))
  if [ -f "$f" ]; then
    echo "ok $n $f exists"
  else
    echo "not ok $n po/POTFILES.in lists $f, which does not exist"
    fail=1
  fi
done
echo "1..$n"
exit $fail
