"""liboqs/META/ (tools/liboqs_meta.py, docs/liboqs.md): the META files liboqs's
copy_from_upstream reads for SNOVA's `neon` implementation.

* they are a regeneration from generator/sets.yaml, byte for byte, and a changed
  or extra file is reported;
* every set liboqs ships has one (Round 3: its l = 4 and 5 sets and the X sets it
  keeps; Round 2: its 12 instances), which parses, names the entry points
  liboqs's wrappers call, liboqs's known-answer digest, the set's sizes and
  definitions, the platforms, and the shared code through a `common_dep` the
  commons file defines;
* every source they name is a file git tracks, and no C source among them calls
  the C library's allocator where liboqs's code-conventions test would see it.
"""
import re
import shutil
import subprocess

import pytest
import yaml

from generator import sets as set_data
from tools import liboqs_meta

ROUND3_LEVELS = ("I", "III", "V")
ROUND3_SHAPES = ("K", "B", "S")
ROUND3_X_KEPT = ("SNOVA_I_X_AES", "SNOVA_III_X_AES")    # the X sets in liboqs's kats.json
MEMORY_FUNCTIONS = ("free", "malloc", "calloc", "realloc", "strdup")


def load(path):
    return yaml.safe_load(path.read_text())


def set_files():
    return sorted(p for p in liboqs_meta.META_DIR.glob("SNOVA_*_META.yml"))


def neon(path):
    (impl,) = load(path)["implementations"]
    return impl


def commons():
    return {c["name"]: c for c in load(liboqs_meta.META_DIR / liboqs_meta.COMMON_FILE)["commons"]}


def tracked():
    out = subprocess.run(["git", "ls-files"], cwd=liboqs_meta.ROOT, capture_output=True, text=True, check=True)
    return set(out.stdout.split())


def raw_allocations(text):
    """The lines liboqs's test_code_conventions.py::test_memory_functions refuses:
    a call of the C library's allocator outside a comment and without its
    `IGNORE memory-check` marker."""
    found, in_comment = [], False
    for number, line in enumerate(text.splitlines(), 1):
        if line.strip().startswith("//"):
            continue
        if "/*" in line and not in_comment:
            in_comment = True
        if "*/" in line and in_comment:
            in_comment = False
            continue
        if in_comment or "IGNORE memory-check" in line:
            continue
        if any(re.search(rf"\b{f}\(", line) and not re.search(rf"\b_{f}\(", line) for f in MEMORY_FUNCTIONS):
            found.append(number)
    return found


def test_meta_files_are_a_regeneration():
    assert liboqs_meta.main(["--check"]) == 0


def test_a_changed_or_extra_meta_file_is_reported(tmp_path, monkeypatch):
    copy = tmp_path / "META"
    shutil.copytree(liboqs_meta.META_DIR, copy)
    monkeypatch.setattr(liboqs_meta, "META_DIR", copy)
    assert liboqs_meta.main(["--check"]) == 0
    first = set_files_in(copy)[0]
    first.write_text(first.read_text() + "# edited\n")
    assert liboqs_meta.main(["--check"]) == 1
    first.write_text(first.read_text().removesuffix("# edited\n"))
    (copy / "SNOVA_EXTRA_META.yml").write_text("name: SNOVA_EXTRA\n")
    assert liboqs_meta.main(["--check"]) == 1


def set_files_in(directory):
    return sorted(directory.glob("SNOVA_*_META.yml"))


def test_every_set_liboqs_ships_has_a_meta_file():
    round3 = {f"SNOVA_{level}_{shape}{aes}" for level in ROUND3_LEVELS for shape in ROUND3_SHAPES
              for aes in ("", "_AES")}
    expected = round3 | set(ROUND3_X_KEPT) | set(liboqs_meta.liboqs_names(2))
    assert len(round3) == 18 and len(expected) == 32
    assert {p.name.removesuffix("_META.yml") for p in set_files()} == expected
    assert set(liboqs_meta.liboqs_names(3)) == round3 | set(ROUND3_X_KEPT)


@pytest.mark.parametrize("path", set_files(), ids=lambda p: p.name)
def test_set_meta_names_what_liboqs_calls(path):
    meta, impl = load(path), neon(path)
    s = next(s for s in set_data.load() if s.round in (2, 3) and s.official == meta["name"])
    assert meta["type"] == "signature"
    assert meta["nistkat-sha256"] == liboqs_meta.liboqs_names(s.round)[s.official]
    assert (meta["length-public-key"], meta["length-secret-key"], meta["length-signature"]) == \
        (s.pk_bytes, s.sk_bytes, s.sig_bytes)
    assert meta["claimed-nist-level"] == {"I": 1, "III": 3, "V": 5}[s.level]
    prefix = f"_{s.official}_neon_oqs_" if s.round == 3 else \
        f"_snova_{s.v}_{s.o}_{s.l}_{s.expansion}_{'esk' if s.key == 'expanded' else 'ssk'}_neon_"
    assert impl["name"] == "neon"
    assert [impl[f"signature_{op}"] for op in ("keypair", "signature", "verify")] == \
        [prefix + op for op in ("keypair", "sign", "verify")]
    opts = impl["compile_opts"].split()
    assert set(s.definitions) <= set(opts) and f"-DSNOVA_NAMESPACE={prefix}" in opts
    assert "-DSNOVA_LIBOQS" in opts
    assert impl["common_dep"] in commons()
    (platform,) = impl["supported_platforms"]
    assert platform == {"architecture": "arm_8", "operating_systems": ["Darwin", "Linux"],
                        "required_flags": ["asimd"]}
    assert f"c_glue/core/{s.core}" in impl["sources"].split()


def named_sources():
    names = {n for p in set_files() for n in neon(p)["sources"].split()}
    return names | {n for c in commons().values() for n in c["sources"].split()}


def test_every_named_source_is_tracked_and_the_kernels_are_shared():
    assert named_sources() <= tracked()
    (common,) = commons().values()
    kernels = {n for n in common["sources"].split() if n.endswith(".S")}
    assert kernels == {f"out/{p.name}" for p in (liboqs_meta.ROOT / "out").glob("*.S")}
    assert not any(n.endswith(".S") for p in set_files() for n in neon(p)["sources"].split())


def test_no_named_source_calls_the_allocator_directly():
    sources = sorted(n for n in named_sources() if n.endswith((".c", ".h")))
    assert [(n, raw_allocations((liboqs_meta.ROOT / n).read_text())) for n in sources
            if raw_allocations((liboqs_meta.ROOT / n).read_text())] == []


def test_the_allocation_check_sees_a_raw_call():
    assert raw_allocations("void f(void *p) {\n    free(p);\n}\n") == [2]
    assert raw_allocations("x = malloc(4); /* IGNORE memory-check */\n// free(p);\n/* free(p)\n*/\n") == []
    assert raw_allocations("OQS_MEM_malloc(4); _free(p);\n") == []
