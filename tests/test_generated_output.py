"""The committed out/ tree: it regenerates byte for byte, and each kernel, one
text for every object format, assembles with every assembler a user may have
into objects that follow the format's conventions (symbol names, visibility,
BTI/PAC, unwind information) and carry the same instructions up to the
documented differences (the return-address signing key, none on Mach-O); gen.py
rejects bad options without touching it."""
import filecmp
import functools
import re
import shutil
import subprocess
import sys

import pytest

from generator import plan
from generator.abi import FORMATS
from generator.kernels import api_kernel_names
from tests.aarch64 import OUT, ROOT
from tools.asm_formats import assemble, rendering

ELF_FILES = sorted(OUT.glob("*.S"))
GEN = [sys.executable, str(ROOT / "gen.py")]
NO_PROTECTION = {"SNOVA_KERNEL_BTI": "0", "SNOVA_KERNEL_PAC_RET": "0"}
# per format: the signing pair around a saved link register (None: the format has no pac-ret)
SIGNING = {"elf": ("paciasp", "autiasp"), "macho": None, "coff": ("pacibsp", "autibsp")}
HIDE = {"elf": ".hidden", "macho": ".private_extern", "coff": None}


def gen(*args, cwd=ROOT):
    return subprocess.run([*GEN, *args], cwd=cwd, capture_output=True, text=True)


def test_out_has_every_kernel_once():
    names = {p.stem for p in ELF_FILES}
    assert {f"gf16m_{f}_r{r}" for f in ("add", "mul", "dot", "rowdot") for r in (2, 3, 4, 5)} <= names
    # exactly what the variant plan uses and the drop-in API forms (test_plan.py)
    assert names == plan.used_kernels() | api_kernel_names()
    # one tree for every object format: no per-format copies
    assert not [p for p in OUT.iterdir() if p.is_dir()]
    assert {p.name for p in OUT.iterdir() if p.suffix != ".S"} == {"snova_asm.h", "snova_kernels.h", "snova_plan.h"}


def test_regeneration_reproduces_out(tmp_path):
    result = gen("--out", str(tmp_path))
    assert result.returncode == 0, result.stderr
    generated = sorted(p.name for p in tmp_path.iterdir())
    assert generated == sorted(p.name for p in OUT.iterdir() if p.is_file())
    _, mismatch, errors = filecmp.cmpfiles(OUT, tmp_path, generated, shallow=False)
    assert not mismatch and not errors, f"differs from committed out/: {mismatch + errors}"


@functools.lru_cache(maxsize=None)
def llvm(tool, *args):
    """An LLVM tool's output (cached: every object it reads is written once)."""
    return subprocess.run([f"{tool}-19", *map(str, args)], capture_output=True, text=True, check=True).stdout


@pytest.fixture(scope="module")
def objects(tmp_path_factory):
    """fmt -> directory of every kernel's object for that format (clang-19, one run
    per format), and "gnu" -> the ELF objects of the GNU toolchain."""
    dirs = {}
    for fmt, cmd in [*((f, ["clang-19", f"--target={FORMATS[f].clang_target}"]) for f in FORMATS),
                     ("gnu", ["aarch64-linux-gnu-gcc"])]:
        dirs[fmt] = tmp_path_factory.mktemp(fmt)
        result = subprocess.run([*cmd, "-c", *map(str, ELF_FILES)], cwd=dirs[fmt], capture_output=True, text=True)
        assert result.returncode == 0 and not result.stderr.strip(), f"{fmt}: {result.stderr}"
    return dirs


def defined_globals(obj):
    """The global symbols an object defines."""
    return set(llvm("llvm-nm", "--defined-only", "--extern-only", "--format=just-symbols", obj).split())


SIGNING_INSTRUCTIONS = r"(paci|auti)[ab]sp\b"


def instruction_stream(obj, length, dropped=SIGNING_INSTRUCTIONS):
    """The function's first `length` instructions in obj, as llvm-objdump reads
    them in one syntax for every format, without those that match `dropped` (by
    default the return-address signing pair, whose key is the format's), every
    code address an operand names counted as if they were absent and every
    address into the constants after the code (16-byte aligned) as an offset from
    their start, so that formats whose code differs only there give the same stream."""
    text = llvm("llvm-objdump", "-d", "--no-show-raw-insn", "--triple=aarch64-linux-gnu", obj)
    kept, gone = [], []
    for a, t in re.findall(r"^\s*([0-9a-f]+):\s+(\S.*)$", text, re.M):
        if len(kept) == length:
            break
        (gone if re.match(dropped, t) else kept).append((int(a, 16), t))
    code_end = max(a for a, _ in kept + gone) + 4

    def moved(m):
        address = int(m[1], 16)
        if address >= code_end:
            return f"constants+{address - ((code_end + 15) & ~15)}"
        return hex(address - 4 * sum(g < address for g, _ in gone))
    return [re.sub(r"(?<![#-])0x([0-9a-f]+)(?: <[^>]*>)?", moved, t) for _, t in kept]


def code_length(elf_obj, dropped=SIGNING_INSTRUCTIONS):
    """How many instructions of instruction_stream(elf_obj, dropped) are the function's."""
    size = int(re.search(r"^\s*\d+: [0-9a-f]+\s+(\d+) FUNC ", llvm("llvm-readelf", "-s", elf_obj), re.M)[1])
    text = llvm("llvm-objdump", "-d", "--no-show-raw-insn", elf_obj)
    code = [t for a, t in re.findall(r"^\s*([0-9a-f]+):\s+(\S.*)$", text, re.M) if int(a, 16) < size]
    return sum(not re.match(dropped, t) for t in code)


@pytest.mark.parametrize("source", ELF_FILES, ids=lambda p: p.name)
def test_objects_follow_each_formats_conventions_and_agree(objects, source):
    symbol = f"snova_{source.stem}"
    obj = {fmt: objects[fmt] / f"{source.stem}.o" for fmt in objects}
    saves_lr = re.search(r"^\tst[rp]\t.*\bx30, \[sp", source.read_text(), re.M) is not None
    has_frame = "SNOVA_ASM_SEH(proc" in source.read_text()
    for fmt in ("elf", "gnu"):
        assert defined_globals(obj[fmt]) == {symbol}
        assert re.search(rf"\bHIDDEN\s+\S+\s+{symbol}$", llvm("llvm-readelf", "-s", obj[fmt]), re.M), fmt
        assert "feature: BTI, PAC" in llvm("llvm-readelf", "-n", obj[fmt]), fmt
        assert " FDE cie=" in llvm("llvm-dwarfdump", "--eh-frame", obj[fmt]), fmt     # its unwind entry
    assert defined_globals(obj["macho"]) == {f"_{symbol}"}
    assert f"(__TEXT,__text) private external _{symbol}" in llvm("llvm-nm", "-m", obj["macho"])
    assert "__compact_unwind" in llvm("llvm-objdump", "-h", obj["macho"])
    assert defined_globals(obj["coff"]) == {symbol}
    assert (f"Function: {symbol} " in llvm("llvm-readobj", "--unwind", obj["coff"])) == has_frame
    length = code_length(obj["elf"])
    streams = {fmt: instruction_stream(o, length) for fmt, o in obj.items()}
    assert len(streams["elf"]) == length
    assert streams["elf"] == streams["gnu"] == streams["macho"] == streams["coff"]
    assert streams["elf"][0] == "bti\tc"
    for fmt, pair in SIGNING.items():
        disassembly = llvm("llvm-objdump", "-d", "--no-show-raw-insn", "--triple=aarch64-linux-gnu", obj[fmt])
        for mnemonic in ("paciasp", "autiasp", "pacibsp", "autibsp"):
            expected = int(saves_lr and pair is not None and mnemonic in pair)
            assert len(re.findall(rf"\t{mnemonic}$", disassembly, re.M)) == expected, (fmt, mnemonic)


def test_instruction_streams_differ_where_the_code_does(objects, tmp_path):
    """The comparison above sees a changed instruction and a changed address."""
    obj = objects["elf"] / "gf16m_mul_r4.o"
    length = code_length(obj)
    assert instruction_stream(obj, length) == instruction_stream(objects["coff"] / "gf16m_mul_r4.o", length)
    mutant = tmp_path / "gf16m_mul_r4.S"
    mutant.write_text((OUT / "gf16m_mul_r4.S").read_text().replace("\tmovi\tv28.16b, #19\n", "\tmovi\tv28.16b, #18\n"))
    assert instruction_stream(assemble(mutant, "elf", tmp_path / "m.o", include_dirs=[OUT]), length) != instruction_stream(obj, length)


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("source", ELF_FILES[::12], ids=lambda p: p.name)
def test_a_build_choice_changes_only_what_it_says(tmp_path, source, fmt):
    """Without branch protection and hidden symbols, by -D flags: the same stream
    less the landing pads and the signing pair, and the symbol exported."""
    obj = assemble(source, fmt, tmp_path / "plain.o", {**NO_PROTECTION, "SNOVA_KERNEL_HIDDEN": "0"})
    protected = assemble(source, fmt, tmp_path / "protected.o")
    unprotected = rf"{SIGNING_INSTRUCTIONS}|bti\b"
    length = code_length(assemble(source, "elf", tmp_path / "elf.o"), unprotected)
    assert instruction_stream(protected, length, unprotected) == instruction_stream(obj, length, unprotected)
    assert not re.search(r"\t(bti|paci[ab]sp|auti[ab]sp)", llvm("llvm-objdump", "-d", "--no-show-raw-insn", obj))
    if fmt == "elf":
        assert "HIDDEN" not in llvm("llvm-readelf", "-s", obj) and "feature" not in llvm("llvm-readelf", "-n", obj)


@pytest.mark.parametrize("source", ELF_FILES, ids=lambda p: p.name)
def test_elf_conventions(source):
    text = rendering(source, "elf")
    for symbol in re.findall(r"^\t\.globl\t(\S+)$", text, re.M):
        assert f"\t.type\t{symbol}, %function\n" in text
        assert f"\t.size\t{symbol}, .-{symbol}\n" in text
    assert '.section\t.note.GNU-stack,"",%progbits' in text
    assert protection_problems(text, ".hidden", SIGNING["elf"]) == []
    assert "\t.word\t0xc0000000, 4, 3, 0\n" in text      # GNU property: BTI | PAC


@pytest.mark.parametrize("source", ELF_FILES, ids=lambda p: p.name)
def test_macho_conventions(source):
    text = rendering(source, "macho")
    assert all(s.startswith("_") for s in re.findall(r"^\t\.globl\t(\S+)$", text, re.M))
    for elf_only in (".type", ".size", ".note.GNU-stack", ".L", ".cfi_negate_ra_state", ".seh"):
        assert elf_only not in text
    assert protection_problems(text, HIDE["macho"], SIGNING["macho"]) == []


@pytest.mark.parametrize("source", ELF_FILES, ids=lambda p: p.name)
def test_coff_conventions(source):
    text = rendering(source, "coff")
    for symbol in re.findall(r"^\t\.globl\t(\S+)$", text, re.M):
        assert f"\t.def\t{symbol}\n\t.scl\t2\n\t.type\t32\n\t.endef\n" in text
    for elf_only in (".size", ".note", ".cfi_", "%function"):
        assert elf_only not in text
    assert protection_problems(text, HIDE["coff"], SIGNING["coff"]) == []


def protection_problems(text, hide, signing):
    """What breaks the conventions of a kernel assembled with the default branch
    protection (standard) and visibility (hidden), in one format's rendering:
    every global hidden by `hide` (None: the format has no visibility), `bti c`
    first in every function, and the signing pair (None: not in this format)
    exactly around a saved link register."""
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


def test_protection_check_catches_unprotected_and_exported_files():
    for name in ("keccakf1600", "keccakf1600_x2"):        # with and without a saved link register
        text = rendering(OUT / f"{name}.S", "elf", {**NO_PROTECTION, "SNOVA_KERNEL_HIDDEN": "0"})
        assert "bti" not in text and ".note.gnu.property" not in text and ".hidden" not in text
        assert len(protection_problems(text, ".hidden", SIGNING["elf"])) >= 2
    signed = rendering(OUT / "keccakf1600.S", "elf")
    assert protection_problems(signed.replace("\tautiasp\n", ""), ".hidden", SIGNING["elf"]) == \
        ["autiasp not 1 times"]


@pytest.mark.parametrize("defines, bits", [({"SNOVA_KERNEL_PAC_RET": "0"}, 1), ({"SNOVA_KERNEL_BTI": "0"}, 2),
                                           ({}, 3)])
def test_branch_protection_choices(defines, bits):
    text = rendering(OUT / "keccakf1600.S", "elf", defines)
    assert f"\t.word\t0xc0000000, 4, {bits}, 0\n" in text
    assert ("\tbti\tc\n" in text) == bool(bits & 1)
    assert ("\tpaciasp\n" in text) == ("\tautiasp\n" in text) == bool(bits & 2)


def test_namespace_renames_the_kernels_in_c_and_in_assembly(tmp_path):
    """One -D flag gives the C header's calls and the kernel's symbol the same prefix."""
    caller = tmp_path / "caller.c"
    caller.write_text('#include "snova_kernels.h"\nvoid f(uint8_t *c) { snova_gf16m_add_r2(c, c, c); }\n')
    flags = ["--target=aarch64-linux-gnu", f"-I{OUT}", "-DSNOVA_NAMESPACE=zq_", "-c"]
    for src, obj in ((caller, tmp_path / "caller.o"), (OUT / "gf16m_add_r2.S", tmp_path / "kernel.o")):
        subprocess.run(["clang-19", *flags, str(src), "-o", str(obj)], check=True)
    assert "U zq_snova_gf16m_add_r2" in llvm("llvm-nm", tmp_path / "caller.o")
    assert defined_globals(tmp_path / "kernel.o") == {"zq_snova_gf16m_add_r2"}
    subprocess.run(["clang-19", *flags[:2], "-c", str(caller), "-o", str(tmp_path / "plain.o")], check=True)
    assert "U snova_gf16m_add_r2" in llvm("llvm-nm", tmp_path / "plain.o")


@pytest.mark.parametrize("stem, foreign", [
    ("gf16m_add_r2", "aese\tv0.16b, v1.16b"),                    # Advanced SIMD only: no FEAT_AES
    ("aes128_key_expand", "eor3\tv0.16b, v1.16b, v2.16b, v3.16b"),  # FEAT_AES: no FEAT_SHA3
    ("keccakf1600", "eor\tv0.16b, v1.16b, v2.16b"),              # base AArch64: no Advanced SIMD
])
def test_arch_directive_rejects_instructions_beyond_the_declared_features(tmp_path, stem, foreign):
    """A file's .arch names only its kernel's features, so an instruction needing
    another feature does not assemble (the banner's requirement cannot be stale)."""
    source = tmp_path / f"{stem}.S"
    text = (OUT / f"{stem}.S").read_text()
    source.write_text(re.sub(r"^(\tSNOVA_ASM_BTI(_FRAME)?\n)", rf"\1\t{foreign}\n", text, count=1, flags=re.M))
    assert source.read_text() != text
    for cmd in (["clang-19", "--target=aarch64-linux-gnu", f"-I{OUT}", "-c"], ["aarch64-linux-gnu-gcc", f"-I{OUT}", "-c"]):
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
    ["--kernel", "div"], ["--rank", "6", "--kernel", "mac"], ["--rank", "8", "--kernel", "tmul"], ["--cpu", "pentium"],
    # the object format and the build's protection and visibility are snova_asm.h's, not the generator's
    ["--abi", "elf"], ["--branch-protection", "none"], ["--visibility", "default"],
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
