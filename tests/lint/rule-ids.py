#!/usr/bin/env python3
"""Every rule id of a playable ruleset's digest is named by a test.

Usage: rule-ids.py MUSTER_CLI RULES_DIR TESTS_DIR

The digests are those of the rulesets `muster-cli rules --playable` lists
(RULES_DIR/ID.md), and table-conventions.md (the TAB-n ids every tabletop
ruleset measures by). A digest's own ids are those with its prefix (the
first part of most of its ids: BAA, BAT, TAB, ...); ids it cites from other
digests are theirs to count. An id is named when it appears in a string of a
test program (a test path, a table entry's name, a message: comments do not
count) or on a `rules` line of a rules script. Prints TAP; skips when the
digests are not beside the checkout.
"""
import collections
import os
import re
import subprocess
import sys

ID = re.compile(r'\b(?:[A-Z]{2,4}-[A-Z]+-[0-9]+|TAB-[0-9]+)\b')


def c_strings(text):
    """The string literals of C source, comments left out."""
    out = []
    i, n = 0, len(text)
    while i < n:
        if text.startswith('//', i):
            j = text.find('\n', i)
            i = n if j < 0 else j
        elif text.startswith('/*', i):
            j = text.find('*/', i + 2)
            i = n if j < 0 else j + 2
        elif text[i] == '"':
            j = i + 1
            start = j
            while j < n and text[j] != '"':
                j += 2 if text[j] == '\\' else 1
            out.append(text[start:j])
            i = j + 1
        elif text[i] == "'":
            j = i + 1
            while j < n and text[j] != "'":
                j += 2 if text[j] == '\\' else 1
            i = j + 1
        else:
            i += 1
    return out


def named_ids(tests):
    named = set()
    for root, _dirs, files in os.walk(tests):
        for name in files:
            path = os.path.join(root, name)
            if name.endswith(('.c', '.h')):
                with open(path, encoding='utf-8', errors='replace') as f:
                    for s in c_strings(f.read()):
                        named.update(ID.findall(s))
            elif name.endswith('.script'):
                with open(path, encoding='utf-8', errors='replace') as f:
                    for line in f:
                        if line.startswith('rules '):
                            named.update(ID.findall(line))
    return named


def own_ids(path):
    with open(path, encoding='utf-8') as f:
        ids = ID.findall(f.read())
    if not ids:
        return []
    prefix = collections.Counter(i.split('-')[0] for i in ids).most_common(1)[0][0]
    return sorted({i for i in ids if i.split('-')[0] == prefix})


def main():
    cli, rules, tests = sys.argv[1:4]
    if not os.path.isdir(rules):
        print('1..0 # SKIP rules digests not found at %s' % rules)
        return 0
    playable = subprocess.run([cli, 'rules', '--playable'], check=True,
                              capture_output=True, text=True).stdout.split()
    if not playable:
        print('Bail out! muster-cli lists no playable ruleset')
        return 1
    digests = [r + '.md' for r in playable] + ['table-conventions.md']
    named = named_ids(tests)
    n = 0
    fail = False
    for digest in digests:
        path = os.path.join(rules, digest)
        if not os.path.isfile(path):
            n += 1
            print('not ok %d %s: no digest for a playable ruleset' % (n, digest))
            fail = True
            continue
        for rid in own_ids(path):
            n += 1
            if rid in named:
                print('ok %d %s' % (n, rid))
            else:
                print('not ok %d %s is named by no test (%s)' % (n, rid, digest))
                fail = True
    print('1..%d' % n)
    return 1 if fail else 0


if __name__ == '__main__':
    sys.exit(main())
