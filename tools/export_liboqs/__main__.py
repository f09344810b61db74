"""make export-liboqs DEST=...: the SNOVA core and the generated AArch64 kernels as
a source tree that liboqs's src/sig/snova/ build takes as the `neon`
implementation of the 24 Round 3 sets and the 12 Round 2 instances (docs/liboqs.md).

DEST receives src/ (the C, its headers, in src/asm/ the kernels' .S files with the
assembler header they include, which namespaces them as the C headers do), sets.tsv (per set: liboqs's name, the core, the
prefix of its entry points, its compiler definitions), the CMake fragment, the
valgrind suppressions and the README, all from this directory. DEST must not
exist or be empty: an export never mixes with older files.
"""
import re
import shutil
import sys
from pathlib import Path

from generator import sets as set_data
from tools import core_rooms

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
OUT = ROOT / "out"

# the rounds liboqs has, and, compiled once per set with its prefix, besides its round's core
ROUNDS = (2, 3)
SET_SOURCES = ["sign.c", "kernels_shape.c", "kernels_select.c", "kernels_neon.c", "oqs_entry.c"]
# compiled once for every set, with the common prefix
COMMON_SOURCES = ["shake.c", "aes_ct.c", "util.c", "nibbles.c", "kernels_portable.c", "os_random.c",
                  "keccak_neon.c", "kernels_shape.c", "kernels_select.c", "kernels_neon.c"]
KIT_FILES = ["CMakeLists.txt", "README.md", "snova_neon.supp"]
ASM_HEADER = "snova_asm.h"


def exported_sets():
    """The sets of the rounds liboqs has (generator/sets.yaml), in the library's order."""
    return [s for s in set_data.load() if s.round in ROUNDS]


def entry_prefix(s):
    """The prefix liboqs's wrappers give the set's neon entry points."""
    if s.round == 3:
        return f"_{s.official}_neon_oqs_"
    key = "esk" if s.key == "expanded" else "ssk"
    return f"_snova_{s.v}_{s.o}_{s.l}_{s.expansion}_{key}_neon_"


def local_includes(path):
    return re.findall(r'^#include "([^"]+)"', path.read_text(), re.M)


def headers_of(sources):
    """Every project header the sources include, directly or not, with its path."""
    found, todo = {}, list(sources)
    while todo:
        for name in local_includes(todo.pop()):
            if name not in found:
                path = next((d / name for d in (*core_rooms.include_dirs(), OUT) if (d / name).exists()), None)
                if path is None:
                    raise SystemExit(f"export-liboqs: error: header {name} not found")
                found[name] = path
                todo.append(path)
    return found


def export(dest):
    if dest.exists() and any(dest.iterdir()):
        raise SystemExit(f"export-liboqs: error: {dest} is not empty")
    sets = exported_sets()
    cores = {s.core for s in sets}
    sources = [core_rooms.source(f) for f in sorted(set(COMMON_SOURCES + SET_SOURCES) | cores) if f != "oqs_entry.c"]
    sources.append(HERE / "oqs_entry.c")
    src = dest / "src"
    (src / "asm").mkdir(parents=True)
    for path in sources + list(headers_of(sources).values()):
        shutil.copyfile(path, src / path.name)
    for asm in [*sorted(OUT.glob("*.S")), OUT / ASM_HEADER]:
        shutil.copyfile(asm, src / "asm" / asm.name)
    rows = ["# liboqs name\tcore\tentry prefix\tcompiler definitions"]
    rows += [f"{s.official}\t{s.core}\t{entry_prefix(s)}\t{' '.join(s.definitions)}" for s in sets]
    (dest / "sets.tsv").write_text("\n".join(rows) + "\n")
    for name in KIT_FILES:
        shutil.copyfile(HERE / name, dest / name)
    print(f"export-liboqs: {len(sets)} sets, {len(sources)} C sources, "
          f"{len(list((src / 'asm').glob('*.S')))} kernels into {dest}")


def main(argv):
    if len(argv) != 1 or not argv[0]:
        raise SystemExit("usage: make export-liboqs DEST=<directory>")
    export(Path(argv[0]).resolve())


if __name__ == "__main__":
    main(sys.argv[1:])
