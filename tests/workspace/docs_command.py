#!/usr/bin/env python3
"""The KUnit commands of the documentation page are the ones make check runs.

Documentation/gpu/amdgpu/non-4k-pages.rst (last patch of each series) gives
the kunit.py commands for 4, 16 and 64 KiB pages and the text of the QEMU
configuration file the 64 KiB one needs. make check runs scripts/kunit.sh
for x86_64-4k, arm64-16k and ppc64le-64k. This checks, for the tree of one
base, that

  - each command passes exactly the arguments kunit.sh passes for its
    target (scripts/targets.sh), but for the ones that only place the
    build and its results (--build_dir, --jobs, --timeout, --json), and
  - the QEMU configuration printed in the page is tests/qemu/ppc64le-64k.py
    (the same QemuArchParams, kconfig lines in any order),

so that the KUnit runs of make check are the page's commands run as written.

Usage: docs_command.py <tree> <qemu config>   (exit 1 on a difference)
"""
import os
import shlex
import subprocess
import sys

DOC = 'Documentation/gpu/amdgpu/non-4k-pages.rst'
KUNITCONFIG = 'drivers/gpu/drm/amd/amdgpu/.kunitconfig'


def params(text):
    """The QemuArchParams a kunit.py QEMU configuration file defines."""
    def qemu_arch_params(**kw):
        kw['kconfig'] = sorted(l.strip() for l in kw.get('kconfig', '').splitlines()
                               if l.strip())
        return kw
    code = text.replace('from ..qemu_config import QemuArchParams', '')
    scope = {'QemuArchParams': qemu_arch_params}
    exec(compile(code, '<qemu config>', 'exec'), scope)  # our own files only
    return scope['QEMU_ARCH']


def kunit_sh_args(target):
    """kunit.py's arguments of scripts/kunit.sh for a target, without the
    ones that only place the build and its results (--build_dir, --jobs,
    --timeout, --json)."""
    top = os.path.dirname(os.path.dirname(os.path.dirname(
        os.path.abspath(__file__))))
    out = subprocess.run(
        ['bash', '-c', 'TOP=$1; . "$TOP/scripts/targets.sh"; target_vars "$2"; '
         'printf "%s\\0" "${KUNIT_TARGET_ARGS[@]}" '
         '${CROSS_COMPILE:+"--cross_compile=$CROSS_COMPILE"}', '-', top, target],
        check=True, capture_output=True, text=True).stdout
    return out.split('\0')[:-1] + [f'--kunitconfig={KUNITCONFIG}']


def qemu_config_arg(arg):
    """--qemu_config=<any path>: the file's content is checked separately."""
    return '--qemu_config=' if arg.startswith('--qemu_config=') else arg


def literal_block(lines, start):
    """The indented block of an rst literal that starts at lines[start]."""
    block = []
    for line in lines[start:]:
        if line.strip() and not line.startswith('  '):
            break
        block.append(line[2:])
    return '\n'.join(block).strip('\n')


def main():
    tree, qemu_config = sys.argv[1], sys.argv[2]
    with open(f'{tree}/{DOC}', encoding='utf-8') as f:
        lines = f.read().splitlines()
    with open(qemu_config, encoding='utf-8') as f:
        ours = f.read()
    bad = []

    starts = [i for i, l in enumerate(lines)
              if l.strip() == 'from ..qemu_config import QemuArchParams']
    if len(starts) != 1:
        bad.append(f'{DOC}: {len(starts)} QEMU configurations, expected 1')
    else:
        doc, mine = params(literal_block(lines, starts[0])), params(ours)
        if doc != mine:
            bad.append(f'{DOC}: the QEMU configuration {doc} differs from '
                       f'{qemu_config}: {mine}')

    # The commands: the kunit.py line after each "# <N> KiB pages" comment,
    # with its continuation lines, against kunit.sh's arguments.
    for label, target in (('4 KiB', 'x86_64-4k'), ('16 KiB', 'arm64-16k'),
                          ('64 KiB', 'ppc64le-64k')):
        cmd = None
        for i, line in enumerate(lines):
            if line.strip().startswith(f'# {label} pages'):
                text = ''
                for cont in lines[i + 1:]:
                    text += cont.strip().rstrip('\\') + ' '
                    if not cont.rstrip().endswith('\\'):
                        break
                cmd = shlex.split(text)
                break
        if cmd is None:
            bad.append(f'{DOC}: no "# {label} pages" command')
            continue
        if cmd[:2] != ['./tools/testing/kunit/kunit.py', 'run']:
            bad.append(f'{DOC}: the {label} command is not kunit.py run: {cmd}')
        doc_args = sorted(qemu_config_arg(a) for a in cmd[2:])
        want = sorted(qemu_config_arg(a) for a in kunit_sh_args(target))
        if doc_args != want:
            bad.append(f'{DOC}: the {label} command passes {doc_args}, '
                       f'make check passes {want} ({target})')

    for b in bad:
        print(b)
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
