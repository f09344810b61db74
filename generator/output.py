"""Writes a generated file set so that a failure leaves the file system as it
was: every file is first written next to its destination, and only when all of
them exist are they renamed into place; a failure removes what was written
(temporary files, directories this run created) and puts back any file already
replaced. A failure is an OutputError whose message is one line."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path


class OutputError(Exception):
    """The output could not be written; nothing was changed."""


def describe(error: OSError) -> str:
    return error.strerror or str(error)


def make_directories(out_dir: Path) -> list:
    """Creates out_dir and its missing parents; returns those created, innermost
    first, so that a failure can remove them."""
    created = []
    try:
        missing = []
        path = out_dir
        while not os.path.lexists(path) and path != path.parent:
            missing.append(path)
            path = path.parent
        for path in reversed(missing):
            path.mkdir()
            created.insert(0, path)
        is_dir = out_dir.is_dir()
    except OSError as e:
        remove_directories(created)
        raise OutputError(f"cannot create output directory {out_dir}: {describe(e)}") from None
    if not is_dir:
        raise OutputError(f"output directory {out_dir} is in the way: it exists and is not a directory")
    return created


def remove_directories(created):
    for path in created:
        try:
            path.rmdir()
        except OSError:
            pass       # not empty: something else wrote there meanwhile; leave it


def unchanged(dest: Path, data: bytes) -> bool:
    """Whether dest already holds data; OutputError if something other than a
    regular file is in its way."""
    if not dest.exists() and not dest.is_symlink():
        return False
    if not dest.is_file():
        raise OutputError(f"{dest} is in the way: it exists and is not a regular file")
    return dest.read_bytes() == data


def stage(out_dir: Path, name: str, data: bytes) -> str:
    """data in a new temporary file next to out_dir/name; its path."""
    fd, tmp = tempfile.mkstemp(dir=out_dir, prefix=f".{name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.chmod(tmp, 0o644)
    except BaseException:
        os.unlink(tmp)
        raise
    return tmp


def replace_all(staged):
    """Renames every (tmp, dest) into place, or none: a replaced file is kept as a
    hard link under a temporary name until all renames are done."""
    backups, done = [], []
    try:
        for tmp, dest in staged:
            if dest.exists():
                backup = dest.with_name(f".{dest.name}.{os.getpid()}.old")
                os.link(dest, backup)
                backups.append((backup, dest))
        for tmp, dest in staged:
            os.replace(tmp, dest)
            done.append(dest)
    except BaseException:
        kept = dict((dest, backup) for backup, dest in backups)
        for dest in reversed(done):
            if dest in kept:
                os.replace(kept.pop(dest), dest)
            else:
                os.unlink(dest)
        for backup in kept.values():
            os.unlink(backup)
        raise
    for backup, _ in backups:
        os.unlink(backup)


def write_files_atomically(out_dir: Path, files: dict):
    """files: relative name -> text (written as UTF-8). Unchanged files are not
    touched (keeps mtimes for make)."""
    created = make_directories(out_dir)
    staged = []
    try:
        for name, text in sorted(files.items()):
            dest, data = out_dir / name, text.encode()
            if not unchanged(dest, data):
                staged.append((stage(out_dir, name, data), dest))
        replace_all(staged)
    except BaseException as e:
        for tmp, dest in staged:
            if os.path.exists(tmp):
                os.unlink(tmp)
        remove_directories(created)
        if isinstance(e, OSError):
            raise OutputError(f"cannot write to {out_dir}: {describe(e)}") from None
        raise
