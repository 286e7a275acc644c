#!/usr/bin/env python3
"""No KUnit test of amdgpu/amdkfd writes a driver global.

Usage: python3 scripts/test-globals.py <kernel tree>

amdgpu_test.ko ships in distribution kernels: loading it on a machine with
an AMD GPU must leave the live driver as it was. So no test may write a
global of the driver: a module parameter (amdgpu_vm_block_size, ...) or any
other file-scope variable of drivers/gpu/drm/amd/{amdgpu,amdkfd}/*.c
(max_svm_range_pages, kfd_mem_limit, the topology lists, ...), nor call a
driver function that writes one.

A write is allowed where the test marks it with a comment on the same line
or on one of the 3 lines above that contains
    KUNIT-GLOBAL: restored     the test saves the value and restores it
                               (e.g. through kunit_add_action())
    KUNIT-GLOBAL: idempotent   the write changes nothing once the driver
                               has initialised the global
Every unmarked write is printed as
    <file>:<line>: <name> (driver global written by a test)
and the exit status is 1; otherwise one summary line and exit status 0.

What counts as a driver global (a regex and brace-depth parser, no C
preprocessor): every file-scope variable definition, static or not, of
amdgpu/*.c and amdkfd/*.c (not tests/), including the variables of
module_param*() and DEFINE_MUTEX()-style definitions, and every extern
variable declaration of amdgpu/*.h and amdkfd/*.h. Objects that are const
themselves are left out: they cannot be written. A static variable is
visible only to its own unit, so it counts only in the test files that unit
#includes (e.g. amdgpu_vm_pt.c includes tests/amdgpu_vm_geometry_test.c);
VISIBLE_IF_KUNIT variables are not static under KUnit and count everywhere.

What counts as a write, inside a function body or a #define of a test file
(tests/*.c and tests/*.h): NAME op= ..., NAME++/--, ++/--NAME, each also
with .field, ->field or [index] after NAME; WRITE_ONCE(NAME, ...),
memset(&NAME, ...), cmpxchg(&NAME, ...) and the other FIRST_ARG_WRITERS;
list_add(x, &NAME) and the other SECOND_ARG_WRITERS; a call of a driver
function that writes a driver global itself, by the same rules (one level:
not through the functions it calls; visible to the test as above), or of
one listed in WRITERS. Not a write: a local variable or parameter of the
same name (declared earlier in the same function, in a block still open
or in the for statement), a file-scope variable or function of the test
file itself, a struct member (x.NAME, x->NAME).
"""
import os
import re
import sys

AMD = "drivers/gpu/drm/amd"
DRIVER_DIRS = ("amdgpu", "amdkfd")

# Driver functions that write a driver global, in addition to those found
# by reading the driver (derive_writers): function -> global.
WRITERS = {
    # Sets kfd_mem_limit's system, TTM and lock fields on its first call.
    "amdgpu_amdkfd_gpuvm_init_mem_limits": "kfd_mem_limit",
}

# Calls that write the object their first argument names (&NAME or NAME).
FIRST_ARG_WRITERS = """
    WRITE_ONCE smp_store_release smp_store_mb xchg cmpxchg cmpxchg64
    cmpxchg_relaxed try_cmpxchg try_cmpxchg64
    memset memset32 memset64 memcpy memmove memcpy_fromio
    strcpy strncpy strscpy strscpy_pad strlcpy strcat strlcat strncat
    sprintf snprintf scnprintf vsnprintf vscnprintf
    atomic_set atomic_inc atomic_dec atomic_add atomic_sub atomic_xchg
    atomic_cmpxchg atomic_try_cmpxchg atomic_inc_return atomic_dec_return
    atomic_add_return atomic_sub_return atomic_fetch_add atomic_fetch_sub
    atomic_inc_and_test atomic_dec_and_test atomic_or atomic_and atomic_andnot
    atomic64_set atomic64_inc atomic64_dec atomic64_add atomic64_sub
    atomic64_xchg atomic64_cmpxchg atomic64_add_return atomic64_sub_return
    atomic64_inc_return atomic64_dec_return atomic64_fetch_add
    atomic_long_set atomic_long_inc atomic_long_dec atomic_long_add
    atomic_long_sub refcount_set kref_init
    INIT_LIST_HEAD INIT_HLIST_HEAD hash_init mutex_init spin_lock_init
    init_rwsem init_waitqueue_head idr_init ida_init xa_init xa_init_flags
    bitmap_zero bitmap_fill bitmap_set bitmap_clear bitmap_copy
    hash_add hash_add_rcu
""".split()

# Calls that write the object their second argument names.
SECOND_ARG_WRITERS = """
    list_add list_add_tail list_add_rcu list_add_tail_rcu list_move
    list_move_tail list_splice list_splice_tail list_splice_init
    list_splice_tail_init hlist_add_head hlist_add_head_rcu
    set_bit clear_bit change_bit __set_bit __clear_bit __change_bit
    test_and_set_bit test_and_clear_bit test_and_change_bit
""".split()

# Definitions through a macro: MACRO(name, ...) defines the variable name.
DEFINE_MACROS = """
    DEFINE_MUTEX DEFINE_SPINLOCK DEFINE_RAW_SPINLOCK DEFINE_RWLOCK
    DECLARE_RWSEM DEFINE_SEMAPHORE DEFINE_IDA DEFINE_IDR DEFINE_XARRAY
    DEFINE_XARRAY_FLAGS DEFINE_XARRAY_ALLOC DEFINE_XARRAY_ALLOC1
    DEFINE_HASHTABLE DEFINE_READ_MOSTLY_HASHTABLE DEFINE_SRCU
    DEFINE_STATIC_SRCU LIST_HEAD HLIST_HEAD DECLARE_WAIT_QUEUE_HEAD
    DEFINE_STATIC_KEY_FALSE DEFINE_STATIC_KEY_TRUE DEFINE_RATELIMIT_STATE
""".split()

# module_param*(): which argument (0-based) names the variable.
MODULE_PARAM_ARG = {
    "module_param": 0, "module_param_unsafe": 0, "module_param_array": 0,
    "module_param_named": 1, "module_param_named_unsafe": 1,
    "module_param_array_named": 1, "module_param_string": 1,
    "module_param_cb": 2, "module_param_cb_unsafe": 2,
}

MARKERS = ("KUNIT-GLOBAL: restored", "KUNIT-GLOBAL: idempotent")

KEYWORDS = set("""
    auto break case char const continue default do double else enum extern
    float for goto if inline int long register restrict return short signed
    sizeof static struct switch typedef typeof union unsigned void volatile
    while _Bool bool asm __asm__ typeof_unqual
""".split())
# Words that may stand before a name without declaring it.
NOT_TYPES = set("""
    return goto case else do sizeof typeof if while for switch break
    continue default
""".split())

IDENT = re.compile(r"[A-Za-z_]\w*")


LEXEMES = re.compile(r"/\*.*?(?:\*/|\Z)|//[^\n]*"
                     r"|\"(?:\\.|[^\"\\\n])*\"?|'(?:\\.|[^'\\\n])*'?", re.S)
BRACES = re.compile(r"[{}]")
STMT_END = re.compile(r"[;{}]")
_parsed = {}


def _blank(m):
    t = m.group()
    if t[0] == "/":
        return re.sub(r"[^\n]", " ", t)
    # A literal keeps its quotes, its contents become spaces.
    if len(t) < 2:
        return t
    return t[0] + re.sub(r"[^\n]", " ", t[1:-1]) + t[-1]


def strip_c(text):
    """Comments, string and character literals blanked; newlines kept.

    Returns (code, pp): code with preprocessor lines blanked as well, and
    pp with only the preprocessor lines (continuations included)."""
    s = LEXEMES.sub(_blank, text)
    code, pp = [], []
    in_pp = False
    for line in s.split("\n"):
        if in_pp or line.lstrip().startswith("#"):
            pp.append(line)
            code.append("")
            in_pp = line.rstrip().endswith("\\")
        else:
            pp.append("")
            code.append(line)
    return "\n".join(code), "\n".join(pp)


def comments_of(text):
    """text with everything but its comments blanked; newlines kept."""
    out, i = [], 0
    for m in LEXEMES.finditer(text):
        out.append(re.sub(r"[^\n]", " ", text[i:m.start()]))
        t = m.group()
        out.append(t if t[0] == "/" else re.sub(r"[^\n]", " ", t))
        i = m.end()
    out.append(re.sub(r"[^\n]", " ", text[i:]))
    return "".join(out)


def parse(path):
    """(code, pp, top-level items) of a file, read once."""
    if path not in _parsed:
        with open(path, errors="replace") as f:
            text = f.read()
        code, pp = strip_c(text)
        _parsed[path] = (text, code, pp, list(top_level(code)))
    return _parsed[path]


def match_brace(code, pos):
    """Offset after the "}" that closes the "{" at pos."""
    depth = 0
    for m in BRACES.finditer(code, pos):
        depth += 1 if m.group() == "{" else -1
        if depth == 0:
            return m.end()
    return len(code)


def top_level(code):
    """Split code into file-scope statements and function bodies.

    Yields ("stmt", text) for each file-scope statement (brace bodies of
    struct definitions and initializers collapsed to "{}"), and
    ("func", header, body_start, body_end) for each function definition."""
    i = 0
    buf = []
    while True:
        m = STMT_END.search(code, i)
        if not m:
            break
        piece = code[i:m.start()]
        if m.group() == ";":
            text = ("".join(buf) + piece).strip()
            if text:
                yield ("stmt", text)
            buf = []
            i = m.end()
        elif m.group() == "{":
            head = "".join(buf) + piece
            end = match_brace(code, m.start())
            if is_function_header(head):
                yield ("func", head, m.start() + 1, end - 1)
                buf = []
            else:
                buf += [piece, "{}"]
            i = end
        else:  # unbalanced "}": resynchronise
            buf = []
            i = m.end()


def is_function_header(head):
    h = head.strip()
    if not h or "=" in re.sub(r"\([^()]*\)", "", h):
        return False
    # Trailing attributes: __acquires(x), __must_hold(x), __init ...
    while True:
        m = re.search(r"\s(__\w+|\w+_unused)\s*(\([^()]*\))?\s*$", h)
        if not m or not re.search(r"\)\s*$", h[:m.start()]):
            break
        h = h[:m.start()]
    if not h.endswith(")"):
        return False
    # struct x y = ... is no function; enum/struct bodies are not after ")".
    return not re.match(r"(typedef|struct|union|enum)\b", h) or \
        re.search(r"\w\s*\(", h) is not None


def split_top(s, sep=","):
    """Split s at sep outside parentheses, brackets and braces."""
    parts, depth, cur = [], 0, []
    for ch in s:
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        if ch == sep and depth == 0:
            parts.append("".join(cur))
            cur = []
        else:
            cur.append(ch)
    parts.append("".join(cur))
    return parts


def drop_attributes(s):
    """Remove __attr, __attr(...), VISIBLE_IF_KUNIT and the like."""
    prev = None
    while prev != s:
        prev = s
        s = re.sub(r"\b(__\w+|\w+_unused|VISIBLE_IF_KUNIT)\s*"
                   r"(\((?:[^()]|\([^()]*\))*\))?", " ", s)
    return s


def declarators(stmt):
    """Variables defined or declared by one file-scope statement.

    Returns (names, storage) with names a list of (name, is_const) and
    storage one of "static", "extern", "" (VISIBLE_IF_KUNIT counts as "")."""
    s = " ".join(stmt.split())
    m = re.match(r"(static\s+)?(\w+)\s*\(\s*(&?\s*\w+)", s)
    if m and m.group(2) in DEFINE_MACROS:
        return [(m.group(3), False)], "static" if m.group(1) else ""
    if re.match(r"(typedef|asm|_Static_assert|static_assert)\b", s):
        return [], ""
    storage = ""
    if re.search(r"(^|\s)static\b", s.split("=")[0]):
        storage = "static"
    elif re.match(r"extern\b", s):
        storage = "extern"
    if re.match(r"extern\s+\"", stmt):
        return [], ""
    # Initializers go: the top-level "=" ends a declarator.
    parts = [re.sub(r"=.*", "", p) for p in split_top(s)]
    first = drop_attributes(parts[0])
    # The first declarator: the type is all words up to the declarator.
    words = re.findall(r"[A-Za-z_]\w*|\{\}|\*|\(|\)|\[", first)
    if not words:
        return [], storage
    if "{}" in words:
        # struct [tag] {...} name: the declarator follows the body.
        idx = len(words) - 1 - words[::-1].index("{}")
        type_words = words[:idx + 1]
        decl = first[first.rfind("{}") + 2:]
    else:
        w = [x for x in words if x not in ("static", "extern", "const",
                                            "volatile", "register")]
        if w and w[0] in ("struct", "union", "enum"):
            need = 3
        else:
            need = 2
        if len([x for x in w if IDENT.fullmatch(x)]) < need:
            return [], storage  # struct foo; / int; / a macro call
        # The declarator starts at the first "*" or "(" or at the last word.
        m = re.search(r"[*(]", first)
        idents = list(re.finditer(r"[A-Za-z_]\w*", first.split("[")[0]))
        cut = m.start() if m and m.start() < idents[-1].start() else \
            idents[-1].start()
        type_words = re.findall(r"[A-Za-z_]\w*", first[:cut])
        decl = first[cut:]
    type_const = "const" in type_words
    names = []
    for d in [decl] + [drop_attributes(p) for p in parts[1:]]:
        d = re.sub(r"\[[^\]]*\]", "", d).strip()
        if not d:
            continue
        if "(" in d:
            # Only a pointer to function is a variable: (*name)(...)
            fm = re.match(r"\(\s*\*\s*(const\s+)?([A-Za-z_]\w*)\s*\)\s*\(", d)
            if not fm:
                continue
            names.append((fm.group(2), bool(fm.group(1))))
            continue
        idents = re.findall(r"[A-Za-z_]\w*", d)
        if not idents or idents[-1] in KEYWORDS:
            continue
        name = idents[-1]
        if "*" in d:
            is_const = bool(re.search(r"\*\s*const\s+" + name + r"\s*$", d))
        else:
            is_const = type_const
        names.append((name, is_const))
    return names, storage


def module_param_vars(pp_and_code):
    found = []
    for m in re.finditer(r"\b(module_param\w*)\s*\(([^;]*?)\)\s*;",
                         pp_and_code, re.S):
        k = MODULE_PARAM_ARG.get(m.group(1))
        if k is None:
            continue
        args = split_top(m.group(2))
        if k < len(args):
            v = re.match(r"\s*&?\s*([A-Za-z_]\w*)", args[k])
            if v:
                found.append(v.group(1))
    return found


def file_scope_vars(path):
    """[(name, storage, is_const)] of one file's file-scope variables."""
    _, code, _, items = parse(path)
    out = []
    for item in items:
        if item[0] != "stmt":
            continue
        names, storage = declarators(item[1])
        out += [(n, storage, c) for n, c in names]
    for v in module_param_vars(code):
        out.append((v, "param", False))
    return out


def collect_globals(tree):
    """Returns (public, static_of): names visible everywhere, and for each
    driver .c the names of its static variables."""
    public, static_of = set(), {}
    for d in DRIVER_DIRS:
        base = os.path.join(tree, AMD, d)
        for fn in sorted(os.listdir(base)) if os.path.isdir(base) else []:
            p = os.path.join(base, fn)
            if fn.endswith(".c"):
                mine = set()
                statics = set()
                params = []
                for name, storage, const in file_scope_vars(p):
                    if storage == "param":
                        params.append(name)
                    elif storage == "extern" or const:
                        continue
                    elif storage == "static":
                        statics.add(name)
                    else:
                        mine.add(name)
                # A module_param of a variable defined elsewhere: public.
                for v in params:
                    if v not in statics:
                        mine.add(v)
                public |= mine
                static_of[p] = statics
            elif fn.endswith(".h"):
                for name, storage, const in file_scope_vars(p):
                    if storage == "extern" and not const:
                        public.add(name)
    return public, static_of


def includers(tree, static_of):
    """test file path -> driver units that #include it."""
    inc = {}
    for unit in static_of:
        text = parse(unit)[0]
        for m in re.finditer(r'^\s*#\s*include\s*"([^"]*tests/[^"]+\.[ch])"',
                             text, re.M):
            t = os.path.normpath(os.path.join(os.path.dirname(unit),
                                              m.group(1)))
            inc.setdefault(t, []).append(unit)
    return inc


def write_patterns():
    """Patterns whose group 1 is the name of a written object."""
    name = r"\b([A-Za-z_]\w*)\b"
    chain = r"(?:\s*(?:\[[^\]\n]*\]|\.\s*\w+|->\s*\w+))*"
    not_member = r"(?<![\w.>])(?<!->\s)(?<!\.\s)"
    return [
        # NAME = / NAME op= / NAME.f = / NAME->f = / NAME[i] =
        re.compile(not_member + name + chain +
                   r"\s*(?:<<|>>|[-+*/%&|^])?=(?!=)"),
        # NAME++ / NAME--
        re.compile(not_member + name + chain + r"\s*(?:\+\+|--)"),
        # ++NAME / --NAME
        re.compile(r"(?:\+\+|--)\s*\(?\s*" + name + r"(?!\s*\()"),
        # WRITE_ONCE(NAME, memset(&NAME, ... (first argument)
        re.compile(r"\b(?:" + "|".join(FIRST_ARG_WRITERS) +
                   r")\s*\(\s*\(?\s*&?\s*\(?\s*" + name + r"(?!\s*\()"),
        # list_add(x, &NAME ... (second argument)
        re.compile(r"\b(?:" + "|".join(SECOND_ARG_WRITERS) +
                   r")\s*\([^,;()]*(?:\([^()]*\)[^,;()]*)*,\s*&?\s*\(?\s*" +
                   name + r"(?!\s*\()"),
    ]


WRITE_PATTERNS = write_patterns()


def local_decls(body, name):
    """[(start, end)] of the scopes of the local variables named name in a
    function body: a statement that starts with type words and then name
    (int name = / struct x *name; / for (u64 name = ...), from the name to
    the end of the enclosing block, or of the for statement."""
    pat = re.compile(r"(?:^|(?<=[;{}(]))\s*((?:[A-Za-z_]\w*[\s*]+)+)"
                     r"\b" + re.escape(name) + r"\b\s*(?=[=;,\[)])")
    out = []
    for m in pat.finditer(body):
        words = re.findall(r"[A-Za-z_]\w*", m.group(1))
        if not words or set(words) & NOT_TYPES:
            continue
        pos = m.start(1) + len(m.group(1))
        f = re.search(r"\bfor\s*\($", body[:m.start()])
        out.append((pos, for_end(body, m.start() - 1) if f
                    else block_end(body, pos)))
    return out


def block_end(body, pos):
    """Offset of the "}" that closes the block around pos, or len(body)."""
    depth = 0
    for m in BRACES.finditer(body, pos):
        depth += 1 if m.group() == "{" else -1
        if depth < 0:
            return m.start()
    return len(body)


def for_end(body, paren):
    """End of the for statement whose "(" is at paren."""
    depth = 0
    for m in re.compile(r"[()]").finditer(body, paren):
        depth += 1 if m.group() == "(" else -1
        if depth == 0:
            rest = re.compile(r"\s*\{").match(body, m.end())
            if rest:
                return match_brace(body, rest.end() - 1)
            semi = body.find(";", m.end())
            return len(body) if semi < 0 else semi + 1
    return len(body)


def params_of(header):
    m = re.search(r"\(((?:[^()]|\([^()]*\))*)\)\s*(?:__\w+\s*)*$",
                  header.strip())
    names = set()
    if not m:
        return names
    for p in split_top(m.group(1)):
        p = re.sub(r"\[[^\]]*\]", "", p)
        fm = re.search(r"\(\s*\*\s*([A-Za-z_]\w*)\s*\)", p)
        if fm:
            names.add(fm.group(1))
            continue
        ids = re.findall(r"[A-Za-z_]\w*", p)
        if len(ids) >= 2:
            names.add(ids[-1])
    return names


def function_defs(items):
    """(name, is_static, params, body_start, body_end) of each function."""
    for item in items:
        if item[0] != "func":
            continue
        head = " ".join(item[1].split())
        m = re.search(r"([A-Za-z_]\w*)\s*\((?:[^()]|\([^()]*\))*\)\s*"
                      r"(?:(?:__\w+|\w+_unused)\s*(?:\([^()]*\))?\s*)*$", head)
        if not m:
            continue
        is_static = re.search(r"\bstatic\b", head[:m.start()]) is not None
        yield m.group(1), is_static, params_of(head), item[2], item[3]


def find_writes(src, start, end, params, visible):
    """[(offset in src, name)] of the writes in src[start:end] of the names
    in visible, less those of a parameter or of a local variable declared
    before the write."""
    body = src[start:end]
    decls = {}  # name -> [(declared at, end of its block)]
    out = []
    for pat in WRITE_PATTERNS:
        for m in pat.finditer(body):
            name, pos = m.group(1), m.start(1)
            if name not in visible or name in params:
                continue
            if name not in decls:
                decls[name] = local_decls(body, name)
            if any(d <= pos < e for d, e in decls[name]):
                continue
            out.append((start + pos, name))
    return out


def derive_writers(tree, public, static_of):
    """Driver functions that write a driver global themselves (one level:
    not through the functions they call). Returns (public_w, static_w):
    {function: globals} of the functions any test can call, and per driver
    unit the same for its static functions."""
    public_w, static_w = {}, {}
    files = [(u, public | s) for u, s in static_of.items()]
    for d in DRIVER_DIRS:
        base = os.path.join(tree, AMD, d)
        if os.path.isdir(base):
            files += [(os.path.join(base, f), public)
                      for f in sorted(os.listdir(base)) if f.endswith(".h")]
    for path, visible in files:
        _, code, _, items = parse(path)
        for name, is_static, params, start, end in function_defs(items):
            written = {n for _, n in
                       find_writes(code, start, end, params, visible)}
            if not written:
                continue
            if is_static and path.endswith(".c"):
                static_w.setdefault(path, {}).setdefault(name, set()).update(written)
            else:
                public_w.setdefault(name, set()).update(written)
    return public_w, static_w


def scan_test(path, rel, visible, writers):
    """[(rel, line, global, via, marked)] of the writes of one test file."""
    text, code, pp, items = parse(path)
    comment_lines = comments_of(text).split("\n")
    # The test file's own file-scope variables and functions hide the
    # driver's of the same name.
    own_vars, own_funcs = set(), set()
    regions = []  # (source, start, end, parameters)
    for item in items:
        if item[0] == "stmt":
            names, storage = declarators(item[1])
            if storage != "extern":
                own_vars |= {n for n, _ in names}
    for name, _, params, start, end in function_defs(items):
        own_funcs.add(name)
        regions.append((code, start, end, params))
    for m in re.finditer(r"^[ \t]*#\s*define\b.*(?:\\\n.*)*", pp, re.M):
        regions.append((pp, m.start(), m.end(), set()))
    names = visible - own_vars
    writers = {f: g for f, g in writers.items() if f not in own_funcs}
    calls = re.compile(r"(?<![\w.>])\b(" + "|".join(map(re.escape, writers)) +
                       r")\s*\(") if writers else None
    hits = set()
    for src, start, end, params in regions:
        for pos, name in find_writes(src, start, end, params, names):
            hits.add((src.count("\n", 0, pos) + 1, name, None))
        if calls is None:
            continue
        for m in calls.finditer(src, start, end):
            if m.group(1) in params:
                continue
            line = src.count("\n", 0, m.start(1)) + 1
            for g in writers[m.group(1)]:
                hits.add((line, g, m.group(1)))
    out = []
    for line, name, via in sorted(hits, key=lambda h: (h[0], h[1], h[2] or "")):
        marked = False
        for ln in range(max(1, line - 3), line + 1):
            if any(mk in comment_lines[ln - 1] for mk in MARKERS):
                marked = True
        out.append((rel, line, name, via, marked))
    return out


def main(argv):
    if len(argv) != 2 or not os.path.isdir(os.path.join(argv[1], AMD)):
        print("usage: test-globals.py <kernel tree>", file=sys.stderr)
        return 2
    tree = argv[1]
    public, static_of = collect_globals(tree)
    inc = includers(tree, static_of)
    all_names = set(public)
    for s in static_of.values():
        all_names |= s
    public_w, static_w = derive_writers(tree, public, static_of)
    tests = []
    for d in DRIVER_DIRS:
        tdir = os.path.join(tree, AMD, d, "tests")
        if os.path.isdir(tdir):
            tests += [os.path.normpath(os.path.join(tdir, f))
                      for f in sorted(os.listdir(tdir))
                      if f.endswith((".c", ".h"))]
    # A tests file #included into a driver unit elsewhere is scanned too.
    for t in sorted(inc):
        if t not in tests and os.path.isfile(t):
            tests.append(t)
    results = []
    for t in tests:
        visible = set(public)
        writers = {f: set(g) for f, g in public_w.items()}
        for f, g in WRITERS.items():
            writers.setdefault(f, set()).add(g)
        for unit in inc.get(t, []):
            visible |= static_of[unit]
            for f, g in static_w.get(unit, {}).items():
                writers.setdefault(f, set()).update(g)
        results += scan_test(t, os.path.relpath(t, tree), visible, writers)
    bad = [r for r in results if not r[4]]
    for rel, line, name, via, _ in bad:
        extra = " via %s()" % via if via else ""
        print("%s:%d: %s (driver global written by a test)%s"
              % (rel, line, name, extra))
    if bad:
        print("%d unmarked write(s) of driver globals; a test must not "
              "write one, or save and restore it and say so with a "
              "comment \"KUNIT-GLOBAL: restored\" (or \"KUNIT-GLOBAL: "
              "idempotent\") on the line or up to 3 lines above"
              % len(bad))
        return 1
    print("%d test files, %d driver globals, %d marked writes"
          % (len(tests), len(all_names), len(results)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
