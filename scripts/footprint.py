#!/usr/bin/env python3
"""Print the footprint table from the KUnit logs.

The driver's own size functions print 'footprint: <row>=<bytes or count>'
lines from inside KUnit (see the tests in drivers/gpu/drm/amd/*/tests/).
This script only collects them: for every target, the series as exported
(build/targets/<target>/test.log) and, where it was run, the series with
its fixes reverted (build/unfixed/targets/<target>/test.log, `make unfixed`).

  footprint.py [targets...]     markdown table on stdout
"""
import os
import re
import sys

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TARGETS = ['x86_64-4k', 'arm64-16k', 'ppc64le-64k', 'arm64-64k']
LINE = re.compile(r'footprint: (\S+)=(\d+)')

# Rows whose patched 64K value must stay within 1.1x of 4K.
PER_QUEUE = re.compile(r'^(compute_queue|mes_queue|kernel_queue)\.')


def read(path):
    rows = {}
    if not os.path.exists(path):
        return None
    with open(path, errors='replace') as f:
        for line in f:
            m = LINE.search(line)
            if m:
                rows[m.group(1)] = int(m.group(2))
    return rows


def main(targets):
    cols = []
    for t in targets:
        fixed = read(os.path.join(TOP, 'build', 'targets', t, 'test.log'))
        unfixed = read(os.path.join(TOP, 'build', 'unfixed', 'targets', t, 'test.log'))
        if unfixed:
            cols.append((f'{t} unfixed', unfixed))
        if fixed is not None:
            cols.append((t, fixed))
        else:
            print(f'footprint: no KUnit log for {t} (run make kunit TARGET={t})',
                  file=sys.stderr)
    if not cols:
        return 1
    keys = sorted({k for _, rows in cols for k in rows})
    ref = dict(cols).get('x86_64-4k')
    print('| row | ' + ' | '.join(name for name, _ in cols) + ' | 64K / 4K |')
    print('|---|' + '---:|' * len(cols) + '---:|')
    bad = []
    for k in keys:
        vals = [rows.get(k) for _, rows in cols]
        ratio = ''
        big = dict(cols).get('ppc64le-64k') or dict(cols).get('arm64-64k')
        if ref and big and ref.get(k) and big.get(k) is not None:
            r = big[k] / ref[k]
            ratio = f'{r:.2f}x'
            if PER_QUEUE.match(k) and r > 1.1:
                bad.append(f'{k}: {r:.2f}x')
        print(f'| {k} | ' + ' | '.join('' if v is None else str(v) for v in vals) +
              f' | {ratio} |')
    if bad:
        print('\nper-queue rows above 1.1x of 4K on 64K: ' + ', '.join(bad))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:] or TARGETS))
