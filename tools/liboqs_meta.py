"""The liboqs META files of SNOVA's `neon` implementation (docs/liboqs.md), from
generator/sets.yaml: liboqs/META/SNOVA_<SET>_META.yml for every set liboqs
ships (its Round 3 sets and its 12 Round 2 instances) and the commons file they
share, in the format liboqs's scripts/copy_from_upstream/copy_from_upstream.py
reads. Every source they name is a committed file of this repository; the code no
set changes (SHAKE, AES, the generated kernels) is one `common_dep`, compiled once
for every set.

    python -m tools.liboqs_meta          write the files
    python -m tools.liboqs_meta --check  exit 1 if a committed file differs

The source lists here are also what `make export-liboqs` copies and what its CMake
fragment compiles (tools/export_liboqs, c_files below).
"""
import re
import sys
from pathlib import Path

from generator import sets as set_data
from tools import core_rooms

ROOT = Path(__file__).resolve().parents[1]
META_DIR = ROOT / "liboqs" / "META"
OUT = ROOT / "out"
ENTRY_SOURCE = ROOT / "liboqs" / "oqs_entry.c"
DIGESTS = {2: "kat-r2/liboqs_kats_sha256.txt", 3: "kat-r3/liboqs_kats_sha256.txt"}
SHARED = ROOT.parent / "shared"

COMMON_NAME = "snova_neon_gen_common"
COMMON_FILE = "snova_neon_gen_common_META.yml"
# the prefix of every global of the shared code; each set's code takes its entry prefix
COMMON_PREFIX = "oqs_snova_neon_"
# the NEON library's lists (c_glue/snova_sources.mk): compiled once per set, with its
# prefix, besides its round's core; and once for every set, with the common prefix.
# NEON_C: the C a NEON build adds, which calls the generated kernels (AArch64 alone).
NEON_C = core_rooms.make_list("LIB_PRIM_NEON") + core_rooms.make_list("LIB_SHAPE_NEON")
SHAPE_C = core_rooms.make_list("LIB_SHAPE_COMMON") + core_rooms.make_list("LIB_SHAPE_NEON")
SET_C = core_rooms.make_list("LIB_SET_COMMON") + SHAPE_C
COMMON_C = core_rooms.make_list("LIB_PRIM_COMMON") + core_rooms.make_list("LIB_PRIM_NEON") + SHAPE_C
ASM_HEADER = "snova_asm.h"
# what every object is built with inside liboqs: the NEON kernels (the META
# enables the implementation on arm_8 alone), the host's randombytes, liboqs's
# allocator, and hidden visibility, as liboqs.so exports none of these names
BUILD_FLAGS = ["-DSNOVA_NEON", "-DSNOVA_LIBOQS", f"-DSNOVA_COMMON_NAMESPACE={COMMON_PREFIX}",
               "-DSNOVA_RANDOMBYTES_EXTERN", "-DSNOVA_RANDOMBYTES_VOID", "-Drandombytes=OQS_randombytes",
               "-fvisibility=hidden"]
SUBMITTERS = ["Lih-Chung Wang", "Chun-Yen Chou", "Jintai Ding", "Hao Guo", "Yen-Liang Kuan",
              "Jan Adriaan Leegwater", "Ming-Siou Li", "Peigen Li", "Bo-Shu Tseng", "Po-En Tseng",
              "Chia-Chun Wang"]
LEVELS = {"I": 1, "III": 3, "V": 5}
PLATFORMS = ["Darwin", "Linux"]


def liboqs_names(round_):
    """The instances liboqs ships in a round, with its `single` known-answer digest."""
    rows = (SHARED / DIGESTS[round_]).read_text().split()
    return {rows[i]: rows[i + 2] for i in range(0, len(rows), 3)}


def meta_sets():
    """The sets liboqs ships (Rounds 2 and 3), in the library's order, with their digests."""
    digests = {**liboqs_names(2), **liboqs_names(3)}
    return [(s, digests[s.official]) for s in set_data.load() if s.round in DIGESTS and s.official in digests]


def entry_prefix(s):
    """The prefix liboqs's wrappers give the set's neon entry points."""
    if s.round == 3:
        return f"_{s.official}_neon_oqs_"
    key = "esk" if s.key == "expanded" else "ssk"
    return f"_snova_{s.v}_{s.o}_{s.l}_{s.expansion}_{key}_neon_"


def repo_path(path):
    return path.resolve().relative_to(ROOT).as_posix()


def local_includes(path):
    return re.findall(r'^#include "([^"]+)"', path.read_text(), re.M)


def headers_of(sources):
    """Every project header the sources include, directly or not: {name: path}."""
    found, todo = {}, list(sources)
    while todo:
        for name in local_includes(todo.pop()):
            if name not in found:
                path = next((d / name for d in (*core_rooms.include_dirs(), OUT) if (d / name).exists()), None)
                if path is None:
                    raise SystemExit(f"liboqs_meta: error: header {name} not found")
                found[name] = path
                todo.append(path)
    return found


def with_headers(sources):
    return sources + sorted(headers_of(sources).values())


def set_sources(core):
    """The files of one set's folder: its core, the per-set C, the entry points, their headers."""
    return with_headers([core_rooms.source(core), *map(core_rooms.source, SET_C), ENTRY_SOURCE])


def common_sources():
    """The shared folder: the common C, the generated kernels and their header, their headers."""
    asm = [*sorted(OUT.glob("*.S")), OUT / ASM_HEADER]
    return with_headers(list(map(core_rooms.source, COMMON_C))) + asm


def c_files():
    """The C files the META files name, by folder and by where they build:
    {"common" or "set": {"portable": [...], "neon": [...]}}; a set's besides its
    round's core, which are the same for every core."""
    def split(paths):
        names = [p.name for p in paths if p.suffix == ".c"]
        return {"portable": [n for n in names if n not in NEON_C], "neon": [n for n in names if n in NEON_C]}
    per_core = {core: split(set_sources(core)[1:]) for core in sorted({s.core for s, _ in meta_sets()})}
    if len({repr(files) for files in per_core.values()}) != 1:
        raise SystemExit(f"liboqs_meta: error: the sets' C besides their core differ by core: {per_core}")
    return {"common": split(common_sources()), "set": next(iter(per_core.values()))}


def version():
    text = (ROOT / "include" / "snova.h").read_text()
    return ".".join(re.search(rf"#define SNOVA_VERSION_{p} (\d+)", text)[1] for p in ("MAJOR", "MINOR", "PATCH"))


def set_meta(s, digest):
    prefix = entry_prefix(s)
    opts = " ".join([*s.definitions, f"-DSNOVA_NAMESPACE={prefix}", *BUILD_FLAGS])
    lines = [f"name: {s.official}", "type: signature", f"claimed-nist-level: {LEVELS[s.level]}",
             f"length-public-key: {s.pk_bytes}", f"length-secret-key: {s.sk_bytes}",
             f"length-signature: {s.sig_bytes}", f"nistkat-sha256: {digest}", "principal-submitters:",
             *(f"  - {name}" for name in SUBMITTERS),
             "implementations:",
             "  - name: neon",
             f"    version: snova-neon-gen {version()}",
             "    folder_name: .",
             f"    compile_opts: {opts}",
             f"    signature_keypair: {prefix}keypair",
             f"    signature_signature: {prefix}sign",
             f"    signature_verify: {prefix}verify",
             f"    sources: {' '.join(map(repo_path, set_sources(s.core)))}",
             f"    common_dep: {COMMON_NAME}",
             "    large-stack-usage: false",
             "    supported_platforms:",
             "      - architecture: arm_8",
             "        operating_systems:",
             *(f"          - {system}" for system in PLATFORMS),
             "        required_flags:",
             "          - asimd"]
    return header(f"{s.official}'s neon implementation") + "\n".join(lines) + "\n"


def common_meta(first):
    """The shared code, built with the first set's definitions: its kernel table's
    Keccak and AES entries, the only ones the shared code calls, are every set's."""
    opts = " ".join([*first.definitions, f"-DSNOVA_NAMESPACE={COMMON_PREFIX}", *BUILD_FLAGS])
    lines = ["commons:", f"  - name: {COMMON_NAME}", "    folder_name: .",
             f"    sources: {' '.join(map(repo_path, common_sources()))}",
             f"    compile_opts: {opts}"]
    return header("the code every SNOVA neon set shares") + "\n".join(lines) + "\n"


def header(what):
    return (f"# liboqs META: {what}, from snova-neon-gen. Generated from {set_data.SOURCE}\n"
            "# by tools/liboqs_meta.py (make liboqs-meta): edit those, not this file.\n"
            "# SHA-3 and AES are this project's own (c_glue/primitives, the generated kernels),\n"
            "# chosen at run time from the CPU's capabilities (c_glue/kernels/kernels_select.c).\n")


def meta_files():
    """{path: text} of every META file."""
    sets = meta_sets()
    files = {META_DIR / f"{s.official}_META.yml": set_meta(s, digest) for s, digest in sets}
    files[META_DIR / COMMON_FILE] = common_meta(sets[0][0])
    return files


def main(argv):
    files = meta_files()
    if argv == ["--check"]:
        stale = [p for p, text in files.items() if not p.exists() or p.read_text() != text]
        extra = [p for p in META_DIR.glob("*.yml") if p not in files]
        for path in stale + extra:
            print(f"liboqs_meta: {path} differs from a regeneration", file=sys.stderr)
        return 1 if stale or extra else 0
    if argv:
        raise SystemExit("usage: python -m tools.liboqs_meta [--check]")
    META_DIR.mkdir(parents=True, exist_ok=True)
    for path, text in files.items():
        path.write_text(text)
    print(f"liboqs_meta: {len(files)} files in {repo_path(META_DIR)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
