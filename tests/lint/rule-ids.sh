#!/bin/sh
# Every rule id of an implemented ruleset's digest must be named by at least one
# test. Usage: rule-ids.sh RULES_DIR TESTS_DIR DIGEST...
# Skips (exit 77) when the digests are not beside the checkout.
set -eu
rules=$1
tests=$2
shift 2

[ -d "$rules" ] || { echo "1..0 # SKIP rules digests not found at $rules"; exit 0; }

named=$(mktemp)
trap 'rm -f "$named"' EXIT
grep -rhoE '\b[A-Z]{2,4}-[A-Z]+-[0-9]+\b' "$tests" | sort -u > "$named"

n=0
fail=0
for digest in "$@"; do
  for id in $(grep -oE '\b[A-Z]{2,4}-[A-Z]+-[0-9]+\b' "$rules/$digest" | sort -u); do
    n=$((n + 1))
    if grep -qx "$id" "$named"; then
      echo "ok $n $id"
    else
      echo "not ok $n $id is named by no test ($digest)"
      fail=1
    fi
  done
done
echo "1..$n"
exit $fail
