#!/bin/sh
# Every language in po/LINGUAS has a catalogue that msgfmt --check accepts
# (format strings, plural forms, header) and translates the strings of the
# sources as they are now: the catalogue is merged with a template made
# fresh by xgettext, so a string added since the last translation counts as
# untranslated. Below 100 % is a warning, below 95 % or any fuzzy entry a
# failure.
# Usage: po.sh SOURCE_ROOT [XGETTEXT-ARGUMENT...]
set -eu
cd "$1"
shift
for tool in xgettext msgmerge msgfmt; do
  if ! command -v $tool >/dev/null; then
    echo "1..0 # SKIP $tool is not installed"
    exit 0
  fi
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
xgettext --from-code=UTF-8 --add-comments --keyword=_ --keyword=N_ --keyword=C_:1c,2 \
  --keyword=NC_:1c,2 --keyword=g_dcgettext:2 --keyword=g_dngettext:2,3 --keyword=g_dpgettext2:2c,3 \
  --flag=N_:1:pass-c-format --flag=C_:2:pass-c-format --flag=NC_:2:pass-c-format \
  --flag=g_dngettext:2:pass-c-format --flag=g_strdup_printf:1:c-format \
  --flag=g_string_printf:2:c-format --flag=g_string_append_printf:2:c-format \
  --flag=g_error_new:3:c-format --flag=g_set_error:4:c-format \
  "$@" -f po/POTFILES.in -D . -o "$tmp/muster.pot" 2>"$tmp/xgettext.log" || {
  cat "$tmp/xgettext.log"
  echo "1..1"
  echo "not ok 1 xgettext cannot read the sources"
  exit 1
}
n=0
fail=0
for lang in $(sed 's/#.*//' po/LINGUAS); do
  n=$((n + 1))
  po="po/$lang.po"
  if [ ! -f "$po" ]; then
    echo "not ok $n $lang: po/LINGUAS lists it but $po does not exist"
    fail=1
    continue
  fi
  if ! msgfmt --check -o /dev/null "$po" 2>"$tmp/check.log"; then
    sed 's/^/# /' "$tmp/check.log"
    echo "not ok $n $lang: msgfmt --check fails"
    fail=1
    continue
  fi
  fuzzy_here=$(msgattrib --only-fuzzy --no-obsolete "$po" 2>/dev/null | grep -c '^msgid ' || true)
  msgmerge --quiet --no-fuzzy-matching -o "$tmp/$lang.po" "$po" "$tmp/muster.pot"
  # "N translated messages, M fuzzy translations, K untranslated messages."
  stats=$(LC_ALL=C msgfmt --statistics -o /dev/null "$tmp/$lang.po" 2>&1)
  done_=$(echo "$stats" | sed -n 's/^\([0-9]*\) translated message.*/\1/p')
  fuzzy=$(echo "$stats" | sed -n 's/.* \([0-9]*\) fuzzy translation.*/\1/p')
  left=$(echo "$stats" | sed -n 's/.* \([0-9]*\) untranslated message.*/\1/p')
  done_=${done_:-0}
  fuzzy=${fuzzy:-0}
  left=${left:-0}
  total=$((done_ + fuzzy + left))
  # one decimal, rounded down so that 99.96 % is not shown as 100 %
  permille=$((total > 0 ? done_ * 1000 / total : 1000))
  share="$((permille / 10)).$((permille % 10)) %"
  if [ "$fuzzy_here" -gt 0 ]; then
    echo "not ok $n $lang: $fuzzy_here fuzzy entries in $po"
    fail=1
  elif [ "$permille" -lt 950 ]; then
    echo "not ok $n $lang: $share translated ($done_ of $total), below 95 %"
    fail=1
  elif [ "$done_" -lt "$total" ]; then
    echo "ok $n $lang: $share translated ($done_ of $total) # warning: below 100 %"
    echo "warning: $lang is $share translated ($done_ of $total)" >&2
  else
    echo "ok $n $lang: 100 % translated ($total strings)"
  fi
done
if [ "$n" -eq 0 ]; then
  echo "1..0 # SKIP po/LINGUAS lists no language"
  exit 0
fi
echo "1..$n"
exit $fail
