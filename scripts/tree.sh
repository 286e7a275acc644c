#!/bin/bash
# make tree / make export: the patch queue workflow (like gbp pq).
#
#   scripts/tree.sh tree     build/linux = Debian tarball (tag "base") + git am patches/
#   scripts/tree.sh export   commits base..HEAD -> patches/ (format-patch --zero-commit)
#
# Postings: patches/<base>/ is one posting, or one per subdirectory
# (patches/<base>/<NN-name>/, applied in the order of the names). As with
# gbp pq, "make tree" marks each commit of a subdirectory with the trailer
# "Gbp-Pq: Topic <NN-name>", and "make export" writes each run of commits
# with the same topic to that subdirectory, numbered from 1 with a cover
# letter of its own, the trailer removed. The subject and text of a
# posting's cover letter are kept from its existing 0000-cover-letter.patch.
#
# build/linux/.git/pq-synced holds the digest of the series as it was last
# applied or exported.  If the commits differ from it, or tracked files are
# edited, "tree" refuses to touch them (DISCARD=1 keeps a backup branch).
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
TOP=$top
. "$top/scripts/base.sh"
base_vars
# LINUX_TREE / PATCHES_DIR are for the workspace's own tests.
T=${LINUX_TREE:-$LINUX}
PATCHES=$(realpath -m "${PATCHES_DIR:-$PATCHES}")
FP_OPTS=(--zero-commit --no-signature --no-numbered-files -q)
ID_NAME="amdgpu non-4K workspace"
ID_MAIL="amdgpu-non4k@example.org"

TOP_APT=$top/build/apt/$BASE
say() { printf '>>> %s\n' "$*"; }
die() { printf 'tree.sh: %s\n' "$*" >&2; exit 1; }
g() { git -C "$T" "$@"; }
# The git directory of the tree (a worktree's is not $T/.git).
gd() { git -C "$T" rev-parse --absolute-git-dir; }

# The topic (posting directory) of a commit, or nothing.
topic_of() { g log -1 --format='%(trailers:key=Gbp-Pq,valueonly)' "$1" | sed -n 's/^Topic //p' | head -n 1; }

# write_series <dir>: format-patch base..HEAD into <dir>, flat or per posting.
# Cover letters are the plain format-patch ones (see merge_covers).
write_series() {
	local out=$1 c t prev="" first="" last="" n=0 seen=" " topics=() ranges=()
	for c in $(g rev-list --reverse base..HEAD); do
		t=$(topic_of "$c")
		n=$((n + 1))
		if [ $n = 1 ] || [ "$t" != "$prev" ]; then
			[ $n = 1 ] || { topics+=("$prev"); ranges+=("$first^..$last"); }
			case $seen in *" $t "*) [ -z "$t" ] || die "commits of posting $t are not contiguous (at $(g log -1 --format=%s "$c"))" ;; esac
			seen="$seen$t "
			first=$c
		fi
		last=$c prev=$t
	done
	[ $n = 0 ] && return 0
	topics+=("$prev"); ranges+=("$first^..$last")
	if [ ${#topics[@]} = 1 ] && [ -z "${topics[0]}" ]; then
		g format-patch "${FP_OPTS[@]}" --cover-letter --cover-from-description=subject \
			--subject-prefix=PATCH -o "$out" base..HEAD >/dev/null
		return 0
	fi
	local i
	for i in "${!topics[@]}"; do
		t=${topics[$i]}
		[ -n "$t" ] || die "commits without a Gbp-Pq: Topic trailer among postings (before ${topics[$((i + 1))]:-the end})"
		g format-patch "${FP_OPTS[@]}" --cover-letter --cover-from-description=none \
			--subject-prefix=PATCH -o "$out/$t" "${ranges[$i]}" >/dev/null
		# The trailer, and the blank line git interpret-trailers put before
		# it where the message ends in a paragraph that is not all trailers.
		perl -0pi -e 's/\n(?:\n)?Gbp-Pq: Topic [^\n]*\n/\n/' "$out/$t"/*.patch
	done
}

# Digest of the series files (paths and contents, cover letters excluded).
dir_digest() {
	(cd "$1" && find . -name '*.patch' ! -name '0000-cover-letter.patch' | sort |
		while read -r f; do echo "$f"; cat -- "$f"; done) | sha1sum | cut -d' ' -f1
}
# Digest of what "make export" would write for base..HEAD.
series_digest() {
	local tmp d; tmp=$(mktemp -d)
	write_series "$tmp" 2>/dev/null || true
	d=$(dir_digest "$tmp")
	rm -rf "$tmp"
	echo "$d"
}
patches_digest() { mkdir -p "$PATCHES"; dir_digest "$PATCHES"; }

# The patch files of patches/, in the order they apply.
patch_files() { find "$PATCHES" -name '*.patch' ! -name '0000-cover-letter.patch' | sort; }

make_base() {
	local tarball ver
	tarball=$("$top/scripts/fetch.sh")
	ver=$(cat "$(dirname "$(dirname "$(dirname "$(dirname "$tarball")")")")/version")
	[ "$ver" = "$SRC_VERSION" ] ||
		say "WARNING: fetched $SRC_PKG $ver, the $BASE series was tested on $SRC_VERSION"
	rm -rf "$T.tmp"; mkdir -p "$T.tmp"
	say "unpacking $tarball ($ver) into $T (about 1.5 GB)"
	tar -xf "$tarball" -C "$T.tmp" --strip-components=1
	say "creating the base commit"
	git -C "$T.tmp" init -q -b main
	git -C "$T.tmp" config user.name "$ID_NAME"
	git -C "$T.tmp" config user.email "$ID_MAIL"
	git -C "$T.tmp" config core.abbrev 12
	# Debian's top-level .gitignore ignores "/*": -f adds the tree as shipped.
	git -C "$T.tmp" add -Af .
	local date="@$(stat -c %Y "$tarball") +0000"
	GIT_AUTHOR_DATE="$date" GIT_COMMITTER_DATE="$date" \
		git -C "$T.tmp" commit -q -m "Debian $SRC_PKG $ver" \
		-m "Unpacked from /usr/src/$SRC_PKG.tar.xz of Debian package $SRC_PKG version $ver."
	git -C "$T.tmp" tag base
	mv "$T.tmp" "$T"
}

# Cover letter text <-> branch description (format-patch --cover-from-description).
cover_to_description() {
	local cl; cl=$(ls "$PATCHES"/0000-cover-letter.patch 2>/dev/null) || return 0
	awk '
		!body && /^Subject: / { s=$0; sub(/^Subject: (\[[^]]*\] )?/, "", s); insubj=1; next }
		!body && insubj && /^[ \t]/ { t=$0; sub(/^[ \t]+/, "", t); s=s " " t; next }
		!body && /^$/ { body=1; print s; print ""; next }
		!body { insubj=0; next }
		body && /^[^ ].* \([0-9]+\):$/ { exit }
		body { print }
	' "$cl" | sed -e :a -e '/^\n*$/{$d;N;ba' -e '}' > "$(gd)/pq-description"
	g config branch.main.description "$(cat "$(gd)/pq-description")"
}

cmd_tree() {
	mkdir -p "$(dirname "$T")"
	if ! [ -e "$T/.git" ] || ! g rev-parse -q --verify base >/dev/null; then
		rm -rf "$T"
		make_base
	fi
	local dirty
	dirty=$(g status --porcelain --untracked-files=no)
	if [ -n "$dirty" ]; then
		[ "${DISCARD:-0}" = 1 ] || die "$T has uncommitted edits:
$dirty
Commit them and run 'make export' to keep them, or 'make tree DISCARD=1' to throw them away."
		g stash push -q -m "discarded by make tree $(date -u +%FT%TZ)"
		say "uncommitted edits stashed (git -C $T stash list)"
	fi
	local cur synced want
	cur=$(series_digest)
	synced=$(cat "$(gd)/pq-synced" 2>/dev/null || echo none)
	want=$(patches_digest)
	if [ "$cur" = "$want" ]; then
		echo "$cur" > "$(gd)/pq-synced"
		cover_to_description
		say "$T is up to date with $PATCHES/ ($(g rev-list --count base..HEAD) patches)"
		return 0
	fi
	if [ "$cur" != "$synced" ] && [ "$(g rev-list --count base..HEAD)" != 0 ]; then
		if [ "${DISCARD:-0}" != 1 ]; then
			die "$T has commits that are not in $PATCHES/:
$(g log --oneline base..HEAD)
Run 'make export' to write them to $PATCHES/, or 'make tree DISCARD=1' to drop them
(a backup branch is kept)."
		fi
		local b="discarded-$(date -u +%Y%m%d%H%M%S)"
		g branch "$b" HEAD
		say "unexported commits kept on branch $b"
	fi
	say "applying $PATCHES/ onto base"
	g checkout -q main 2>/dev/null || true
	g reset -q --hard base
	local p msg; msg=$(mktemp)
	for p in $(patch_files); do
		if ! g am -q --committer-date-is-author-date "$p"; then
			local files
			files=$(g am --show-current-patch=diff 2>/dev/null | sed -n 's|^diff --git a/\(.*\) b/.*|\1|p' | tr '\n' ' ')
			g am --abort || true
			die "patch $(basename "$p") does not apply to $SRC_PKG $(cat "$TOP_APT/version" 2>/dev/null) (files: $files)"
		fi
		local topic; topic=$(dirname "${p#"$PATCHES"/}")
		if [ "$topic" != . ]; then
			g log -1 --format=%B | git interpret-trailers --trailer "Gbp-Pq: Topic $topic" > "$msg"
			GIT_COMMITTER_DATE=$(g log -1 --format=%aD) g commit -q --amend -F "$msg"
		fi
		echo "    $(g log -1 --format=%s)"
	done
	rm -f "$msg"
	series_digest > "$(gd)/pq-synced"
	cover_to_description
	say "$T: base + $(g rev-list --count base..HEAD) patches"
}

cmd_export() {
	[ -e "$T/.git" ] || die "no $T; run 'make tree' first"
	[ -z "$(g status --porcelain --untracked-files=no)" ] ||
		die "$T has uncommitted edits; commit them first (git -C $T commit)"
	local n; n=$(g rev-list --count base..HEAD)
	[ "$n" -gt 0 ] || die "no commits after base"
	# Keep the cover letter's text: it lives in the branch description.
	cover_to_description
	g config branch.main.description >/dev/null 2>&1 ||
		g config branch.main.description "*** SUBJECT HERE ***

*** BLURB HERE ***"
	local tmp; tmp=$(mktemp -d)
	write_series "$tmp"
	# Cover letters: the subject and text of the existing ones; the Date
	# changes on every run, so keep the old one if the rest is equal.
	python3 "$top/scripts/pq-cover.py" "$tmp" "$PATCHES"
	mkdir -p "$PATCHES"
	find "$PATCHES" -name '*.patch' -delete
	find "$PATCHES" -mindepth 1 -type d -empty -delete
	cp -r "$tmp"/. "$PATCHES"/
	rm -rf "$tmp"
	series_digest > "$(gd)/pq-synced"
	say "exported $n patches + cover letter to $PATCHES/"
	git -C "$top" status --short -- "$PATCHES" 2>/dev/null || true
}

case ${1:-} in
tree) cmd_tree ;;
export) cmd_export ;;
*) die "usage: $0 tree|export" ;;
esac
