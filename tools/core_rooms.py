"""The rooms of the C core as c_glue/c_glue.mk names them (SNOVA_ROOMS): where its
sources live and what its include path holds, for the tools and tests that compile
parts of the core outside make."""
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
C_GLUE = ROOT / "c_glue"


def rooms():
    """c_glue/core, c_glue/kernels, ... in c_glue.mk's order."""
    match = re.search(r"^SNOVA_ROOMS := (.+)$", (C_GLUE / "c_glue.mk").read_text(), re.M)
    return [ROOT / room for room in match[1].split()]


def include_dirs():
    """The core's include path: c_glue/ (the namespace header every room includes), then every room."""
    return [C_GLUE, *rooms()]


def include_flags():
    return [f"-I{d}" for d in include_dirs()]


def source(name):
    """The path of the core's file `name` (a source or a header), in whichever room holds it."""
    found = [d / name for d in include_dirs() if (d / name).exists()]
    if len(found) != 1:
        raise FileNotFoundError(f"{name}: {len(found)} files of that name in the core's rooms")
    return found[0]
