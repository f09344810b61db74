"""The rooms of the C core and its source lists as c_glue/snova_sources.mk names
them (the `NAME := words` lines make and CMake read too): where its sources live
and what its include path holds, for the tools and tests that compile parts of the
core outside make."""
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
C_GLUE = ROOT / "c_glue"


SOURCES_MK = C_GLUE / "snova_sources.mk"


def make_list(name):
    """The words of snova_sources.mk's line `name := words`."""
    found = re.findall(rf"^{name} :=(.*)$", SOURCES_MK.read_text(), re.M)
    if len(found) != 1:
        raise ValueError(f"{SOURCES_MK.name}: expected one line `{name} := ...`, found {len(found)}")
    return found[0].split()


def rooms():
    """c_glue/core, c_glue/kernels, ... in snova_sources.mk's order."""
    return [ROOT / room for room in make_list("SNOVA_ROOMS")]


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
