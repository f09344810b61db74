"""`make export-liboqs` (tools/export_liboqs, docs/liboqs.md), without liboqs: the
exported tree compiles on its own, as liboqs's CMake fragment compiles it (the
shared code once under a common prefix, each set under its own), and is driven
as liboqs drives it (tests/harness/export_kat.c: the entry points its wrappers
call, the NIST DRBG as the host's randombytes).

* with a chosen prefix, every global the export's objects define carries it, on
  host and AArch64; a name missing from the namespace header is reported;
* one set per block shape (round, l, r) of Rounds 2 and 3 reproduces its official
  known answers through the entry points, on host and on AArch64 NEON (qemu),
  and its signatures verify and a flipped one does not;
* its CMake fragment compiles the C files the committed META files name (sources.cmake,
  one list for both), and configures and builds in a CMake project as liboqs's
  src/sig/snova/ includes it;
* the export is refused into a directory that holds files, which it leaves alone.
"""
import json
import re
import shutil
import subprocess

import pytest
import yaml

from tests.snova_harness import QEMU, ROOT, load_kat
from tests.test_deterministic import first_set_per_shape
from tools import core_rooms, liboqs_meta

HARNESS = ROOT / "tests" / "harness"
PREFIX = "zq9_"                       # the chosen prefix: every name the build defines starts with it
COMMON_PREFIX = PREFIX + "common_"
# host, AArch64 NEON, and the valgrind build: gcc -O3 as liboqs builds by default,
# with the debugging information the suppressions' inlined frames need
CC = {"host": ["clang-19"], "aarch64": ["clang-19", "--target=aarch64-linux-gnu"], "valgrind": ["gcc"]}
LINK = {"host": [], "aarch64": ["-fuse-ld=lld", "-static"], "valgrind": []}
WARN = ["-std=c11", "-Wall", "-Wextra", "-Wpedantic", "-Wshadow", "-Wvla"]
CFLAGS = {"host": ["-O2", *WARN, "-Werror"], "aarch64": ["-O2", *WARN, "-Werror", "-DSNOVA_NEON"],
          "valgrind": ["-O3", "-g", *WARN, "-DEXPORT_KAT_VALGRIND"]}
# the C files by folder, as the export's CMake fragment compiles them (sources.cmake)
C_FILES = liboqs_meta.c_files()
# the driver's DRBG (c_glue/primitives/rng.c and its AES and SHA-256), under the names it has
DRBG_SRC = [core_rooms.source(f) for f in ("rng.c", "aes_ct.c", "util.c", "sha256.c")] + [HARNESS / "drbg_kernels.c"]
SHAPE_SETS = [s for s in first_set_per_shape() if s.startswith(("snova-r2-", "snova-r3-"))]
VECTORS = 2
DIGEST_FIELDS = ["pk_len", "pk_sha256", "sk_len", "sk_sha256", "sm_len", "sm_sha256"]


def export(dest):
    return subprocess.run(["make", "-s", "--no-print-directory", "export-liboqs", f"DEST={dest}"], cwd=ROOT,
                          capture_output=True, text=True)


@pytest.fixture(scope="module")
def tree(tmp_path_factory):
    dest = tmp_path_factory.mktemp("export") / "snova_neon"
    r = export(dest)
    assert r.returncode == 0, r.stderr
    return dest


def sets_table(tree):
    """{our set name: (core, liboqs's entry prefix, definitions)} from sets.tsv,
    keyed by our name through the definitions make snova-params gives."""
    rows = [line.split("\t") for line in (tree / "sets.tsv").read_text().splitlines() if not line.startswith("#")]
    ours = {}
    for line in subprocess.run(["make", "-s", "--no-print-directory", "snova-params"], cwd=ROOT, check=True,
                               capture_output=True, text=True).stdout.splitlines():
        name, defs = line.split(" ", 1)
        ours[defs.strip()] = name
    return {ours[defs]: (core, prefix, defs.split()) for _, core, prefix, defs in rows}


def compile_all(variant, sources, flags, out):
    out.mkdir(parents=True, exist_ok=True)
    objs = []
    for src in sources:
        obj = out / (src.name + ".o")
        subprocess.run([*CC[variant], *flags, "-c", str(src), "-o", str(obj)], check=True)
        objs.append(obj)
    return objs


def common_objects(tree, variant, out, extra=()):
    """The shared code, namespaced as the CMake fragment does but under PREFIX, with
    the first set's definitions (like the fragment)."""
    src = tree / "src"
    neon = variant == "aarch64"
    defs = next(iter(sets_table(tree).values()))[2]
    files = C_FILES["common"]
    objs = compile_all(variant, [src / f for f in files["portable"] + (files["neon"] if neon else [])],
                       [*export_flags(tree, variant), *extra, *defs, f"-DSNOVA_NAMESPACE={COMMON_PREFIX}"],
                       out / "common")
    if neon:
        objs += compile_all(variant, sorted((src / "asm").glob("*.S")),
                            [f"-I{src}", f"-DSNOVA_NAMESPACE={COMMON_PREFIX}"], out / "asm")
    return objs


def export_flags(tree, variant):
    return [*CFLAGS[variant], f"-I{tree / 'src'}", "-DSNOVA_RANDOMBYTES_EXTERN",
            "-Drandombytes=export_randombytes", f"-DSNOVA_COMMON_NAMESPACE={COMMON_PREFIX}"]


def set_objects(tree, variant, set_name, out):
    """A set's own code under its prefix (set_prefix)."""
    core, _, defs = sets_table(tree)[set_name]
    files = C_FILES["set"]
    neon = files["neon"] if variant == "aarch64" else []
    return compile_all(variant, [tree / "src" / f for f in [core, *files["portable"], *neon]],
                       [*export_flags(tree, variant), *defs, f"-DSNOVA_NAMESPACE={set_prefix(set_name)}"], out)


@pytest.fixture(scope="module")
def common(tree, tmp_path_factory):
    """common(variant): the shared objects of the exported tree, built once per variant."""
    built = {}

    def get(variant):
        if variant not in built:
            built[variant] = common_objects(tree, variant, tmp_path_factory.mktemp(f"common-{variant}"))
        return built[variant]
    return get


def set_prefix(set_name):
    return PREFIX + set_name.replace("-", "_") + "_"


def defined_globals(objs):
    out = subprocess.run(["llvm-nm-19", "--defined-only", "--extern-only", "--just-symbol-name", *map(str, objs)],
                         check=True, capture_output=True, text=True).stdout
    return {line for line in out.splitlines() if line and not line.endswith(":")}


def foreign_globals(objs):
    return {name for name in defined_globals(objs) if not name.startswith(PREFIX)}


@pytest.mark.parametrize("variant", ["host", "aarch64"])
def test_every_defined_global_carries_the_chosen_prefix(tree, common, variant, tmp_path):
    objs = common(variant) + set_objects(tree, variant, "snova-r3-i-k", tmp_path)
    names = defined_globals(objs)
    assert foreign_globals(objs) == set()
    # the entry points liboqs calls are there, under the set's prefix
    assert {set_prefix("snova-r3-i-k") + f for f in ("keypair", "sign", "verify")} <= names


def test_a_name_missing_from_the_namespace_header_is_reported(tree, tmp_path):
    """The check on an export whose header forgot one name (snova_wipe): that name,
    unprefixed."""
    mutant = tmp_path / "mutant"
    shutil.copytree(tree, mutant)
    header = mutant / "src" / "snova_namespace.h"
    line = "#define snova_wipe SNOVA_NS_COMMON(snova_wipe)\n"
    assert line in header.read_text()
    header.write_text(header.read_text().replace(line, ""))
    objs = common_objects(mutant, "host", tmp_path) + set_objects(mutant, "host", "snova-r3-i-k", tmp_path / "set")
    assert foreign_globals(objs) == {"snova_wipe"}


def driver(tree, objs, variant, set_name, out):
    """export_kat linked with the export's objects and the DRBG."""
    drbg = compile_all(variant, DRBG_SRC, [*CFLAGS[variant], *core_rooms.include_flags()], out / "drbg")
    _, _, defs = sets_table(tree)[set_name]
    exe = out / "export_kat"
    subprocess.run([*CC[variant], *CFLAGS[variant], *defs, f"-I{tree / 'src'}", *core_rooms.include_flags(),
                    f"-DSNOVA_NAMESPACE={set_prefix(set_name)}", str(HARNESS / "export_kat.c"), *map(str, objs),
                    *map(str, drbg), *LINK[variant], "-o", str(exe), "-lpthread"], check=True)
    return [QEMU, "-cpu", "max", str(exe)] if variant == "aarch64" else [str(exe)]


@pytest.mark.parametrize("variant", ["host", "aarch64"])
@pytest.mark.parametrize("set_name", SHAPE_SETS)
def test_export_reproduces_the_known_answers(tree, common, variant, set_name, tmp_path):
    objs = common(variant) + set_objects(tree, variant, set_name, tmp_path / "set")
    r = subprocess.run([*driver(tree, objs, variant, set_name, tmp_path), str(VECTORS)], capture_output=True,
                       text=True)
    assert r.returncode == 0, r.stdout + r.stderr
    records = [json.loads(line) for line in r.stdout.splitlines()]
    assert all(rec["ok"] and rec["verifies"] and rec["rejects_flip"] for rec in records), records
    got = [{k: rec[k] for k in DIGEST_FIELDS} for rec in records]
    assert got == [{k: rec[k] for k in DIGEST_FIELDS} for rec in load_kat(set_name)[:VECTORS]]


# --------------------------------------------------------------------------
# the valgrind suppressions (snova_neon.supp), on liboqs's constant-time terms


def valgrind(tree, objs, set_name, out, suppressions):
    """export_kat (one vector) under memcheck, the DRBG's bytes secret: the
    errors' stacks, innermost frame first, one list per error."""
    exe = driver(tree, objs, "valgrind", set_name, out)
    supp = [f"--suppressions={tree / 'snova_neon.supp'}"] if suppressions else []
    r = subprocess.run(["valgrind", "-q", "--error-exitcode=99", "--num-callers=6", *supp, *exe, "1"],
                       capture_output=True, text=True)
    assert r.returncode in (0, 99), r.stderr
    stacks = []
    for line in r.stderr.splitlines():
        if "Conditional jump" in line or "Use of uninitialised" in line or "Invalid" in line:
            stacks.append([])
        elif stacks and re.search(r"(at|by) 0x[0-9A-F]+: (\S+)", line):
            stacks[-1].append(re.search(r"(at|by) 0x[0-9A-F]+: (\S+)", line).group(2))
    return r.returncode, stacks


# Round 2 with a seed-form key (both decisions, in key generation and signing),
# and Round 3 (the retry only: its A and B are fixed)
@pytest.mark.parametrize("set_name", ["snova-r2-24-5-4", "snova-r3-i-k"])
def test_suppressions_excuse_exactly_the_public_decisions(tree, common, set_name, tmp_path):
    objs = common("valgrind") + set_objects(tree, "valgrind", set_name, tmp_path / "set")
    status, stacks = valgrind(tree, objs, set_name, tmp_path, suppressions=False)
    # unsuppressed, memcheck reports the public decisions and only them
    assert status == 99 and stacks
    assert all(s[0] in ("sign_core", "attempt_signature", "make_invertible", "make_invertible_all")
               for s in stacks), stacks
    assert valgrind(tree, objs, set_name, tmp_path, suppressions=True) == (0, [])


def test_suppressions_leave_a_planted_leak_reported(tree, tmp_path):
    """A branch on every byte SHAKE absorbs (ct.h's planted leak), the private seed
    among them: reported through the suppressions."""
    plant = ["-DSNOVA_CT_PLANT_branch"]
    objs = common_objects(tree, "valgrind", tmp_path / "common", plant) + \
        set_objects(tree, "valgrind", "snova-r3-i-k", tmp_path / "set")
    status, stacks = valgrind(tree, objs, "snova-r3-i-k", tmp_path, suppressions=True)
    assert status == 99 and any("snova_ct_plant" in s for s in stacks), stacks


def cmake_lists(path):
    """{variable: [values]} of the set() lines of a CMake file."""
    return {m[1]: m[2].split() for m in re.finditer(r"^set\((\w+) ?([^)]*)\)$", path.read_text(), re.M)}


def meta_c_files(name):
    """The .c files a committed META file names, by file name."""
    meta = yaml.safe_load((liboqs_meta.META_DIR / name).read_text())
    impl = (meta.get("commons") or meta.get("implementations"))[0]
    return {src.rsplit("/", 1)[-1] for src in impl["sources"].split() if src.endswith(".c")}


def test_fragment_compiles_the_files_the_meta_files_name(tree):
    lists = cmake_lists(tree / "sources.cmake")
    files = lambda folder: set(lists[f"_snova_neon_{folder}_c"] + lists[f"_snova_neon_{folder}_neon_c"])
    assert files("common") == meta_c_files(liboqs_meta.COMMON_FILE)
    for name, core in (("SNOVA_I_K_META.yml", "snova_r3.c"), ("SNOVA_24_5_4_META.yml", "snova_r2.c")):
        assert files("set") | {core} == meta_c_files(name)


def test_fragment_builds_in_a_cmake_project(tree, tmp_path):
    """The fragment as src/sig/snova/CMakeLists.txt includes it, one set enabled, on
    this machine (the portable C): it compiles the set's core and every file of
    sources.cmake's portable lists."""
    project = tmp_path / "project"
    # liboqs's allocator, as <oqs/common.h> declares it for -DSNOVA_LIBOQS
    (project / "oqs").mkdir(parents=True)
    (project / "oqs" / "common.h").write_text(
        "#include <stddef.h>\nvoid *OQS_MEM_malloc(size_t size);\nvoid OQS_MEM_insecure_free(void *ptr);\n"
        "void OQS_MEM_secure_free(void *ptr, size_t len);\n")
    (project / "CMakeLists.txt").write_text(
        "cmake_minimum_required(VERSION 3.16)\nproject(snova_neon_check C)\n"
        f"include_directories({project})\n"
        "set(OQS_ENABLE_SIG_snova_SNOVA_I_K_neon ON)\nset(SNOVA_NEON_RANDOMBYTES check_randombytes)\n"
        f"include({tree}/CMakeLists.txt)\n")
    build = tmp_path / "build"
    for cmd in (["cmake", "-S", project, "-B", build, "-DCMAKE_C_COMPILER=clang-19"],
                ["cmake", "--build", build, "-j", "1"]):
        r = subprocess.run(list(map(str, cmd)), capture_output=True, text=True)
        assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    objs = sorted(build.rglob("*.o"))
    built = {o.name.split(".c.")[0] + ".c" for o in objs}
    lists = cmake_lists(tree / "sources.cmake")
    assert built == {"snova_r3.c", *lists["_snova_neon_set_c"], *lists["_snova_neon_common_c"]}


def test_export_refuses_a_directory_with_files(tmp_path):
    (tmp_path / "keep.txt").write_text("mine")
    r = export(tmp_path)
    assert r.returncode != 0 and "is not empty" in r.stderr
    assert [p.name for p in tmp_path.iterdir()] == ["keep.txt"]
