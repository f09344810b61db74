"""gen.py on an output path it cannot write: a directory that cannot be made, a
file in the way, a read-only or full file system, a failure half-way through
the renames, an unreadable template. Each must print one line
`gen.py: error: ...`, exit 2, and leave the file system as it was (no temporary
file, no directory it made, every earlier file intact). gen.py runs as a
subprocess; a full or read-only disk is a real tmpfs where the tests may mount
one (root), and an injected error everywhere."""
import errno
import shutil
import subprocess
import sys

import pytest

from tests.aarch64 import ROOT
from tests.test_generated_output import gen


def snapshot(tree):
    """Every path below `tree`, with each file's content and modification time
    (a directory's own time changes with the temporary files made and removed in it)."""
    return {p: p.is_file() and (p.read_bytes(), p.stat().st_mtime_ns) for p in tree.rglob("*")}

# a small selection: two kernels and the header, so three files to stage
SMALL = ["--rank", "2", "--kernel", "add"]
SMALL_FILES = ("gf16m_add_r2.S", "snova_kernels.h")


def assert_failed_cleanly(result, tree, before):
    assert result.returncode == 2, result
    assert result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.stderr, result.stderr
    assert result.stderr.startswith("gen.py: error: "), result.stderr
    assert snapshot(tree) == before


@pytest.fixture
def previous(tmp_path):
    """An output directory from an earlier run, every file different from what
    the next run writes (so that every one would be replaced)."""
    out = tmp_path / "out"
    out.mkdir()
    for name in SMALL_FILES:
        (out / name).write_text(f"earlier {name}\n")
    return out


def test_out_is_a_file(tmp_path):
    path = tmp_path / "out"
    path.write_text("not a directory\n")
    before = snapshot(tmp_path)
    assert_failed_cleanly(gen(*SMALL, "--out", str(path)), tmp_path, before)


def test_out_below_a_file_makes_no_directory(tmp_path):
    (tmp_path / "file").write_text("x\n")
    before = snapshot(tmp_path)
    assert_failed_cleanly(gen(*SMALL, "--out", str(tmp_path / "file" / "a" / "b")), tmp_path, before)


@pytest.mark.parametrize("name", ["x" * 300, "y/" * 3000])
def test_name_too_long(tmp_path, name):
    before = snapshot(tmp_path)
    assert_failed_cleanly(gen(*SMALL, "--out", str(tmp_path / name)), tmp_path, before)


@pytest.mark.parametrize("link", ["loop", "/nonexistent/directory"])
def test_symbolic_link_in_the_way(tmp_path, link):
    (tmp_path / "out").symlink_to(link)
    before = snapshot(tmp_path)
    assert_failed_cleanly(gen(*SMALL, "--out", str(tmp_path / "out")), tmp_path, before)


def test_directory_in_the_way_of_an_output_file(previous):
    (previous / "gf16m_add_r2.S").unlink()
    (previous / "gf16m_add_r2.S").mkdir()
    before = snapshot(previous)
    assert_failed_cleanly(gen(*SMALL, "--out", str(previous)), previous, before)


@pytest.fixture
def tmpfs(tmp_path):
    """mount(options) -> a fresh tmpfs mounted below tmp_path; skips where the
    tests may not mount (not root, no CAP_SYS_ADMIN)."""
    mounted = []

    def mount(options):
        point = tmp_path / f"mnt{len(mounted)}"
        point.mkdir()
        result = subprocess.run(["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(point)], capture_output=True)
        if result.returncode != 0:
            pytest.skip(f"cannot mount a tmpfs here: {result.stderr.decode().strip()}")
        mounted.append(point)
        return point
    yield mount
    for point in mounted:
        subprocess.run(["umount", str(point)], check=True)


@pytest.mark.parametrize("below", ["", "new/deeper"])
def test_read_only_file_system(tmpfs, below):
    point = tmpfs("size=64k,ro")
    before = snapshot(point)
    assert_failed_cleanly(gen(*SMALL, "--out", str(point / below)), point, before)


@pytest.mark.parametrize("below", ["out", "new/deeper"])
def test_full_file_system(tmpfs, below):
    """A 64 KiB tmpfs with about 16 KiB left, less than rank 3's 90 KB of output:
    the earlier out/ stays as it was, a directory the run made is gone."""
    point = tmpfs("size=64k")
    (point / "out").mkdir()
    for name in SMALL_FILES:
        (point / "out" / name).write_text(f"earlier {name}\n")
    (point / "filler").write_bytes(bytes(48 * 1024))
    before = snapshot(point)
    assert_failed_cleanly(gen("--rank", "3", "--out", str(point / below)), point, before)


# Injected failures: gen.py's main under a patch that makes the n-th call of
# one operation fail with an errno, in a subprocess like the real command.
INJECT = """
import errno, os, runpy, sys, tempfile
sys.path.insert(0, {root!r})
import generator.output as output
where, n, code = {where!r}, {n}, errno.{code}
calls = 0

def fail_now():
    global calls
    calls += 1
    return calls == n

def error():
    return OSError(code, os.strerror(code))

class FullFile:
    def __init__(self, f): self.f = f
    def __enter__(self): return self
    def __exit__(self, *exc): self.f.close()
    def write(self, data): raise error()

real_fdopen, real_replace, real_mkstemp = os.fdopen, os.replace, tempfile.mkstemp
if where == "write":      # the n-th staged file cannot be written (disk full)
    output.os.fdopen = lambda fd, *a, **k: FullFile(real_fdopen(fd, *a, **k)) if fail_now() else real_fdopen(fd, *a, **k)
elif where == "rename":   # the n-th rename into place fails
    def replace(src, dst):
        if fail_now():
            raise error()
        return real_replace(src, dst)
    output.os.replace = replace
elif where == "stage":    # the n-th temporary file cannot be made
    def mkstemp(*a, **k):
        if fail_now():
            raise error()
        return real_mkstemp(*a, **k)
    output.tempfile.mkstemp = mkstemp
sys.argv = ["gen.py", *{args!r}]
runpy.run_path({gen!r}, run_name="__main__")
"""


def injected(where, n, code, args):
    script = INJECT.format(root=str(ROOT), where=where, n=n, code=code, args=args, gen=str(ROOT / "gen.py"))
    return subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True)


@pytest.mark.parametrize("where, n, code", [
    ("write", 1, "ENOSPC"), ("write", 2, "ENOSPC"),   # the first file, and after one was staged
    ("stage", 1, "EROFS"), ("stage", 2, "EACCES"),
    ("rename", 1, "EIO"), ("rename", 2, "EIO"),        # after one file was renamed into place: undone
])
def test_injected_failure_leaves_earlier_output(previous, where, n, code):
    before = snapshot(previous)
    assert_failed_cleanly(injected(where, n, code, [*SMALL, "--out", str(previous)]), previous, before)


def test_injected_failure_removes_the_directories_it_made(tmp_path):
    before = snapshot(tmp_path)
    result = injected("write", 2, "ENOSPC", [*SMALL, "--out", str(tmp_path / "a" / "b")])
    assert_failed_cleanly(result, tmp_path, before)


def test_injection_really_fails_the_operation(previous):
    """Guards the tests above: the same script without a failure (n = 0) writes
    the files, so their failures come from the injected error."""
    result = injected("rename", 0, "EIO", [*SMALL, "--out", str(previous)])
    assert result.returncode == 0, result.stderr
    assert (previous / "gf16m_add_r2.S").read_text() == (ROOT / "out" / "gf16m_add_r2.S").read_text()


@pytest.mark.parametrize("damage", ["missing", "directory", "syntax", "not_utf8"])
def test_unreadable_template(tmp_path, previous, damage):
    """A copy of the generator whose kernel template is damaged."""
    copy = tmp_path / "copy"
    shutil.copytree(ROOT / "generator", copy / "generator", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "gen.py", copy)
    (copy / "include").mkdir()
    shutil.copy(ROOT / "include" / "snova.h", copy / "include")     # the version's one place
    template = copy / "generator" / "templates" / "kernel.S.j2"
    template.unlink()
    if damage == "directory":
        template.mkdir()
    elif damage == "syntax":
        template.write_text("{% for x in %}\n")
    elif damage == "not_utf8":
        template.write_bytes(b"\xff\xfe{{ name }}\n")
    before = snapshot(previous)
    result = subprocess.run([sys.executable, str(copy / "gen.py"), *SMALL, "--out", str(previous)],
                            capture_output=True, text=True)
    assert_failed_cleanly(result, previous, before)
