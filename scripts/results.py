#!/usr/bin/env python3
"""Read kunit.py --json results in build/<base>/results/ and judge them.

The base is $BASE (default: DEFAULT_BASE of config.mk); a target may also
be written <base>:<target>.

  results.py check <target> <page_size>  one target: every suite of
      tests/kunit-suites/<base>.txt ran with its number of cases, nothing
      failed, crashed or was skipped, the kernel really had that PAGE_SIZE,
      and its console has no lockdep report, WARN, BUG or Oops from the first
      KTAP line on (it also says whether lockdep was still on then).
  results.py total [targets...]          'N passed, N failed' over targets
  results.py table [targets...]          cases per suite and target (markdown)
  results.py failed <target>             the cases that did not pass
"""
import json
import os
import re
import sys

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TARGETS = ['x86_64-4k', 'ppc64le-64k', 'arm64-16k', 'arm64-64k']


def default_base():
    with open(os.path.join(TOP, 'config.mk')) as f:
        for line in f:
            m = re.match(r'DEFAULT_BASE\s*:=\s*(\S+)', line)
            if m:
                return m.group(1)
    return None


BASE = os.environ.get('BASE') or default_base()


def split(target):
    """'<base>:<target>' or '<target>' -> (base, target)."""
    if ':' in target:
        return tuple(target.split(':', 1))
    return BASE, target


def res_dir(base):
    if base == BASE and os.environ.get('KUNIT_RESULTS_DIR'):
        return os.environ['KUNIT_RESULTS_DIR']
    return os.path.join(TOP, 'build', base, 'results')


def logs_dir(base):
    if base == BASE and os.environ.get('KUNIT_LOGS_DIR'):
        return os.environ['KUNIT_LOGS_DIR']
    return os.path.join(TOP, 'build', base, 'targets')


def expected_suites(base=None):
    suites = {}
    path = os.environ.get('KUNIT_SUITES') or os.path.join(
        TOP, 'tests', 'kunit-suites', (base or BASE) + '.txt')
    with open(path) as f:
        for line in f:
            line = line.split('#', 1)[0].split()
            if line:
                suites[line[0]] = int(line[1])
    return suites


def leaves(group):
    """Yield (name, status) of every leaf case below a JSON group."""
    for case in group.get('test_cases', []):
        yield case['name'], case['status']
    for sub in group.get('sub_groups', []):
        yield from leaves(sub)


def load(target):
    """Return {suite: {'PASS': n, 'FAIL': n, ...}} or None if no results."""
    base, target = split(target)
    path = os.path.join(res_dir(base), target + '.json')
    if not os.path.exists(path):
        return None
    with open(path) as f:
        top = json.load(f)
    suites = {}
    for suite in top.get('sub_groups', []):
        counts = suites.setdefault(suite['name'], {})
        for _, status in leaves(suite):
            counts[status] = counts.get(status, 0) + 1
    # A suite that crashed before its first case has no leaves.
    for case in top.get('test_cases', []):
        suites.setdefault(case['name'], {}).setdefault(case['status'], 0)
        suites[case['name']][case['status']] += 1
    return suites


KERNEL_REPORT = re.compile(r'\b(?:WARNING|BUG): |\bOops\b|Kernel panic')


def console(text):
    """Judge a test console log: (first kernel report after the first KTAP
    line or None, whether lock debugging was on while the tests ran).

    A lockdep report, a WARN or a BUG does not fail a KUnit case by itself,
    so a run with one must fail here. Lock debugging can also switch itself
    off at boot (7.3 on a ppc64le pseries guest under QEMU warns with
    DEBUG_LOCKS_WARN_ON from timer_interrupt before any test runs): that is
    reported, not failed.
    """
    start = text.find('KTAP version')
    boot, tests = (text[:start], text[start:]) if start >= 0 else ('', text)
    report = next((line.strip() for line in tests.splitlines()
                   if KERNEL_REPORT.search(line)), None)
    if 'Lock dependency validator' not in boot + tests:
        lockdep = 'not built'
    elif ('DEBUG_LOCKS_WARN_ON' in boot or
          'turning off the locking correctness validator' in boot):
        lockdep = 'off (switched off at boot, before the tests)'
    else:
        lockdep = 'on'
    return report, lockdep


def check(target, page_size):
    problems = []
    suites = load(target)
    base, target = split(target)
    if suites is None:
        print(f'{base} {target}: no results ({res_dir(base)}/{target}.json missing)')
        return 1
    for name, want in expected_suites(base).items():
        got = suites.get(name)
        if got is None:
            problems.append(f'suite {name} did not run')
            continue
        total = sum(got.values())
        if total != want:
            problems.append(f'suite {name}: {total} cases, expected {want}')
        for status in ('FAIL', 'ERROR', 'SKIP'):
            if got.get(status):
                problems.append(f'suite {name}: {got[status]} {status}')
    for name, got in suites.items():
        for status in ('FAIL', 'ERROR'):
            if got.get(status):
                problems.append(f'suite {name}: {got[status]} {status}')
    log = os.path.join(logs_dir(base), target, 'test.log')
    text = open(log, errors='replace').read() if os.path.exists(log) else ''
    # Several tests print the PAGE_SIZE they ran with (the RFC's geometry
    # test, the RAS and NBIO tests of earlier postings).
    m = re.search(r'\bPAGE_SIZE=(\d+)', text)
    if not m:
        problems.append('the test log does not say which PAGE_SIZE ran')
    elif int(m.group(1)) != int(page_size):
        problems.append(f'kernel PAGE_SIZE {m.group(1)}, target needs {page_size}')
    report, lockdep = console(text)
    if report:
        problems.append(f'kernel report while the tests ran: {report}')
    passed = sum(c.get('PASS', 0) for c in suites.values())
    failed = sum(v for c in suites.values() for k, v in c.items() if k != 'PASS')
    ps = m.group(1) if m else '?'
    print(f'{base} {target}: PAGE_SIZE={ps}: {passed} passed, {failed} failed/crashed/skipped '
          f'in {len(suites)} suites; lockdep {lockdep}')
    for p in problems:
        print(f'{base} {target}: ERROR: {p}')
    return 1 if problems else 0


def total(targets):
    passed = failed = 0
    for t in targets:
        suites = load(t)
        if suites is None:
            # A target without results counts its expected cases as failed.
            failed += sum(expected_suites(split(t)[0]).values())
            continue
        passed += sum(c.get('PASS', 0) for c in suites.values())
        failed += sum(v for c in suites.values() for k, v in c.items() if k != 'PASS')
    print(f'{passed} passed, {failed} failed')
    return 0


def table(targets):
    names = []
    for t in targets:
        names += [n for n in expected_suites(split(t)[0]) if n not in names]
    data = {t: load(t) or {} for t in targets}
    for t in targets:
        names += [n for n in data[t] if n not in names]
    print('| suite | ' + ' | '.join(targets) + ' |')
    print('|---|' + '---|' * len(targets))
    for n in names:
        cells = []
        for t in targets:
            c = data[t].get(n)
            if not c:
                cells.append('-')
            else:
                bad = sum(v for k, v in c.items() if k != 'PASS')
                cells.append(f"{c.get('PASS', 0)}/{sum(c.values())}" + (f' ({bad} bad)' if bad else ''))
        print(f'| {n} | ' + ' | '.join(cells) + ' |')
    return 0


def failed(target):
    base, target = split(target)
    path = os.path.join(res_dir(base), target + '.json')
    if not os.path.exists(path):
        print(f'{target}: no results ({path} missing)')
        return 1
    with open(path) as f:
        top = json.load(f)
    n = total_cases = 0
    for suite in top.get('sub_groups', []):
        for name, status in leaves(suite):
            total_cases += 1
            if status != 'PASS':
                n += 1
                print(f"{target}: {status}: {suite['name']}: {name}")
    print(f'{target}: {n} of {total_cases} cases did not pass')
    return 0


def main(argv):
    if len(argv) >= 3 and argv[0] == 'check':
        return check(argv[1], argv[2])
    if argv and argv[0] == 'total':
        return total(argv[1:] or TARGETS)
    if len(argv) == 2 and argv[0] == 'failed':
        return failed(argv[1])
    if argv and argv[0] == 'table':
        return table(argv[1:] or TARGETS)
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
