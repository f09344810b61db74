"""The project's version, read from its one place: the SNOVA_VERSION_* macros
of include/snova.h (which the Makefile, snova.pc, the CMake package and the
`snova` command read too)."""
from __future__ import annotations

import re
from pathlib import Path

HEADER = Path(__file__).resolve().parent.parent / "include" / "snova.h"
PARTS = ("MAJOR", "MINOR", "PATCH")


class VersionError(Exception):
    """The header's version macros are missing or disagree (one-line message)."""


def read_version(header: Path = HEADER) -> str:
    """"MAJOR.MINOR.PATCH" from the header; VersionError if SNOVA_VERSION_STRING
    is not those three numbers."""
    text = header.read_text()
    numbers = [re.search(rf"^#define SNOVA_VERSION_{part}\s+(\d+)\s*$", text, re.M) for part in PARTS]
    string = re.search(r'^#define SNOVA_VERSION_STRING\s+"([^"]*)"\s*$', text, re.M)
    if not all(numbers) or string is None:
        raise VersionError(f"{header}: no SNOVA_VERSION_{'/'.join(PARTS)}/STRING macros")
    version = ".".join(m[1] for m in numbers)
    if string[1] != version:
        raise VersionError(f"{header}: SNOVA_VERSION_STRING {string[1]!r} is not {version!r}, "
                           f"the MAJOR.MINOR.PATCH macros")
    return version


VERSION = read_version()
