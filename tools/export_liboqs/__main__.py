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
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
C_GLUE = ROOT / "c_glue"
OUT = ROOT / "out"

# compiled once per set with its prefix, besides its round's core
SET_SOURCES = ["sign.c", "kernels_shape.c", "kernels_select.c", "kernels_neon.c", "oqs_entry.c"]
# compiled once for every set, with the common prefix
COMMON_SOURCES = ["shake.c", "aes_ct.c", "util.c", "nibbles.c", "kernels_portable.c", "os_random.c",
                  "keccak_neon.c", "kernels_shape.c", "kernels_select.c", "kernels_neon.c"]
CORES = {"2": "snova_r2.c", "3": "snova_r3.c"}
KIT_FILES = ["CMakeLists.txt", "README.md", "snova_neon.supp"]
ASM_HEADER = "snova_asm.h"


def set_definitions():
    """{set name: its -D definitions} of Rounds 2 and 3 (make snova-params)."""
    out = subprocess.run(["make", "-s", "--no-print-directory", "snova-params"], cwd=ROOT, check=True,
                         capture_output=True, text=True).stdout
    sets = {}
    for line in out.splitlines():
        name, *defs = line.split()
        if name.startswith(("snova-r2-", "snova-r3-")):
            sets[name] = defs
    return sets


def liboqs_name(set_name):
    """liboqs's algorithm name and the prefix its wrappers give the neon entry points."""
    if set_name.startswith("snova-r3-"):
        name = "SNOVA_" + set_name[len("snova-r3-"):].upper().replace("-", "_")
        return name, f"_{name}_neon_oqs_"
    parts = set_name[len("snova-r2-"):].split("-")
    vol, flags = parts[:3], parts[3:]
    name = "SNOVA_" + "_".join(vol) + ("_SHAKE" if "shake" in flags else "") + ("_esk" if "esk" in flags else "")
    expand = "shake" if "shake" in flags else "aes"
    key = "esk" if "esk" in flags else "ssk"
    return name, f"_snova_{'_'.join(vol)}_{expand}_{key}_neon_"


def local_includes(path):
    return re.findall(r'^#include "([^"]+)"', path.read_text(), re.M)


def headers_of(sources):
    """Every project header the sources include, directly or not, with its path."""
    found, todo = {}, list(sources)
    while todo:
        for name in local_includes(todo.pop()):
            if name not in found:
                path = next((d / name for d in (C_GLUE, OUT) if (d / name).exists()), None)
                if path is None:
                    raise SystemExit(f"export-liboqs: error: header {name} not found")
                found[name] = path
                todo.append(path)
    return found


def export(dest):
    if dest.exists() and any(dest.iterdir()):
        raise SystemExit(f"export-liboqs: error: {dest} is not empty")
    sets = set_definitions()
    sources = [C_GLUE / f for f in sorted(set(COMMON_SOURCES + SET_SOURCES + list(CORES.values()))) if f != "oqs_entry.c"]
    sources.append(HERE / "oqs_entry.c")
    src = dest / "src"
    (src / "asm").mkdir(parents=True)
    for path in sources + list(headers_of(sources).values()):
        shutil.copyfile(path, src / path.name)
    for asm in [*sorted(OUT.glob("*.S")), OUT / ASM_HEADER]:
        shutil.copyfile(asm, src / "asm" / asm.name)
    rows = ["# liboqs name\tcore\tentry prefix\tcompiler definitions"]
    for set_name, defs in sets.items():
        name, prefix = liboqs_name(set_name)
        core = CORES[dict(d[2:].split("=") for d in defs)["SNOVA_ROUND"]]
        rows.append(f"{name}\t{core}\t{prefix}\t{' '.join(defs)}")
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
