"""Writes a generated file set so that a failure leaves the output directory as
it was: every file is first written next to its destination, and only when all
of them exist are they renamed into place."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_files_atomically(out_dir: Path, files: dict):
    """files: relative name -> text. Unchanged files are not touched (keeps mtimes for make)."""
    out_dir.mkdir(parents=True, exist_ok=True)
    staged = []
    try:
        for name, text in sorted(files.items()):
            dest = out_dir / name
            if dest.exists() and dest.read_text() == text:
                continue
            fd, tmp = tempfile.mkstemp(dir=out_dir, prefix=f".{name}.", suffix=".tmp")
            with os.fdopen(fd, "w") as f:
                f.write(text)
            os.chmod(tmp, 0o644)
            staged.append((tmp, dest))
    except BaseException:
        for tmp, _ in staged:
            os.unlink(tmp)
        raise
    for tmp, dest in staged:
        os.replace(tmp, dest)
