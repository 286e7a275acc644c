#!/usr/bin/env python3
"""Print the footprint table from the KUnit logs.

Rows are values the KUnit tests assert and then log with kunit_info() as
'<row>=<bytes or count>' (today the page-table VRAM rows 'pt_vram.*' of the
amdgpu_vm_geometry suite); the older 'footprint: <row>=<n>' lines of the
earlier 6.12 series are read too. For every target: the series as exported
(build/<base>/targets/<target>/test.log) and, where it was run, the series
with its fixes reverted (build/<base>/unfixed/targets/<target>/test.log,
`make unfixed`). The base is $BASE (default 7.3).

  footprint.py [targets...]     markdown table on stdout
"""
import os
import re
import sys

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TARGETS = ['x86_64-4k', 'arm64-16k', 'ppc64le-64k', 'arm64-64k']
LINE = re.compile(r'(?:footprint: |# \w+: )([a-z_]+\.[\w.-]+)=(\d+)$')
BASE = os.environ.get('BASE', '7.3')

# Rows whose patched 64K value must stay within 1.1x of 4K.
PER_QUEUE = re.compile(r'^(compute_queue\.|mes_queue\.|kernel_queue\.|'
                       r'pt_vram\.(per_2mib_in_4k_ptes|1gib_in_4k_ptes)$)')


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
        fixed = read(os.path.join(TOP, 'build', BASE, 'targets', t, 'test.log'))
        unfixed = read(os.path.join(TOP, 'build', BASE, 'unfixed', 'targets', t, 'test.log'))
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
        print('\nrows above 1.1x of 4K on 64K: ' + ', '.join(bad))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:] or TARGETS))
