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

Rules a digest describes but Muster does not build yet are deferred by
rule-ids-deferred.txt (beside this file, its format described there): each
deferred id is printed as `ok N ID # SKIP REASON`, so what is left out stays
in sight. A deferred id a test names after all passes as any other.
"""
import collections
import os
import re
import subprocess
import sys

ID = re.compile(r'\b(?:[A-Z]{2,4}-[A-Z]+-[0-9]+|TAB-[0-9]+)\b')
CITE = re.compile(r'\b[A-Z]{2,4}-[A-Z]+(?:-[0-9]+[a-z]?)?\b')
SECTION = re.compile(r'^#{2,3} ([0-9]+(?:\.[0-9]+)?)[. ]')
# where a digest defines an id: a bold list item, or an ambiguity table row
HOME = re.compile(r'^\s*- \*\*([A-Z]{2,4}-[A-Z]+-[0-9]+)\b|^\| ([A-Z]{2,4}-[A-Z]+-[0-9]+) \|')


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


def is_run_script(tests, path):
    """Whether test-rule-scripts runs the script: it reads
    fixtures/rules/ID/NAME.script, one level deep, and a script kept below
    (written ahead of the engine that plays it) names nothing yet."""
    parts = os.path.relpath(path, tests).split(os.sep)
    return len(parts) == 4 and parts[:2] == ['fixtures', 'rules']


def named_ids(tests):
    named = set()
    for root, _dirs, files in os.walk(tests):
        for name in files:
            path = os.path.join(root, name)
            if name.endswith(('.c', '.h')):
                with open(path, encoding='utf-8', errors='replace') as f:
                    for s in c_strings(f.read()):
                        named.update(ID.findall(s))
            elif name.endswith('.script') and is_run_script(tests, path):
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


def read_deferrals(path):
    """{digest: ([(section, reason)], {id: reason})} from rule-ids-deferred.txt"""
    out = {}
    with open(path, encoding='utf-8') as f:
        for number, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith('#'):
                continue
            parts = line.split(None, 3)
            if len(parts) < 4 or parts[0] not in ('section', 'id'):
                raise SystemExit('%s:%d: error: expected "section DIGEST NUMBER REASON" '
                                 'or "id DIGEST ID REASON"' % (path, number))
            sections, ids = out.setdefault(parts[1], ([], {}))
            if parts[0] == 'section':
                sections.append((parts[2], parts[3]))
            else:
                ids[parts[2]] = parts[3]
    return out


def deferred_ids(path, sections, ids):
    """{id: reason}: the ids of a digest that its deferrals cover"""
    with open(path, encoding='utf-8') as f:
        lines = f.read().splitlines()
    section = None
    line_section = []
    home = {}
    for i, line in enumerate(lines):
        m = SECTION.match(line)
        if m:
            section = m.group(1)
        line_section.append(section)
        m = HOME.match(line)
        if m:
            home.setdefault(m.group(1) or m.group(2), i)
    reasons = dict(sections)
    stale = ['section %s' % number for number, _why in sections if number not in line_section]
    stale += ['id %s' % rid for rid in ids if not any(rid in ID.findall(line) for line in lines)]
    first_reason = sections[0][1].split(':')[0] if sections else 'deferred'
    out = dict(ids)
    for rid, i in home.items():
        if line_section[i] in reasons:
            out.setdefault(rid, reasons[line_section[i]])
    # An ambiguity or example belongs to the rules its issue cites (other
    # ambiguities left aside), or, citing none, to what cites it. A rule
    # cited is deferred when it is, or when it names a part of a deferred
    # family ("TS-CR-2a..7", "TS-MEL").
    families = collections.defaultdict(set)
    for rid in home:
        families[rid.rsplit('-', 1)[0]].add(rid)
    mentions = collections.defaultdict(set)
    for i, line in enumerate(lines):
        for rid in ID.findall(line):
            if home.get(rid) != i:
                mentions[rid].add(i)
    home_of_line = {i: rid for rid, i in home.items()}

    def cited_deferred(c):
        family = c if c in families else c.rsplit('-', 1)[0]
        return c in out or (family in families and families[family] <= out.keys())

    changed = True
    while changed:
        changed = False
        for rid, i in home.items():
            if rid in out or line_section[i] is None or line_section[i][0] not in '45':
                continue
            cited_by = mentions[rid]
            issue = lines[i].split('|')[2] if lines[i].startswith('|') else lines[i]
            cites = sorted({c for c in CITE.findall(issue)
                            if c not in home or line_section[home[c]][0] not in '45'})
            if not cites and cited_by and all(line_section[j] in reasons or
                                              home_of_line.get(j) in out for j in cited_by):
                by = sorted({home_of_line.get(j) or line_section[j] for j in cited_by})
                out[rid] = '%s: cited only by deferred %s' % (first_reason, ', '.join(by))
            elif cites and all(cited_deferred(c) for c in cites):
                out[rid] = '%s: about deferred %s' % (first_reason, ', '.join(cites))
            else:
                continue
            changed = True
    return out, stale


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
    deferrals = read_deferrals(os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                            'rule-ids-deferred.txt'))
    n = 0
    fail = False
    for digest in digests:
        path = os.path.join(rules, digest)
        if not os.path.isfile(path):
            n += 1
            print('not ok %d %s: no digest for a playable ruleset' % (n, digest))
            fail = True
            continue
        sections, ids = deferrals.get(digest, ([], {}))
        deferred, stale = deferred_ids(path, sections, ids)
        for what in stale:
            n += 1
            print('not ok %d %s: rule-ids-deferred.txt defers %s, which it does not have'
                  % (n, digest, what))
            fail = True
        for rid in own_ids(path):
            n += 1
            if rid in named:
                print('ok %d %s' % (n, rid))
            elif rid in deferred:
                print('ok %d %s # SKIP deferred (%s): %s' % (n, rid, digest, deferred[rid]))
            else:
                print('not ok %d %s is named by no test (%s)' % (n, rid, digest))
                fail = True
    print('1..%d' % n)
    return 1 if fail else 0


if __name__ == '__main__':
    sys.exit(main())
