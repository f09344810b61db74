"""make export-liboqs DEST=...: the SNOVA core and the generated AArch64 kernels as
a source tree that liboqs's src/sig/snova/ build takes as the `neon`
implementation of the 24 Round 3 sets and the 12 Round 2 instances (docs/liboqs.md).

DEST receives src/ (every file the META files name, tools/liboqs_meta.py: the C,
its headers, in src/asm/ the kernels' .S files with the assembler header they
include), sets.tsv (per set: liboqs's name, the core, the prefix of its entry
points, its compiler definitions), sources.cmake (the C files the fragment
compiles: the META files' lists, liboqs_meta.c_files), and from this directory
the CMake fragment, the valgrind suppressions and the README. DEST must not
exist or be empty: an export never mixes with older files.
"""
import shutil
import sys
from pathlib import Path

from generator import sets as set_data
from tools import liboqs_meta

HERE = Path(__file__).resolve().parent

# the rounds liboqs has
ROUNDS = (2, 3)
KIT_FILES = ["CMakeLists.txt", "README.md", "snova_neon.supp"]


def exported_sets():
    """The sets of the rounds liboqs has (generator/sets.yaml), in the library's order."""
    return [s for s in set_data.load() if s.round in ROUNDS]


def sources_cmake():
    """The fragment's file lists: _snova_neon_<folder>_c, and _snova_neon_<folder>_neon_c
    for the C it adds on AArch64, from the META files' lists (liboqs_meta.c_files)."""
    lines = ["# Written by make export-liboqs from the META files' source lists (tools/liboqs_meta.py)."]
    for folder, files in liboqs_meta.c_files().items():
        lines.append(f"set(_snova_neon_{folder}_c {' '.join(files['portable'])})")
        lines.append(f"set(_snova_neon_{folder}_neon_c {' '.join(files['neon'])})")
    return "\n".join(lines) + "\n"


def export(dest):
    if dest.exists() and any(dest.iterdir()):
        raise SystemExit(f"export-liboqs: error: {dest} is not empty")
    sets = exported_sets()
    # the files the META files name (tools/liboqs_meta.py), for every core the sets use
    files = set(liboqs_meta.common_sources())
    for core in sorted({s.core for s in sets}):
        files |= set(liboqs_meta.set_sources(core))
    src = dest / "src"
    (src / "asm").mkdir(parents=True)
    for path in sorted(files):
        shutil.copyfile(path, src / ("asm" if path.suffix == ".S" or path.name == liboqs_meta.ASM_HEADER else ".")
                        / path.name)
    rows = ["# liboqs name\tcore\tentry prefix\tcompiler definitions"]
    rows += [f"{s.official}\t{s.core}\t{liboqs_meta.entry_prefix(s)}\t{' '.join(s.definitions)}" for s in sets]
    (dest / "sets.tsv").write_text("\n".join(rows) + "\n")
    (dest / "sources.cmake").write_text(sources_cmake())
    for name in KIT_FILES:
        shutil.copyfile(HERE / name, dest / name)
    print(f"export-liboqs: {len(sets)} sets, {len([p for p in files if p.suffix == '.c'])} C sources, "
          f"{len(list((src / 'asm').glob('*.S')))} kernels into {dest}")


def main(argv):
    if len(argv) != 1 or not argv[0]:
        raise SystemExit("usage: make export-liboqs DEST=<directory>")
    export(Path(argv[0]).resolve())


if __name__ == "__main__":
    main(sys.argv[1:])
