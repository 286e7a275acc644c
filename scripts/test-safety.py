#!/usr/bin/env python3
"""No KUnit test of amdgpu/amdkfd touches the hardware or the live driver.

Usage: python3 scripts/test-safety.py <kernel tree> [--commits <rev-range>]

amdgpu_test.ko ships in distribution kernels and is loaded on machines with
an AMD GPU, next to a live amdgpu. test-globals.py keeps the tests from
writing the driver's globals; this script keeps them from the other ways a
test can reach out of its fakes:

maps-physical (R1): a test calls a mapping primitive (MAP_PRIMITIVES:
    io_remap_pfn_range(), ioremap(), memremap(), ...) itself, or calls a
    driver function from which one is reachable within 3 calls through
    driver functions (f() calls it, or f() -> g() or f() -> g() -> h() does),
    unless a function on that path is stub-activated by the test file.
    No marker.
module-param (R2): a test depends on a module parameter of the driver (a
    variable named by a module_param*() of amdgpu/*.c or amdkfd/*.c):
    (a) it mentions the variable in a function body or #define (a read; not
        a local variable or parameter of the same name, a struct member, or
        a write as test-globals.py finds them: writes are its business);
    (b) it calls a driver function whose own body mentions one (one level);
    (c) it calls amdgpu_vm_adjust_size(), directly or through one driver
        function that calls it, unless it activates a static stub of
        amdgpu_vm_size_params(), through which amdgpu_vm_adjust_size() reads
        the parameters.
    Allowed where a comment on the line or on one of the 3 lines above says
        KUNIT-PARAM: <reason>
    with the reason on the marker's line; such hits are counted in the
    summary line.
live-topology (R3): a test calls one of LIVE_LOOKUPS (kfd_topology_device_
    by_id(), kfd_lookup_process_by_pasid(), ...: they search the live
    driver's devices and processes), itself or through driver functions
    within 2 calls (f() calls it, or f() -> g() does), unless the lookup or
    a function on the path is stub-activated by the test file. No marker.
test-in-driver (R5): a driver unit (amdgpu/*.c, amdkfd/*.c, not tests/)
    #includes a tests/*.c file: its test cases would be linked into
    amdgpu.ko, which must hold none (make module MODULE_KUNIT_TEST=m checks
    the built modules). The test cases belong in amdgpu_test.ko, reaching
    driver internals through VISIBLE_IF_KUNIT / EXPORT_SYMBOL_IF_KUNIT.
object-without-source (R4), with --commits <rev-range> only: at every
    commit of the range (read with git cat-file, nothing is checked out),
    each tests/<name>.o that amdgpu/Makefile or amdkfd/Makefile adds
    (amdgpu_test-y += tests/x.o, AMDKFD_TEST_FILES +=
    $(AMDKFD_PATH)/tests/x.o,
    also inside $(if ...)) has its tests/<name>.c in that commit's tree, and
    each "extern struct kunit_suite NAME;" of tests/amdgpu_test_suites.h is
    registered by kunit_test_suite(NAME) in tests/amdgpu_test_mod.c: every
    patch of the series builds and registers what it declares.

Test files: amdgpu/tests/*.[ch] and amdkfd/tests/*.[ch], and any tests/
file #included by a driver unit (as test-globals.py). Their function bodies
and #defines are scanned. Driver functions: the function definitions of
amdgpu/*.[ch] and amdkfd/*.[ch] (not tests/). A call: an identifier
followed by "(" in a body, not after ".", "->" or a word character, not a
keyword or a parameter of the function. A static function of a .c is seen
only from its own unit and from the test files it #includes; a function the
test file defines itself hides the driver's. Stub-activated: every FN of a
kunit_activate_static_stub(<test>, FN, ...) in the test file; the stub
replaces FN, so FN's body does not run. The parser is test-globals.py's
(regexes and brace depth, no C preprocessor).

Every hit is printed as
    <file>:<line>: <rule>: <what> [via a() -> b()]
    <commit subject>: <Makefile>: tests/x.o listed, tests/x.c not in the tree
    <commit subject>: amdgpu_test_suites.h declares NAME, not registered
and the exit status is 1; otherwise one summary line and exit status 0.
"""
import importlib.util
import os
import re
import subprocess
import sys

_spec = importlib.util.spec_from_file_location(
    "test_globals", os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                 "test-globals.py"))
tg = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(tg)

AMD = tg.AMD
DRIVER_DIRS = tg.DRIVER_DIRS

MAP_PRIMITIVES = set("""
    remap_pfn_range io_remap_pfn_range vm_iomap_memory vmf_insert_pfn
    vmf_insert_pfn_prot vmf_insert_mixed ioremap ioremap_wc ioremap_uc
    ioremap_cache devm_ioremap memremap devm_memremap pci_iomap pcim_iomap
    io_mapping_create_wc
""".split())
MAP_DEPTH = 3

# Lookups in the live driver's topology and process table (amdgpu's PASID
# table holds every open DRM file of every GPU). Not one of
# them: kfd_process_device_data_by_id() searches the given process's own
# devices.
LIVE_LOOKUPS = set("""
    kfd_topology_device_by_id kfd_topology_device_by_proximity_domain
    kfd_topology_device_by_proximity_domain_no_lock kfd_device_by_id
    kfd_topology_enum_kfd_devices kfd_lookup_process_by_pasid
    kfd_lookup_process_by_mm kfd_lookup_process_by_pid kfd_get_process
    kfd_topology_get_device_by_id amdgpu_pasid_get_fpriv_locked
    amdgpu_vm_lock_by_pasid
""".split())
LOOKUP_DEPTH = 2

# Sizes the VM from amdgpu_vm_size, amdgpu_vm_block_size, ...
ADJUST_SIZE = "amdgpu_vm_adjust_size"
# amdgpu_vm_adjust_size() reads the parameters through this function; a test
# that activates a static stub of it gives them itself.
ADJUST_SIZE_PARAMS = "amdgpu_vm_size_params"

PARAM_MARKER = re.compile(r"KUNIT-PARAM:(.*)")

NOT_CALLS = tg.KEYWORDS | tg.NOT_TYPES | {"defined", "__attribute__",
                                           "_Generic", "__builtin_expect"}
NOT_MEMBER = r"(?<![\w.>])(?<!->\s)(?<!\.\s)"
CALL = re.compile(NOT_MEMBER + r"\b([A-Za-z_]\w*)\s*\(")
STUB = re.compile(r"\bkunit_activate_static_stub\s*\(\s*[^,()]*"
                  r"(?:\([^()]*\)[^,()]*)*,\s*([A-Za-z_]\w*)\s*,")


def calls_in(src, start, end, params):
    """[(offset in src, name)] of the calls in src[start:end]."""
    return [(m.start(1), m.group(1)) for m in CALL.finditer(src, start, end)
            if m.group(1) not in NOT_CALLS and m.group(1) not in params]


def mentions(src, start, end, params, names):
    """[(offset in src, name)] of the names of names read in src[start:end]
    (not a member, a parameter or a local declared before)."""
    if not names:
        return []
    pat = re.compile(NOT_MEMBER + r"\b(" + "|".join(map(re.escape,
                                                        sorted(names))) +
                     r")\b(?!\s*\()")
    body = src[start:end]
    decls = {}
    out = []
    for m in pat.finditer(body):
        name, pos = m.group(1), m.start(1)
        if name in params:
            continue
        if name not in decls:
            decls[name] = tg.local_decls(body, name)
        if any(d <= pos < e for d, e in decls[name]):
            continue
        out.append((start + pos, name))
    return out


class Driver:
    """The driver's functions, their calls and the module parameters."""

    def __init__(self, tree):
        self.tree = tree
        self.params = set()
        self.units = []           # driver .c files
        # node: (name, unit) for a static function of a .c, (name, None)
        # for the others; node -> set of callee names.
        self.calls = {}
        self.reads = {}           # node -> module parameters its body reads
        self.static_of = {}       # unit -> names of its static functions
        self.public = set()
        files = []
        for d in DRIVER_DIRS:
            base = os.path.join(tree, AMD, d)
            if not os.path.isdir(base):
                continue
            for fn in sorted(os.listdir(base)):
                if fn.endswith((".c", ".h")):
                    files.append(os.path.join(base, fn))
        for p in files:
            if p.endswith(".c"):
                self.units.append(p)
                self.params |= set(tg.module_param_vars(tg.parse(p)[1]))
        for p in files:
            _, code, _, items = tg.parse(p)
            for name, is_static, params, start, end in tg.function_defs(items):
                if is_static and p.endswith(".c"):
                    node = (name, p)
                    self.static_of.setdefault(p, set()).add(name)
                else:
                    node = (name, None)
                    self.public.add(name)
                self.calls.setdefault(node, set()).update(
                    n for _, n in calls_in(code, start, end, params))
                self.reads.setdefault(node, set()).update(
                    n for _, n in mentions(code, start, end, params,
                                           self.params))
        self.count = len(self.calls)

    def resolve(self, name, units):
        """The node name is in code that sees the statics of units, or
        None if it is no driver function."""
        for u in units:
            if name in self.static_of.get(u, ()):
                return (name, u)
        if name in self.public:
            return (name, None)
        return None

    def paths(self, first, targets, depth, stubbed):
        """{target: shortest [names]} of the targets first (a node) reaches
        within depth calls, through driver functions not in stubbed."""
        found = {}
        if first[0] in stubbed:
            return found
        level = [(first, [first[0]])]
        seen = {first}
        for _ in range(depth):
            nxt = []
            for node, path in level:
                units = [node[1]] if node[1] else []
                for callee in sorted(self.calls.get(node, ())):
                    if callee in stubbed:
                        continue
                    if callee in targets:
                        found.setdefault(callee, path + [callee])
                        continue
                    n = self.resolve(callee, units)
                    if n is None or n in seen:
                        continue
                    seen.add(n)
                    nxt.append((n, path + [callee]))
            level = nxt
        return found


def via(path):
    return " via " + " -> ".join(p + "()" for p in path)


def param_marked(comment_lines, line):
    for ln in range(max(1, line - 3), line + 1):
        m = PARAM_MARKER.search(comment_lines[ln - 1])
        if m and m.group(1).replace("*/", "").strip(" \t*/"):
            return True
    return False


def scan_test(path, rel, drv, units):
    """([(rel, line, rule, text)] failures, marked count) of a test file;
    units: the driver units that #include it."""
    text, code, pp, items = tg.parse(path)
    comment_lines = tg.comments_of(text).split("\n")
    own_vars, own_funcs, regions = set(), set(), []
    for item in items:
        if item[0] == "stmt":
            names, storage = tg.declarators(item[1])
            if storage != "extern":
                own_vars |= {n for n, _ in names}
    for name, _, params, start, end in tg.function_defs(items):
        own_funcs.add(name)
        regions.append((code, start, end, params))
    for m in re.finditer(r"^[ \t]*#\s*define\b.*(?:\\\n.*)*", pp, re.M):
        regions.append((pp, m.start(), m.end(), set()))
    stubbed = set(STUB.findall(code))
    params = drv.params - own_vars
    hits = set()   # (line, rule, text, marked-able)
    marked = 0

    def line_of(src, pos):
        return src.count("\n", 0, pos) + 1

    for src, start, end, fparams in regions:
        writes = {pos for pos, _ in tg.find_writes(src, start, end, fparams,
                                                    params)}
        for pos, name in mentions(src, start, end, fparams, params):
            if pos not in writes:
                hits.add((line_of(src, pos), "module-param",
                          "%s (module parameter read by the test)" % name))
        for pos, name in calls_in(src, start, end, fparams):
            if name in own_funcs:
                continue
            line = line_of(src, pos)
            if name in MAP_PRIMITIVES:
                hits.add((line, "maps-physical",
                          "%s() maps device or physical memory" % name))
            if name in LIVE_LOOKUPS and name not in stubbed:
                hits.add((line, "live-topology",
                          "%s() searches the live driver" % name))
            if name == ADJUST_SIZE and ADJUST_SIZE_PARAMS not in stubbed:
                hits.add((line, "module-param",
                          "%s() sizes the VM from the module parameters"
                          % name))
            node = drv.resolve(name, units)
            if node is None:
                continue
            for t, p in drv.paths(node, MAP_PRIMITIVES, MAP_DEPTH,
                                  stubbed).items():
                hits.add((line, "maps-physical", "%s()%s" % (t, via(p))))
            for t, p in drv.paths(node, LIVE_LOOKUPS, LOOKUP_DEPTH,
                                  stubbed).items():
                hits.add((line, "live-topology", "%s()%s" % (t, via(p))))
            if name == ADJUST_SIZE:
                continue
            r = drv.reads.get(node)
            if r:
                hits.add((line, "module-param",
                          "%s%s" % (", ".join(sorted(r)), via([name]))))
            if (ADJUST_SIZE in drv.calls.get(node, ()) and
                    ADJUST_SIZE_PARAMS not in stubbed):
                hits.add((line, "module-param", "%s()%s" %
                          (ADJUST_SIZE, via([name, ADJUST_SIZE]))))
    out = []
    for line, rule, what in sorted(hits):
        if rule == "module-param" and param_marked(comment_lines, line):
            marked += 1
            continue
        out.append((rel, line, rule, what))
    return out, marked


def test_files(tree, drv):
    """[(path, units that #include it)] of the test files."""
    inc = tg.includers(tree, {u: set() for u in drv.units})
    tests = []
    for d in DRIVER_DIRS:
        tdir = os.path.join(tree, AMD, d, "tests")
        if os.path.isdir(tdir):
            tests += [os.path.normpath(os.path.join(tdir, f))
                      for f in sorted(os.listdir(tdir))
                      if f.endswith((".c", ".h"))]
    for t in sorted(inc):
        if t not in tests and os.path.isfile(t):
            tests.append(t)
    return [(t, inc.get(t, [])) for t in tests]


class Blobs:
    """git cat-file --batch: the text of <commit>:<path>, or None."""

    def __init__(self, tree):
        self.p = subprocess.Popen(["git", "-C", tree, "cat-file", "--batch"],
                                  stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE)

    def get(self, commit, path):
        self.p.stdin.write(("%s:%s\n" % (commit, path)).encode())
        self.p.stdin.flush()
        head = self.p.stdout.readline().decode().split()
        if len(head) < 3 or head[1] == "missing":
            return None
        data = self.p.stdout.read(int(head[2]) + 1)[:-1]
        return data.decode(errors="replace") if head[1] == "blob" else ""

    def close(self):
        self.p.stdin.close()
        self.p.wait()


def listed_objects(makefile):
    """[(dir under AMD, name)] of the tests/<name>.o a Makefile adds."""
    text = re.sub(r"\\\n", " ", makefile)
    out = []
    for line in text.split("\n"):
        line = line.split("#")[0]
        if not re.search(r"[+:?]?=", line):
            continue
        rhs = re.split(r"[+:?]?=", line, maxsplit=1)[1]
        for m in re.finditer(r"(\$\(AMDKFD_PATH\)/)?\btests/(\w+)\.o\b", rhs):
            out.append(("amdkfd" if m.group(1) else None, m.group(2)))
    return out


def commit_problems(blobs, c):
    """The R4 failures of one commit, without its subject."""
    bad = []
    for d in DRIVER_DIRS:
        mk = "%s/%s/Makefile" % (AMD, d)
        for odir, name in listed_objects(blobs.get(c, mk) or ""):
            src = "%s/%s/tests/%s.c" % (AMD, odir or d, name)
            if blobs.get(c, src) is None:
                bad.append("%s: tests/%s.o listed, tests/%s.c not in the "
                           "tree" % (mk, name, name))
    h = blobs.get(c, AMD + "/amdgpu/tests/amdgpu_test_suites.h")
    if h:
        mod = blobs.get(c, AMD + "/amdgpu/tests/amdgpu_test_mod.c") or ""
        registered = set(re.findall(r"\bkunit_test_suites?\s*\(\s*&?\s*"
                                    r"(\w+)", tg.strip_c(mod)[0]))
        for name in re.findall(r"\bextern\s+struct\s+kunit_suite\s+"
                               r"(\w+)\s*;", tg.strip_c(h)[0]):
            if name not in registered:
                bad.append("amdgpu_test_suites.h declares %s, not "
                           "registered" % name)
    return bad


def check_commits(tree, rng):
    """(failure lines, commits checked) of R4. A failure is printed once,
    at the commit that brings it, with the number of commits after it that
    still have it."""
    log = subprocess.run(["git", "-C", tree, "rev-list", "--reverse",
                          "--format=%s", rng], capture_output=True,
                         text=True)
    if log.returncode:
        raise SystemExit("test-safety.py: git rev-list %s: %s"
                         % (rng, log.stderr.strip()))
    commits = re.findall(r"^commit ([0-9a-f]+)\n(.*)$", log.stdout, re.M)
    blobs = Blobs(tree)
    open_runs = {}   # problem -> [subject of its first commit, later ones]
    runs = []
    for c, subject in commits:
        now = commit_problems(blobs, c)
        for p in list(open_runs):
            if p not in now:
                runs.append((p, *open_runs.pop(p)))
        for p in now:
            if p in open_runs:
                open_runs[p][2] += 1
            else:
                open_runs[p] = [len(runs) + len(open_runs), subject, 0]
    runs += [(p, *r) for p, r in open_runs.items()]
    blobs.close()
    bad = []
    for p, _, subject, later in sorted(runs, key=lambda r: r[1]):
        more = " (and in the %d commit%s after it)" % (
            later, "s" if later > 1 else "") if later else ""
        bad.append("%s: %s%s" % (subject, p, more))
    return bad, len(commits)


def main(argv):
    args = argv[1:]
    rng = None
    if len(args) == 3 and args[1] == "--commits":
        rng = args[2]
        args = args[:1]
    if len(args) != 1 or not os.path.isdir(os.path.join(args[0], AMD)):
        print("usage: test-safety.py <kernel tree> [--commits <rev-range>]",
              file=sys.stderr)
        return 2
    tree = args[0]
    drv = Driver(tree)
    tests = test_files(tree, drv)
    bad, marked = [], 0
    for t, units in tests:
        b, m = scan_test(t, os.path.relpath(t, tree), drv, units)
        bad += b
        marked += m
    for rel, line, rule, what in bad:
        print("%s:%d: %s: %s" % (rel, line, rule, what))
    tid = []
    for d in DRIVER_DIRS:
        dd = os.path.join(tree, AMD, d)
        for f in sorted(os.listdir(dd)):
            if not f.endswith(".c"):
                continue
            with open(os.path.join(dd, f), errors="replace") as fh:
                for i, l in enumerate(fh, 1):
                    m = re.match(r'\s*#\s*include\s*"([^"]*tests/[^"]+\.c)"', l)
                    if m:
                        tid.append(("%s/%s/%s" % (AMD, d, f), i, "test-in-driver",
                                    "#include \"%s\": test cases in amdgpu.ko"
                                    % m.group(1)))
    for rel, line, rule, what in tid:
        print("%s:%d: %s: %s" % (rel, line, rule, what))
    bad += tid
    bad_commits, n_commits = check_commits(tree, rng) if rng else ([], 0)
    for line in bad_commits:
        print(line)
    n = len(bad) + len(bad_commits)
    if n:
        print("%d test-safety hit(s): a KUnit test must not map physical "
              "memory (maps-physical), depend on a module parameter "
              "without a \"KUNIT-PARAM: <reason>\" comment (module-param), "
              "or search the live topology or processes without a KUnit "
              "stub (live-topology), or be #included by a driver unit "
              "(test-in-driver); every commit must have the sources "
              "of its test objects and register the suites it declares "
              "(see scripts/test-safety.py)" % n)
        return 1
    print("%d test files, %d driver functions, %d module parameters, "
          "%d marked module-parameter uses%s"
          % (len(tests), drv.count, len(drv.params), marked,
             ", %d commits" % n_commits if rng else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
