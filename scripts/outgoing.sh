#!/bin/bash
# make outgoing SENDER='Name <user@host>' [BASE=<base>]: the series of
# patches/<base>/ ready for git send-email, in build/<base>/outgoing/.
#
# The patches are authored by the project's role identity, which is not a
# person: the sender certifies them (DCO) with a Signed-off-by: of their own,
# added as the last trailer of every patch (not twice). From: (the author)
# stays; git send-email puts the sender in the mail header and the author in
# a From: line of the body. To: amd-gfx (get_maintainer.pl must name it for
# every patch) and Cc: everyone else get_maintainer.pl names go into each
# file's header: per patch on the patches, for the whole posting on the cover
# letter. Cc: trailers of the body (Cc: stable) stay where they are; send-email
# copies them itself. Subjects keep the numbering of the files; patches whose
# subject matches RFC_SUBJECTS become [RFC PATCH n/m].
#
# patches/<base>/ is one posting, or, if it has subdirectories, one posting
# per subdirectory (patches/<base>/<NN-name>/0000-cover-letter.patch ...),
# written to build/<base>/outgoing/<NN-name>/ and numbered as in its files;
# all patches of a posting whose directory name contains "rfc" are RFC.
#
# For the workspace's own tests: OUTGOING_PATCHES_DIR (patches/<base>),
# OUTGOING_LINUX (the tree get_maintainer.pl runs in, build/<base>/linux),
# OUTGOING_GET_MAINTAINER (<tree>/scripts/get_maintainer.pl), OUTGOING_OUT_DIR
# (build/<base>/outgoing). Exit status 2: bad or missing SENDER, nothing written.
set -euo pipefail
TOP=$(cd "$(dirname "$0")/.." && pwd)
. "$TOP/scripts/base.sh"
base_vars

ROLE_ID="amdgpu non-4K workspace <amdgpu-non4k@example.org>"
LIST=amd-gfx@lists.freedesktop.org
# Subjects (fixed strings) of the patches that are sent as RFC.
RFC_SUBJECTS=("make page table blocks one CPU page")
GM_OPTS=(--no-rolestats --no-git --no-git-fallback --no-fixes)

say() { printf '>>> outgoing %s: %s\n' "$BASE" "$*"; }
die() { printf 'outgoing.sh: %s\n' "$*" >&2; exit 1; }
usage() {
	printf 'outgoing.sh: %s\n' "$*" >&2
	echo "usage: make outgoing SENDER='Your Name <you@example.com>' [BASE=<base>]" >&2
	echo "  SENDER is the person who sends the series and certifies it (DCO):" >&2
	echo "  their Signed-off-by: is added to every patch. Nothing was written." >&2
	exit 2
}
rel() { case $1 in "$TOP"/*) echo "${1#"$TOP"/}" ;; *) echo "$1" ;; esac; }
# The lower-case address of "Name <addr>" or of a bare "addr".
addr() { sed -e 's/.*<\([^>]*\)>.*/\1/' -e 's/^[[:space:]]*//;s/[[:space:]]*$//' <<<"$1" |
	tr '[:upper:]' '[:lower:]'; }

# --- the sender -----------------------------------------------------------
SENDER=${SENDER:-${1:-}}
SENDER=$(sed -e 's/^[[:space:]]*//' -e 's/[[:space:]]*$//' <<<"$SENDER")
[ -n "$SENDER" ] || usage "no SENDER given"
case $SENDER in *$'\n'*) usage "SENDER is more than one line" ;; esac
re='^[^<>@]*[^<>@[:space:]][^<>@]*[[:space:]]+<[^<>@[:space:]]+@[^<>@[:space:]]+>$'
[[ $SENDER =~ $re ]] || usage "SENDER '$SENDER' is not of the form 'Name <user@host>'"
SENDER_MAIL=$(addr "$SENDER")
if [ "$SENDER_MAIL" = "$(addr "$ROLE_ID")" ]; then
	usage "SENDER is the role identity ($ROLE_ID), not a person: the sender must be the human who certifies the patches"
fi

# --- where ----------------------------------------------------------------
SRC=$(realpath -m "${OUTGOING_PATCHES_DIR:-$PATCHES}")
TREE=$(realpath -m "${OUTGOING_LINUX:-$LINUX}")
GM=${OUTGOING_GET_MAINTAINER:-$TREE/scripts/get_maintainer.pl}
OUT=$(realpath -m "${OUTGOING_OUT_DIR:-$BUILD/outgoing}")
[ -d "$TREE" ] || die "no $(rel "$TREE"): run make tree BASE=$BASE first (get_maintainer.pl comes from it)"
[ -x "$GM" ] || die "no $(rel "$GM"): run make tree BASE=$BASE first"
[ -d "$SRC" ] || die "no $(rel "$SRC")"

# The postings: subdirectories of SRC, or SRC itself.
mapfile -t dirs < <(find "$SRC" -mindepth 1 -maxdepth 1 -type d | sort)
mapfile -t flat < <(find "$SRC" -maxdepth 1 -name '*.patch' | sort)
if [ ${#dirs[@]} -gt 0 ]; then
	[ ${#flat[@]} -eq 0 ] ||
		die "$(rel "$SRC") has both patch files and posting directories; move the patches into a posting directory"
	postings=("${dirs[@]}")
else
	postings=("$SRC")
fi

# An existing output directory is replaced only if it holds nothing but the
# output of this script (patch files, posting directories of patch files).
if [ -e "$OUT" ]; then
	other=$(find "$OUT" -mindepth 1 ! -name '*.patch' ! -type d | head -n 3)
	[ -z "$other" ] || die "$(rel "$OUT") holds other files than patches (e.g. $(rel "${other%%$'\n'*}")); not replacing it"
fi
mkdir -p "$(dirname "$OUT")"
work=$(mktemp -d "$(dirname "$OUT")/.outgoing.XXXXXX")
trap 'rm -rf "$work"' EXIT

# --- one file -------------------------------------------------------------
# The subject, unfolded.
subject() { LC_ALL=C awk '/^$/ { exit } /^Subject:/ { s = $0; on = 1; next }
	on && /^[ \t]/ { sub(/^[ \t]+/, " "); s = s $0; next } { on = 0 }
	END { sub(/^Subject:[ \t]*/, "", s); print s }' "$1"; }
# The addresses a file already sends to, one a line: To:/Cc: lines of its
# header (unfolded, comma lists split) and To:/Cc: trailers of its message.
file_ccs() { LC_ALL=C awk '
	function out() { if (a != "") { n = split(a, v, ","); for (i = 1; i <= n; i++) print v[i] } a = "" }
	!h && /^[ \t]/ { if (on) a = a $0; next }
	!h { out(); on = 0 }
	!h && $0 == "" { h = 1; next }
	!h && tolower($0) ~ /^(to|cc):/ { sub(/^[^:]*:/, ""); a = $0; on = 1; next }
	!h { next }
	/^---$/ { exit }
	tolower($0) ~ /^(cc|to):/ { sub(/^[^:]*:[ \t]*/, ""); sub(/[ \t]+#.*/, ""); print }
	END { out() }' "$1" |
	while IFS= read -r l; do [ -z "${l//[[:space:]]/}" ] || addr "$l"; done; }
# get_maintainer.pl's addresses for the patches given, one a line.
maintainers() {
	local err=$work/.gm.err
	if ! (cd "$TREE" && "$GM" "${GM_OPTS[@]}" "$@") 2>"$err"; then
		sed 's/^/    /' "$err" >&2
		die "get_maintainer.pl failed on $(for f in "$@"; do rel "$f"; done | tr '\n' ' ')"
	fi
}
# write <in> <out> <rfc 0|1> <sign 0|1> <to> <cc file>
write() {
	LC_ALL=C awk -v rfc="$3" -v sign="$4" -v to="$5" -v ccfile="$6" \
		-v sob="Signed-off-by: $SENDER" -v mail="$SENDER_MAIL" '
	function trailer(l) { return l ~ /^[A-Za-z0-9-]+:[ \t]/ }
	BEGIN { hdr = 1; nb = 0 }
	hdr && $0 == "" {
		if (to != "") print "To: " to
		while ((getline c < ccfile) > 0) if (c != "") print "Cc: " c
		if (sign && sob ~ /[\200-\377]/ && !cte) {
			if (!mime) print "MIME-Version: 1.0"
			print "Content-Type: text/plain; charset=UTF-8"
			print "Content-Transfer-Encoding: 8bit"
		}
		print; hdr = 0; body = 1; next
	}
	hdr {
		if (rfc && /^Subject: \[PATCH/) sub(/^Subject: \[PATCH/, "Subject: [RFC PATCH")
		if (tolower($0) ~ /^mime-version:/) mime = 1
		if (tolower($0) ~ /^content-transfer-encoding:/) cte = 1
		print; next
	}
	body && $0 == "---" {
		body = 0; seen = 1
		last = nb; while (last > 0 && b[last] == "") last--
		# The sign-off of the sender goes last: kept if it is last already,
		# moved there from higher up in the trailers (never twice).
		add = sign
		for (i = last; sign && i > 0 && b[i] != ""; i--) {
			l = tolower(b[i])
			if (l !~ /^signed-off-by:/ || !index(l, "<" mail ">")) continue
			if (i == last) add = 0
			else { drop[i] = 1; moved = 1 }
		}
		if (add && moved) printf "outgoing.sh: %s: the sender'"'"'s Signed-off-by: moved to the end of the trailers\n", FILENAME > "/dev/stderr"
		for (i = 1; i <= last; i++) if (!drop[i]) print b[i]
		if (add) { if (last && !trailer(b[last])) print ""; print sob }
		for (i = last + 1; i <= nb; i++) print b[i]
		print; next
	}
	body && sign { b[++nb] = $0; next }
	{ print }
	END { if (sign && !seen) exit 3 }' "$1" >"$2" ||
		die "$(rel "$1"): no '---' line after the commit message (not git format-patch output?)"
}

# --- every posting ----------------------------------------------------------
written=()
for dir in "${postings[@]}"; do
	if [ "$dir" = "$SRC" ]; then name="" dest=$work; else name=${dir##*/} dest=$work/$name; fi
	mapfile -t files < <(find "$dir" -maxdepth 1 -name '*.patch' | sort)
	[ ${#files[@]} -gt 0 ] || die "no patches in $(rel "$dir")"
	posting_rfc=0
	case ${name,,} in *rfc*) posting_rfc=1 ;; esac
	mkdir -p "$dest"
	cover="" patches=()
	for f in "${files[@]}"; do
		case ${f##*/} in 0000-cover-letter.patch) cover=$f ;; *) patches+=("$f") ;; esac
	done
	m=${#patches[@]}
	[ "$m" -gt 0 ] || die "$(rel "$dir") has a cover letter but no patches"
	: >"$work/.all"
	n=0
	order=("${patches[@]}")
	[ -z "$cover" ] || order+=("$cover")
	for f in "${order[@]}"; do
		b=${f##*/}
		s=$(subject "$f")
		[[ $s == "[PATCH"* || $s == "[RFC PATCH"* || $s == "[PATCH RFC"* ]] ||
			die "$(rel "$f"): the subject '$s' does not start with [PATCH ...]"
		# The numbering of the files, checked, not changed.
		if [[ $s =~ ^\[[^]]*[[:space:]]0*([0-9]+)/0*([0-9]+)\] ]]; then
			if [ "$f" = "$cover" ]; then want=0; else want=$((n + 1)); fi
			[ "${BASH_REMATCH[1]:-0}" = "$want" ] && [ "${BASH_REMATCH[2]}" = "$m" ] ||
				die "$(rel "$f"): subject numbered ${BASH_REMATCH[1]:-0}/${BASH_REMATCH[2]}, but it is $want/$m of $(rel "$dir")"
		elif [ "$m" -gt 1 ]; then
			die "$(rel "$f"): the subject '$s' has no n/$m although the posting has $m patches"
		fi
		rfc=$posting_rfc
		for r in "${RFC_SUBJECTS[@]}"; do
			case $s in *"$r"*) rfc=1 ;; esac
		done
		case $s in "[RFC PATCH"*|"[PATCH RFC"*) rfc=0 ;; esac
		if [ "$f" = "$cover" ]; then
			sign=0 src=$work/.all
		else
			n=$((n + 1))
			maintainers "$f" >"$work/.gm"
			grep -Fxi "$LIST" "$work/.gm" >/dev/null ||
				die "get_maintainer.pl does not name $LIST for $(rel "$f") (names: $(tr '\n' ' ' <"$work/.gm"))"
			cat "$work/.gm" >>"$work/.all"
			sign=1 src=$work/.gm
		fi
		# Cc: everyone named but the list, once, and no one the file already
		# sends to (Cc: stable in the body), in get_maintainer.pl's order.
		file_ccs "$f" >"$work/.skip"
		to=$LIST
		! grep -Fxi "$LIST" "$work/.skip" >/dev/null || to=""
		echo "$LIST" >>"$work/.skip"
		: >"$work/.cc"
		while IFS= read -r l; do
			[ -n "$l" ] || continue
			a=$(addr "$l")
			grep -Fxi -- "$a" "$work/.skip" >/dev/null && continue
			echo "$l" >>"$work/.cc"
			echo "$a" >>"$work/.skip"
		done <"$src"
		write "$f" "$dest/$b" "$rfc" "$sign" "$to" "$work/.cc"
	done
	written+=("$name|$m|${cover:+cover letter + }$m patches")
done
rm -f "$work"/.gm "$work"/.gm.err "$work"/.all "$work"/.skip "$work"/.cc

rm -rf "$OUT"
mv "$work" "$OUT"
trap - EXIT

# --- what was written, how to send it ---------------------------------------
for w in "${written[@]}"; do
	IFS='|' read -r name m what <<<"$w"
	d=$(rel "$OUT")${name:+/$name}
	say "$d/: $what, signed off by $SENDER"
	for f in "$OUT"${name:+/$name}/*.patch; do
		printf '    %-64s %s\n' "${f##*/}" "$(subject "$f" | cut -c1-60)"
	done
done
echo
quoted=${SENDER//\'/\'\\\'\'}   # for the shell, inside '...'
echo "Check, then send (from $TOP; the first file starts the thread). --suppress-cc"
echo "author and sob: the role identity of the From: and Signed-off-by: lines is not"
echo "a mailbox; To:, Cc: and the Cc: stable trailers still go:"
for w in "${written[@]}"; do
	IFS='|' read -r name _ _ <<<"$w"
	d=$(rel "$OUT")${name:+/$name}
	cmd="git send-email --from='$quoted' --suppress-cc=author --suppress-cc=sob"
	echo "  $cmd --dry-run $d/*.patch"
	echo "  $cmd $d/*.patch"
done
