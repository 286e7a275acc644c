#!/usr/bin/env python3
"""Cover letters for "make export" (scripts/tree.sh).

Usage: pq-cover.py <new-dir> <patches-dir>

<new-dir> holds what format-patch just wrote (flat, or one subdirectory per
posting). For each 0000-cover-letter.patch in it, the one at the same place
in <patches-dir> is the existing cover letter:
- a new cover letter that format-patch left with "*** SUBJECT HERE ***" and
  "*** BLURB HERE ***" gets the subject and the text of the existing one
  (its shortlog and diffstat stay the new ones);
- if the result differs from the existing one only in its Date: line, the
  existing file is kept as it is, so that exporting twice changes nothing.
"""
import os
import re
import sys

SHORTLOG = re.compile(r"^\S.* \(\d+\):$")


def split_header(text):
    head, _, body = text.partition("\n\n")
    return head.split("\n"), body


def subject_lines(head):
    """The Subject: header with its continuation lines."""
    out = []
    for line in head:
        if out and line[:1] in (" ", "\t"):
            out.append(line)
        elif out:
            break
        elif line.startswith("Subject:"):
            out.append(line)
    return out


def blurb(body):
    """The text before the shortlog ("Name (n):"), without trailing blanks."""
    lines = body.split("\n")
    for i, line in enumerate(lines):
        if SHORTLOG.match(line):
            lines = lines[:i]
            break
    while lines and not lines[-1].strip():
        lines.pop()
    return "\n".join(lines)


def merge(new, old):
    nhead, nbody = split_header(new)
    ohead, obody = split_header(old)
    nsubj, osubj = subject_lines(nhead), subject_lines(ohead)
    if "*** SUBJECT HERE ***" in "\n".join(nsubj) and osubj:
        prefix = re.match(r"Subject: (\[[^]]*\] )?", nsubj[0]).group(0)
        first = re.sub(r"^Subject: (\[[^]]*\] )?", prefix, osubj[0])
        i = nhead.index(nsubj[0])
        nhead[i:i + len(nsubj)] = [first] + osubj[1:]
    if "*** BLURB HERE ***" in nbody:
        nbody = nbody.replace("*** BLURB HERE ***", blurb(obody), 1)
    return "\n".join(nhead) + "\n\n" + nbody


def without_date(text):
    return re.sub(r"^Date: .*$", "", text, count=1, flags=re.M)


def main():
    new_dir, old_dir = sys.argv[1], sys.argv[2]
    for root, _, files in os.walk(new_dir):
        if "0000-cover-letter.patch" not in files:
            continue
        path = os.path.join(root, "0000-cover-letter.patch")
        old_path = os.path.join(old_dir, os.path.relpath(path, new_dir))
        if not os.path.exists(old_path):
            continue
        with open(path) as f:
            new = f.read()
        with open(old_path) as f:
            old = f.read()
        new = merge(new, old)
        if without_date(new) == without_date(old):
            new = old
        with open(path, "w") as f:
            f.write(new)


if __name__ == "__main__":
    main()
