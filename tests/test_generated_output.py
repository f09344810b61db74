"""The committed out/ tree: it regenerates byte for byte, assembles with every
assembler a user may have, follows each object format's conventions, and gen.py
rejects bad options without touching it."""
import filecmp
import re
import shutil
import subprocess
import sys

import pytest

from generator import plan
from generator.kernels import api_kernel_names
from tests.aarch64 import OUT, ROOT

ELF_FILES = sorted(OUT.glob("*.S"))
MACHO_FILES = sorted((OUT / "macho").glob("*.S"))
COFF_FILES = sorted((OUT / "coff").glob("*.S"))
GEN = [sys.executable, str(ROOT / "gen.py")]


def gen(*args, cwd=ROOT):
    return subprocess.run([*GEN, *args], cwd=cwd, capture_output=True, text=True)


def test_out_has_every_kernel():
    names = {p.stem for p in ELF_FILES}
    assert {f"gf16m_{f}_r{r}" for f in ("add", "mul", "dot", "rowdot") for r in (2, 3, 4, 5)} <= names
    # exactly what the variant plan uses and the drop-in API forms (test_plan.py)
    assert names == plan.used_kernels() | api_kernel_names()
    assert {p.name for p in MACHO_FILES} == {p.name for p in ELF_FILES}
    assert {p.name for p in COFF_FILES} == {p.name for p in ELF_FILES}


@pytest.mark.parametrize("abi, subdir", [("elf", ""), ("macho", "macho"), ("coff", "coff")])
def test_regeneration_reproduces_out(tmp_path, abi, subdir):
    result = gen("--abi", abi, "--out", str(tmp_path))
    assert result.returncode == 0, result.stderr
    committed = OUT / subdir
    generated = sorted(p.name for p in tmp_path.iterdir())
    assert generated == sorted(p.name for p in committed.iterdir() if p.is_file())
    _, mismatch, errors = filecmp.cmpfiles(committed, tmp_path, generated, shallow=False)
    assert not mismatch and not errors, f"differs from committed out/{subdir}: {mismatch + errors}"


def assemble(cmd, tmp_path, source):
    obj = tmp_path / (source.stem + ".o")
    result = subprocess.run([*cmd, str(source), "-o", str(obj)], capture_output=True, text=True)
    assert result.returncode == 0, f"{' '.join(cmd)} {source.name}:\n{result.stderr}"
    assert not result.stderr.strip(), result.stderr   # no warnings either
    return obj


def defined_globals(obj):
    """The global symbols an object defines."""
    nm = subprocess.run(["llvm-nm-19", "--defined-only", "--extern-only", "--format=just-symbols", str(obj)],
                        capture_output=True, text=True, check=True)
    return set(nm.stdout.split())


@pytest.mark.parametrize("source", ELF_FILES, ids=lambda p: p.name)
def test_assembles_elf_with_clang_and_gnu_as(tmp_path, source):
    for cmd in (["clang-19", "--target=aarch64-linux-gnu", "-c"], ["aarch64-linux-gnu-as"]):
        assert defined_globals(assemble(cmd, tmp_path, source)) == {f"snova_{source.stem}"}


@pytest.mark.parametrize("source", MACHO_FILES, ids=lambda p: p.name)
def test_assembles_macho_with_clang(tmp_path, source):
    obj = assemble(["clang-19", "--target=arm64-apple-macos", "-c"], tmp_path, source)
    assert defined_globals(obj) == {f"_snova_{source.stem}"}


def test_assembles_coff_with_clang_exactly_its_symbols_and_unwind_info(tmp_path):
    """Every out/coff file assembles for Windows on Arm without a warning, defines
    exactly its kernel, and a kernel with a stack frame has unwind information."""
    result = subprocess.run(["clang-19", "--target=aarch64-windows-msvc", "-c", *map(str, COFF_FILES)],
                            cwd=tmp_path, capture_output=True, text=True)
    assert result.returncode == 0 and not result.stderr.strip(), result.stderr
    for source in COFF_FILES:
        obj = tmp_path / f"{source.stem}.o"
        assert defined_globals(obj) == {f"snova_{source.stem}"}, source.name
        unwind = subprocess.run(["llvm-readobj-19", "--unwind", str(obj)], capture_output=True, text=True).stdout
        has_frame = "\tsub\tsp, sp, #" in source.read_text()
        assert (f"Function: snova_{source.stem} " in unwind) == has_frame, source.name


@pytest.mark.parametrize("source", ELF_FILES, ids=lambda p: p.name)
def test_elf_conventions(source):
    text = source.read_text()
    for symbol in re.findall(r"^\t\.globl\t(\S+)$", text, re.M):
        assert f"\t.type\t{symbol}, %function\n" in text
        assert f"\t.size\t{symbol}, .-{symbol}\n" in text
    assert '.section\t.note.GNU-stack,"",%progbits' in text
    assert protection_problems(text, ".hidden", ("paciasp", "autiasp")) == []
    assert "\t.word\t0xc0000000, 4, 3, 0\t" in text      # GNU property: BTI | PAC


@pytest.mark.parametrize("source", MACHO_FILES, ids=lambda p: p.name)
def test_macho_conventions(source):
    text = source.read_text()
    assert all(s.startswith("_") for s in re.findall(r"^\t\.globl\t(\S+)$", text, re.M))
    for elf_only in (".type", ".size", ".note.GNU-stack", ".L", ".cfi_negate_ra_state"):
        assert elf_only not in text
    assert protection_problems(text, ".private_extern", None) == []


@pytest.mark.parametrize("source", COFF_FILES, ids=lambda p: p.name)
def test_coff_conventions(source):
    text = source.read_text()
    for symbol in re.findall(r"^\t\.globl\t(\S+)$", text, re.M):
        assert f"\t.def\t{symbol}\n\t.scl\t2\n\t.type\t32\n\t.endef\n" in text
    for elf_only in (".size", ".note", ".cfi_", "%function"):
        assert elf_only not in text
    assert protection_problems(text, None, ("pacibsp", "autibsp")) == []


def protection_problems(text, hide, signing):
    """What breaks the conventions of a file generated with --branch-protection
    standard and --visibility hidden: every global hidden by `hide` (None: the
    format has no visibility), `bti c` first in every function, and the signing
    pair (None: not in this format) exactly around a saved link register."""
    problems = []
    for symbol in re.findall(r"^\t\.globl\t(\S+)$", text, re.M):
        if hide and f"\t{hide}\t{symbol}\n" not in text:
            problems.append(f"{symbol} not {hide}")
        body = text.split(f"\n{symbol}:\n", 1)[1]
        first = next(ln for ln in body.splitlines() if not ln.startswith(("\t.cfi", "\t.seh")))
        if first != "\tbti\tc":
            problems.append(f"{symbol} starts with {first.strip()!r}")
    saves_lr = re.search(r"^\tst[rp]\t.*\bx30, \[sp", text, re.M) is not None
    for mnemonic in signing or ("paciasp", "autiasp", "pacibsp", "autibsp"):
        expected = int(saves_lr and signing is not None)
        if len(re.findall(rf"^\t{mnemonic}$", text, re.M)) != expected:
            problems.append(f"{mnemonic} not {expected} times")
    return problems


def test_protection_check_catches_unprotected_and_exported_files(tmp_path):
    assert gen("--keccak", "--branch-protection", "none", "--visibility", "default", "--out",
               str(tmp_path)).returncode == 0
    for name in ("keccakf1600", "keccakf1600_x2"):        # with and without a saved link register
        text = (tmp_path / f"{name}.S").read_text()
        assert "bti" not in text and ".note.gnu.property" not in text and ".hidden" not in text
        assert len(protection_problems(text, ".hidden", ("paciasp", "autiasp"))) >= 2
    signed = (OUT / "keccakf1600.S").read_text()
    assert protection_problems(signed.replace("\tautiasp\n", ""), ".hidden", ("paciasp", "autiasp")) == \
        ["autiasp not 1 times"]


@pytest.mark.parametrize("protection, bits", [("bti", 1), ("pac-ret", 2), ("standard", 3)])
def test_branch_protection_choices(tmp_path, protection, bits):
    assert gen("--keccak", "--branch-protection", protection, "--out", str(tmp_path)).returncode == 0
    text = (tmp_path / "keccakf1600.S").read_text()
    assert f"\t.word\t0xc0000000, 4, {bits}, 0\t" in text
    assert ("\tbti\tc\n" in text) == bool(bits & 1)
    assert ("\tpaciasp\n" in text) == ("\tautiasp\n" in text) == bool(bits & 2)


@pytest.mark.parametrize("stem, foreign", [
    ("gf16m_add_r2", "aese\tv0.16b, v1.16b"),                    # Advanced SIMD only: no FEAT_AES
    ("aes128_key_expand", "eor3\tv0.16b, v1.16b, v2.16b, v3.16b"),  # FEAT_AES: no FEAT_SHA3
    ("keccakf1600", "eor\tv0.16b, v1.16b, v2.16b"),              # base AArch64: no Advanced SIMD
])
def test_arch_directive_rejects_instructions_beyond_the_declared_features(tmp_path, stem, foreign):
    """A file's .arch names only its kernel's features, so an instruction needing
    another feature does not assemble (the banner's requirement cannot be stale)."""
    source = tmp_path / f"{stem}.S"
    source.write_text((OUT / f"{stem}.S").read_text().replace("\tbti\tc\n", f"\tbti\tc\n\t{foreign}\n", 1))
    for cmd in (["clang-19", "--target=aarch64-linux-gnu", "-c"], ["aarch64-linux-gnu-as"]):
        result = subprocess.run([*cmd, str(source), "-o", str(tmp_path / "x.o")], capture_output=True, text=True)
        assert result.returncode != 0, cmd


def test_header_declares_every_kernel():
    header = (OUT / "snova_kernels.h").read_text()
    for source in ELF_FILES:
        for symbol in re.findall(r"^\t\.globl\t(\S+)$", source.read_text(), re.M):
            assert re.search(rf"\b{symbol}\(", header), symbol


def test_custom_prefix_renames_symbols(tmp_path):
    assert gen("--rank", "4", "--kernel", "mul", "--prefix", "my_", "--out", str(tmp_path)).returncode == 0
    assert "\t.globl\tmy_gf16m_mul_r4\n" in (tmp_path / "gf16m_mul_r4.S").read_text()
    assert "my_gf16m_mul_r4(" in (tmp_path / "snova_kernels.h").read_text()


def snapshot(tree):
    """Every path below `tree` with its content and modification time."""
    return {p: (p.is_file() and p.read_bytes(), p.stat().st_mtime_ns) for p in tree.rglob("*")}


@pytest.mark.parametrize("args", [
    ["--rank", "7"], ["--rank", "x"], ["--rank", "6", "--kernel", "add"], ["--rank", "5", "--kernel", "linsys"],
    ["--shape", "3x3"], ["--shape", "4x7"], ["--shape", "8x4"], ["--shape", "4"], ["--shape", "4x8x2"],
    ["--shape", "x8"], ["--shape", ""], ["--shape", "4x8", "--rank", "4"], ["--shape"],
    ["--kernel", "div"], ["--rank", "6", "--kernel", "mac"], ["--rank", "8", "--kernel", "tmul"], ["--abi", "wasm"],
    ["--abi"], ["--cpu", "pentium"],
    ["--branch-protection", "full"], ["--branch-protection"], ["--visibility", "protected"], ["--visibility"],
    ["--prefix", "9bad"], ["--prefix", "a-b"], ["--bogus"],
    ["--aes-ways", "3"], ["--aes-ways", "0"], ["--aes-ways", "16"], ["--aes-ways", "four"], ["--aes-ways"],
    ["--aes", "--rank", "2"], ["--aes", "--kernel", "mul"], ["--aes", "--aes-ways", "-4"], ["--aes", "--shape", "4x8"],
    ["--keccak-lazy", "4"], ["--keccak-lazy", "every"], ["--keccak-lazy"], ["--keccak-mixed-lazy", "5"],
    ["--keccak-mixed-lazy"], ["--keccak", "--rank", "4"],
    ["--keccak", "--aes"], ["--keccak", "--shape", "4x8"], ["--keccak", "--kernel", "mul"],
])
def test_bad_option_is_one_line_exit_2_and_leaves_out_untouched(tmp_path, args):
    out = tmp_path / "out"
    shutil.copytree(OUT, out)
    before = snapshot(out)
    result = gen(*args, "--out", str(out))
    assert result.returncode == 2
    assert result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert result.stderr.startswith("gen.py: error: ")
    assert snapshot(out) == before


# the result-first product forms of rank 5: c += a·b, c = / += aᵀ·b and a·bᵀ
FORMS_R5 = {"gf16m_mac_r5", "gf16m_mul_at_r5", "gf16m_mul_bt_r5", "gf16m_mac_at_r5", "gf16m_mac_bt_r5"}


@pytest.mark.parametrize("args, expect", [
    (["--rank", "5"], {"gf16m_add_r5", "gf16m_mul_r5", "gf16m_dot_r5", "gf16m_rowdot_r5", *FORMS_R5,
                       "gf16m_rowdot_fold_pat_r5", "gf16m_fold_patterns"}),
    (["--rank", "3", "--kernel", "mac"], {"gf16m_mac_r3"}),
    (["--kernel", "tmul"], {f"gf16m_mul_{t}_r{r}" for t in ("at", "bt") for r in (2, 3, 4, 5)}),
    (["--rank", "2", "--kernel", "tmac"], {"gf16m_mac_at_r2", "gf16m_mac_bt_r2"}),
    # rank 8's products: no row of the variant plan takes them (gen.py --all-shapes emits them)
    (["--rank", "8", "--kernel", "mul"], set()),
    (["--shape", "4x8"], {f"gf16m_{f}_{s}" for f in ("mul", "dot", "rowdot") for s in ("r4", "8x8x4")}
     | {"gf16m_rowdot_4x4x8", "gf16m_rowdot_8x4x4", "gf16m_rowdot_8x4x8", "gf16m_mul_8x4x4", "gf16m_dot_4x4x8"}
     | {"gf16m_mul_4x8x4", "gf16m_dot_1x1x32", "gf16m_dot_1x1x64", "gf16m_add_r4", "gf16m_linsys_l4r8"}
     | {"gf16m_mul_tables", "gf16m_rowdot_tbl_4x4x4", "gf16m_rowdot_rtbl_4x4x4"}
     | {"gf16m_mul_pair_tables", "gf16m_rowdot_ptbl_8x4x4", "gf16m_rowdot_ptblw_8x4x4"}
     | {"gf16m_unpack_runs_r4", "gf16m_rowdot_ptblwi_8x4x4"}
     | {"gf16m_rowdot_rrep_r4", "gf16m_rowdot_rrep_8x4x4", "gf16m_rowdot_rrep_4x4x8"}
     | {"gf16m_rowdot_ptblt_8x4x8", "gf16m_transpose_r8", "gf16m_rowdot_ptbl_8x1x64"}
     | {name.replace("r5", "r4") for name in FORMS_R5}),
    (["--shape", "4x6", "--kernel", "rowdot"], {"gf16m_rowdot_r4", "gf16m_rowdot_4x4x6", "gf16m_rowdot_6x4x4",
                                                "gf16m_rowdot_6x4x6", "gf16m_rowdot_6x6x4",
                                                "gf16m_mul_tables",
                                                "gf16m_mul_pair_tables", "gf16m_rowdot_ptbl_24x4x4",
                                                "gf16m_rowdot_ptblw_24x4x4", "gf16m_rowdot_ptblwi_24x4x4",
                                                "gf16m_unpack_runs_r4",
                                                "gf16m_rowdot_ptblt_24x4x6", "gf16m_transpose_r6",
                                                "gf16m_rowdot_ptbl_8x1x36",
                                                "gf16m_rowdot_tbl_4x4x4", "gf16m_rowdot_rtbl_4x4x4",
                                                "gf16m_rowdot_rrep_r4", "gf16m_rowdot_rrep_6x4x4"}),
    (["--shape", "5x5", "--kernel", "rowdot"], {"gf16m_rowdot_r5", "gf16m_mul_tables", "gf16m_rowdot_tbl_5x5x5",
                                                "gf16m_rowdot_rtbl_5x5x5", "gf16m_fold_patterns",
                                                "gf16m_rowdot_fold_pat_r5", "gf16m_mul_pair_tables_25x5",
                                                "gf16m_rowdot_ptbl_25x5x5", "gf16m_rowdot_ptbl_8x1x25",
                                                "gf16m_rowdot_ptblt_25x5x5", "gf16m_transpose_r5"}),
    (["--shape", "5x8", "--kernel", "rowdot"], {"gf16m_rowdot_r5", "gf16m_rowdot_5x5x8", "gf16m_rowdot_8x5x5",
                                                "gf16m_rowdot_8x5x8", "gf16m_rowdot_8x8x5",
                                                "gf16m_rowdot_fold_8x5x5", "gf16m_fold_patterns",
                                                "gf16m_rowdot_fold_pat_r5", "gf16m_rowdot_rrep_5x5x8",
                                                "gf16m_rowdot_ptblt_8x5x8", "gf16m_transpose_r8",
                                                "gf16m_interleave_transposes_8x5", "gf16m_rowdot_ptbli_8x5x8",
                                                "gf16m_mul_tables", "gf16m_rowdot_tbl_5x5x5",
                                                "gf16m_rowdot_rtbl_5x5x5", "gf16m_mul_pair_tables_r5",
                                                "gf16m_rowdot_ptbli_8x5x5", "gf16m_interleave_runs_r5",
                                                "gf16m_rowdot_ptbl_8x1x64"}),
    (["--shape", "5x5", "--kernel", "linsys"], {"gf16m_linsys_l5r5"}),
    (["--shape", "2x2", "--kernel", "rowdot"], {"gf16m_rowdot_r2"}),
    (["--keccak"], {"keccakf1600", "keccakf1600_carried", "keccakf1600_x2", "keccakf1600_sha3", "keccakf1600_x2_sha3", "keccakf1600_x3",
                    "keccakf1600_x4"}),
])
def test_selection_writes_exactly_its_kernels(tmp_path, args, expect):
    assert gen(*args, "--out", str(tmp_path)).returncode == 0
    assert {p.stem for p in tmp_path.glob("*.S")} == expect
    for stem in expect:
        assert (tmp_path / f"{stem}.S").read_text() == (OUT / f"{stem}.S").read_text()


def test_rank_subset_rewrites_nothing_else(tmp_path):
    out = tmp_path / "out"
    shutil.copytree(OUT, out)
    assert gen("--rank", "4", "--out", str(out)).returncode == 0
    _, mismatch, errors = filecmp.cmpfiles(OUT, out, [p.name for p in OUT.iterdir() if p.is_file()],
                                           shallow=False)
    assert not mismatch and not errors
