"""The entry and exit of a generated function (generator/frame.py) and what each
object format and each build's choice makes of them (out/snova_asm.h, from
generator/abi.py): landing pad, return-address signing, unwind information,
visibility and the GNU property note, checked on a frame that has every kind of
save slot, as each format's preprocessor renders it (tools/asm_formats.py)."""
import subprocess

import pytest

from generator.abi import FORMATS
from generator.frame import Frame
from tests.aarch64 import OUT
from tools.asm_formats import rendering

# x19 alone, x21/x22 a pair, x30 alone (never paired with x28: not consecutive), d8/d9 a pair, d10 alone.
FRAME = Frame(["x19", "x21", "x22", "x30", "d8", "d9", "d10"], 8)
NO_BTI = {"SNOVA_KERNEL_BTI": "0"}
NO_PAC = {"SNOVA_KERNEL_PAC_RET": "0"}


def rendered(lines, fmt, defines=None):
    """lines (assembly with snova_asm.h's macros) as fmt reads them, stripped."""
    text = '#include "snova_asm.h"\n' + "".join(f"\t{ln}\n" for ln in lines)
    return [ln.strip() for ln in rendering(OUT / "frame.S", fmt, defines, text=text).splitlines()]


def instructions(lines):
    return [ln for ln in lines if not ln.startswith(".")]


def test_elf_standard_prologue_and_epilogue():
    prologue = rendered(FRAME.prologue(), "elf")
    assert prologue[:5] == ["bti\tc", "paciasp", ".cfi_negate_ra_state", "sub\tsp, sp, #80", ".cfi_def_cfa_offset\t80"]
    assert instructions(prologue)[3:] == [
        "str\tx19, [sp, #16]", "stp\tx21, x22, [sp, #24]", "str\tx30, [sp, #40]", "stp\td8, d9, [sp, #48]",
        "str\td10, [sp, #64]"]
    assert ".cfi_offset\tx22, -48" in prologue and ".cfi_offset\td10, -16" in prologue
    assert rendered(FRAME.epilogue(), "elf")[-2:] == ["add\tsp, sp, #80", "autiasp"]


def test_coff_unwind_codes_describe_every_prologue_and_epilogue_instruction():
    assert rendered(FRAME.prologue(), "coff") == [
        "bti\tc", ".seh_nop", "pacibsp", ".seh_pac_sign_lr", "sub\tsp, sp, #80", ".seh_stackalloc\t80",
        "str\tx19, [sp, #16]", ".seh_save_reg\tx19, 16", "stp\tx21, x22, [sp, #24]", ".seh_save_regp\tx21, 24",
        "str\tx30, [sp, #40]", ".seh_save_reg\tx30, 40", "stp\td8, d9, [sp, #48]", ".seh_save_fregp\td8, 48",
        "str\td10, [sp, #64]", ".seh_save_freg\td10, 64", ".seh_endprologue"]
    epilogue = rendered(FRAME.epilogue(), "coff")
    assert epilogue[0] == ".seh_startepilogue" and epilogue[-3:] == ["autibsp", ".seh_pac_sign_lr",
                                                                      ".seh_endepilogue"]
    assert not any(".cfi" in ln for ln in rendered(FRAME.prologue() + FRAME.epilogue(), "coff"))


def test_macho_has_landing_pad_but_no_return_address_signing():
    lines = rendered(FRAME.prologue() + FRAME.epilogue(), "macho")
    assert lines[0] == "bti\tc"
    assert not any(ln.startswith(("pac", "aut", ".cfi_negate", ".seh")) for ln in lines)


@pytest.mark.parametrize("fmt", FORMATS)
def test_frameless_function_gets_only_its_landing_pad(fmt):
    assert rendered(Frame([], 0).prologue(), fmt) == ["bti\tc"]
    assert rendered(Frame([], 0).prologue(), fmt, NO_BTI) == []
    assert Frame([], 0).epilogue() == []


@pytest.mark.parametrize("fmt", FORMATS)
def test_branch_protection_off_by_choice(fmt):
    lines = rendered(FRAME.prologue() + FRAME.epilogue(), fmt, {**NO_BTI, **NO_PAC})
    assert not any(ln.startswith(("bti", "pac", "aut", ".seh_nop", ".seh_pac", ".cfi_negate")) for ln in lines)
    assert instructions(lines)[0] == "sub\tsp, sp, #80"


def note_bits(defines):
    """The FEATURE_1_AND bits of ELF's GNU property note under defines, None without a note."""
    lines = rendered(["SNOVA_ASM_NOTES"], "elf", defines)
    assert lines[0] == '.section\t.note.GNU-stack,"",%progbits'
    words = [ln for ln in lines if ln.startswith(".word\t0xc0000000")]
    return int(words[0].split(", ")[2]) if words else None


@pytest.mark.parametrize("defines, bits", [
    ({}, 3),                                                 # the default: -mbranch-protection=standard
    (NO_PAC, 1), (NO_BTI, 2), ({**NO_BTI, **NO_PAC}, None),
    ({"__ARM_FEATURE_BTI_DEFAULT": "1"}, 1),                 # what -mbranch-protection=bti predefines
    ({"__ARM_FEATURE_PAC_DEFAULT": "1"}, 2),                 # pac-ret
    ({"__ARM_FEATURE_BTI_DEFAULT": "1", "__ARM_FEATURE_PAC_DEFAULT": "1"}, 3),
    ({"__ARM_FEATURE_BTI_DEFAULT": "1", "SNOVA_KERNEL_PAC_RET": "1"}, 3),   # an explicit choice wins
])
def test_property_note_follows_the_choice(defines, bits):
    assert note_bits(defines) == bits
    assert rendered(["SNOVA_ASM_NOTES"], "macho", defines) == rendered(["SNOVA_ASM_NOTES"], "coff", defines) == []


@pytest.mark.parametrize("fmt, hidden", [("elf", ".hidden\tf"), ("macho", ".private_extern\t_f"), ("coff", None)])
def test_visibility_and_symbol_decoration(fmt, hidden):
    lines = ["SNOVA_ASM_HIDE(SNOVA_ASM_SYMBOL(f))"]
    assert rendered(lines, fmt) == ([hidden] if hidden else [])
    assert rendered(lines, fmt, {"SNOVA_KERNEL_HIDDEN": "0"}) == []
    decorated = "_zq_f" if fmt == "macho" else "zq_f"
    assert rendered(["SNOVA_ASM_SYMBOL(f):"], fmt, {"SNOVA_NAMESPACE": "zq_"}) == [f"{decorated}:"]
    assert rendered(["SNOVA_ASM_SYMBOL(f):"], fmt, {"SNOVA_NAMESPACE": "zq_", "SNOVA_COMMON_NAMESPACE": "c_"}) == \
        [f"{decorated.replace('zq_', 'c_')}:"]


def test_unknown_object_format_is_an_error():
    """A compiler that names none of the formats (a.out, a new one) stops the build."""
    result = subprocess.run(["clang-19", "--target=aarch64-linux-gnu", "-U__ELF__", "-E", "-x", "assembler-with-cpp",
                             str(OUT / "snova_asm.h")], capture_output=True, text=True)
    assert result.returncode != 0 and "names no object format" in result.stderr
