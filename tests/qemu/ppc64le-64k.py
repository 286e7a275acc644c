# kunit.py --qemu_config for the ppc64le-64k target: little-endian POWER,
# pseries, 64 KiB CPU pages (as RHEL/Debian ppc64el kernels ship).
from ..qemu_config import QemuArchParams

QEMU_ARCH = QemuArchParams(linux_arch='powerpc',
			   kconfig='''
CONFIG_PPC64=y
CONFIG_CPU_LITTLE_ENDIAN=y
CONFIG_PPC_BOOK3S_64=y
CONFIG_PPC_PSERIES=y
CONFIG_PPC_64K_PAGES=y
CONFIG_HVC_CONSOLE=y''',
			   qemu_arch='ppc64',
			   kernel_path='vmlinux',
			   kernel_command_line='console=hvc0',
			   extra_qemu_params=['-M', 'pseries', '-cpu', 'power9'])
