#!/bin/bash
# End of "make": where amdgpu.ko is, its vermagic, the KUnit summary.
TOP=$(cd "$(dirname "$0")/.." && pwd)
. "$TOP/scripts/base.sh"
base_vars
target=${1:?}
ko=$BUILD/out/$target/amdgpu.ko
echo
echo "==================== $BASE $target ===================="
echo "amdgpu.ko: $ko"
echo "vermagic:  $(modinfo -F vermagic "$ko")"
grep -E '^CONFIG_(CPU_LITTLE_ENDIAN|PPC_64K_PAGES|ARM64_(16|64)K_PAGES)=y' "$BUILD/out/$target/config" | sed 's/^/config:    /'
python3 "$TOP/scripts/results.py" table "$target"
python3 "$TOP/scripts/results.py" check "$target" \
	"$(. "$TOP/scripts/targets.sh"; TOP=$TOP; target_vars "$target"; echo "$PAGE_SIZE_BYTES")"
