#!/usr/bin/env python3
"""results.py must fail a target on a missing suite, a wrong case count,
a failed, crashed or skipped case, a wrong PAGE_SIZE, or a kernel report
(lockdep, WARN, BUG, Oops) while the tests ran; pass a good one."""
import io
import json
import os
import subprocess
import sys
import tempfile

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RESULTS = os.path.join(TOP, 'scripts', 'results.py')


def suites():
    out = {}
    base = os.environ.get('BASE') or '7.3'
    for line in open(os.path.join(TOP, 'tests', 'kunit-suites', base + '.txt')):
        f = line.split('#', 1)[0].split()
        if f:
            out[f[0]] = int(f[1])
    return out


def run(groups, page_line, page_size='65536'):
    with tempfile.TemporaryDirectory() as d:
        os.makedirs(os.path.join(d, 'logs', 't'))
        with open(os.path.join(d, 't.json'), 'w') as f:
            json.dump({'name': 'KUnit Test Group', 'sub_groups': groups, 'test_cases': []}, f)
        with open(os.path.join(d, 'logs', 't', 'test.log'), 'w') as f:
            f.write(page_line)
        env = dict(os.environ, KUNIT_RESULTS_DIR=d, KUNIT_LOGS_DIR=os.path.join(d, 'logs'))
        return subprocess.run([sys.executable, RESULTS, 'check', 't', page_size], env=env,
                              capture_output=True, text=True).returncode


def good():
    return [{'name': n, 'sub_groups': [],
             'test_cases': [{'name': f'c{i}', 'status': 'PASS'} for i in range(k)]}
            for n, k in suites().items()]


LINE = '# PAGE_SIZE=65536 AMDGPU_GPU_PAGES_IN_CPU_PAGE=16\n'
errors = []
if run(good(), LINE) != 0:
    errors.append('a complete passing run was rejected')
g = good()[1:]
if run(g, LINE) == 0:
    errors.append('a missing suite was accepted')
for status in ('FAIL', 'SKIP', 'ERROR'):
    g = good()
    g[0]['test_cases'][0]['status'] = status
    if run(g, LINE) == 0:
        errors.append(f'a {status} case was accepted')
g = good()
g[0]['test_cases'].pop()
if run(g, LINE) == 0:
    errors.append('a suite with a missing case was accepted')
if run(good(), LINE.replace('65536', '4096')) == 0:
    errors.append('a 4K kernel was accepted for a 64K target')
if run(good(), '') == 0:
    errors.append('a log without the PAGE_SIZE line was accepted')
# Kernel reports while the tests ran fail the target; a warning at boot,
# before the first KTAP line, does not (lockdep is then reported off).
KTAP = 'KTAP version 1\n'
for report in ('WARNING: possible circular locking dependency detected',
               'BUG: sleeping function called from invalid context',
               '[    5.000000] Oops: Kernel access of bad area, sig: 11'):
    if run(good(), KTAP + LINE + report + '\n') == 0:
        errors.append(f'a run with "{report}" was accepted')
if run(good(), 'DEBUG_LOCKS_WARN_ON(lockdep_hardirq_context())\n' + KTAP + LINE) != 0:
    errors.append('a boot warning before the tests failed the run')
for e in errors:
    print('test_results:', e)
sys.exit(1 if errors else 0)
