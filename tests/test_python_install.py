"""The package snova as a user gets it: the wheel `pip wheel .` builds (the
in-tree backend, python/backend/snova_backend.py, running make for libsnova)
installed into a fresh venv, and used from outside the tree with `python -I`
(no PYTHONPATH, no SNOVA_LIBRARY): known answers of a Round 3 and a Round 2 set
through `import snova` alone (the NIST draws come from the tests' DRBG model),
plain and prepared verification, a flipped signature False, a short public key
snova.Error. The wheel and the venv are built once per content of the files the
source distribution holds (pyproject.toml's [tool.snova-backend] sdist), under
build/python-install/. And the backend itself: the make command it runs (CC,
jobs, no machine set-up), and a source distribution that has what make needs."""
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from types import SimpleNamespace

import pytest

from tests.python_binding import DIGEST_FIELDS, LIBRARY, nist_draws
from tests.snova_harness import BUILD, ROOT, load_kat, make, official_name

CACHE = BUILD / "python-install"
# a vector the other tests do not single out, of a Round 3 and a Round 2 set
VECTORS = [("snova-r3-i-k", 7), ("snova-r2-24-5-4-shake", 5)]
# the bytes their NIST API draws for a key pair and for a signature
NIST_DRAWS = (48, 16)

USER_SCRIPT = r'''
import hashlib, json, sys
import snova
cases, out = json.load(sys.stdin), {"file": snova.__file__, "vectors": []}
for case in cases:
    inst = snova.Instance(case["official_name"])
    msg = bytes.fromhex(case["msg"])
    pk, sk = inst.keygen_from_seed(bytes.fromhex(case["seed"]))
    sig = inst.sign_with_salt(sk, msg, bytes.fromhex(case["salt"]))
    flipped = bytes([sig[0] ^ 1]) + sig[1:]
    with inst.prepare_public_key(pk) as key:
        checks = [inst.verify(pk, msg, sig), key.verify(msg, sig), inst.verify(pk, msg, flipped), key.verify(msg, flipped)]
    try:
        inst.verify(pk[:-1], msg, sig)
        short = "accepted"
    except snova.Error as e:
        short = type(e).__name__ + (" ValueError" if isinstance(e, ValueError) else "")
    out["vectors"].append({"name": inst.name, "checks": checks, "short_pk": short,
                           **{k: v for k, v in (("pk", pk), ("sk", sk), ("sm", sig + msg))
                              for k, v in ((k + "_len", len(v)), (k + "_sha256", hashlib.sha256(v).hexdigest()))}})
json.dump(out, sys.stdout)
'''


def source_digest():
    with open(ROOT / "pyproject.toml", "rb") as f:
        tops = tomllib.load(f)["tool"]["snova-backend"]["sdist"]
    digest = hashlib.sha256()
    for top in tops:
        path = ROOT / top
        for file in sorted([path] if path.is_file() else path.rglob("*")):
            if file.is_file() and "__pycache__" not in file.parts:
                digest.update(file.relative_to(ROOT).as_posix().encode() + b"\0" + file.read_bytes())
    return digest.hexdigest()[:16]


@pytest.fixture(scope="module")
def installed():
    """(the wheel, the venv's python), built once per source content."""
    make(str(LIBRARY.relative_to(ROOT)))
    home = CACHE / source_digest()
    python = home / "venv" / "bin" / "python"
    if not (home / "done").exists():
        shutil.rmtree(CACHE, ignore_errors=True)
        subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-build-isolation", "--no-deps", "-w",
                        str(home / "wheel"), str(ROOT)], check=True, cwd=ROOT)
        subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(home / "venv")], check=True)
        wheel, = (home / "wheel").glob("snova-*.whl")
        subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-index",
                        "--no-deps", str(wheel)], check=True)
        (home / "done").touch()
    wheel, = (home / "wheel").glob("snova-*.whl")
    return wheel, python


def test_the_wheel_holds_the_package_and_its_library(installed):
    wheel, _ = installed
    names = zipfile.ZipFile(wheel).namelist()
    assert {"snova/__init__.py", "snova/py.typed", "snova/libsnova.so.0"} <= set(names)
    assert all(n.startswith(("snova/", "snova-")) and "__pycache__" not in n for n in names), names
    assert wheel.name.startswith("snova-") and "-py3-none-" in wheel.name


def test_a_user_of_the_installed_package_gets_the_known_answers(installed, tmp_path):
    _, python = installed
    cases, wanted = [], []
    for set_name, count in VECTORS:
        vector = load_kat(set_name)[count]
        seed, salt = nist_draws(NIST_DRAWS, vector["seed"])
        cases.append({"official_name": official_name(set_name), "msg": vector["msg"], "seed": seed.hex(),
                      "salt": salt.hex()})
        wanted.append({k: vector[k] for k in DIGEST_FIELDS})
    r = subprocess.run([str(python), "-I", "-c", USER_SCRIPT], input=json.dumps(cases), capture_output=True,
                       text=True, cwd=tmp_path, env={"PATH": "/usr/bin:/bin"})
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["file"].startswith(str(python.parents[1])), out["file"]
    for got, want, (set_name, _) in zip(out["vectors"], wanted, VECTORS):
        assert got["name"] == set_name
        assert {k: got[k] for k in DIGEST_FIELDS} == want
        assert got["checks"] == [True, True, False, False]
        assert got["short_pk"] == "Error ValueError"



# --------------------------------------------------------------------------
# the build backend


@pytest.fixture
def backend(monkeypatch):
    monkeypatch.syspath_prepend(str(ROOT / "python" / "backend"))
    monkeypatch.chdir(ROOT)
    import snova_backend
    return snova_backend


def test_the_backend_builds_with_cc_and_without_the_setup(backend, monkeypatch):
    """The make command it runs: HOST_CC from CC, a -j unless MAKEFLAGS has one;
    run with -n -B, every C file compiles with that compiler, and tools/setup.sh
    never runs."""
    commands = []
    monkeypatch.setattr(backend, "subprocess", SimpleNamespace(run=lambda cmd, cwd: commands.append(cmd) or
                                                           subprocess.CompletedProcess(cmd, 0)))
    monkeypatch.setenv("CC", "clang-19")
    monkeypatch.setenv("MAKEFLAGS", "-j3")
    backend._build_library("build/lib/host/libsnova.so.0")
    monkeypatch.delenv("MAKEFLAGS")
    backend._build_library("build/lib/host/libsnova.so.0")
    assert commands[0] == ["make", "--no-print-directory", "build/lib/host/libsnova.so.0", "HOST_CC=clang-19"]
    assert commands[1] == [*commands[0][:3], f"-j{os.cpu_count()}", "HOST_CC=clang-19"]
    dry = subprocess.run([*commands[0], "-n", "-B"], cwd=ROOT, capture_output=True, text=True,
                         env={k: v for k, v in os.environ.items() if k != "MAKEFLAGS"})
    assert dry.returncode == 0, dry.stderr
    compiles = [line for line in dry.stdout.splitlines() if re.search(r" -c \S+\.c ", line)]
    assert len(compiles) > 100 and all(line.startswith("clang-19 ") for line in compiles), dry.stdout
    assert "setup.sh" not in dry.stdout


def test_the_source_distribution_builds_the_library(backend, tmp_path):
    """What build_sdist packs is all that make needs for the library (make -n in
    the unpacked tree names every command and misses no file)."""
    name = backend.build_sdist(str(tmp_path))
    with tarfile.open(tmp_path / name) as sdist:
        members = sdist.getnames()
        sdist.extractall(tmp_path / "unpacked", filter="data")
    top = tmp_path / "unpacked" / name.removesuffix(".tar.gz")
    assert {"pyproject.toml", "PKG-INFO", "Makefile", "include/snova.h", "python/snova/__init__.py",
            "python/snova/py.typed"} <= {m.split("/", 1)[1] for m in members if "/" in m}
    assert not any("__pycache__" in m for m in members)
    dry = subprocess.run(["make", "-n", "build/lib/host/libsnova.so.0"], cwd=top, capture_output=True, text=True)
    assert dry.returncode == 0 and "-shared" in dry.stdout, dry.stderr
