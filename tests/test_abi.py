"""The entry and exit of a generated function under each output's conventions
(generator/abi.py, generator/frame.py): landing pad, return-address signing and
unwind information, checked on a frame that has every kind of save slot."""
from generator.abi import conventions
from generator.frame import Frame

# x19 alone, x21/x22 a pair, x30 alone (never paired with x28: not consecutive), d8/d9 a pair, d10 alone.
FRAME = Frame(["x19", "x21", "x22", "x30", "d8", "d9", "d10"], 8)


def instructions(lines):
    return [ln for ln in lines if not ln.startswith(".")]


def test_elf_standard_prologue_and_epilogue():
    conv = conventions("elf")
    assert FRAME.prologue(conv)[:4] == ["bti\tc", "paciasp", ".cfi_negate_ra_state", "sub\tsp, sp, #80"]
    assert instructions(FRAME.prologue(conv))[3:] == [
        "str\tx19, [sp, #16]", "stp\tx21, x22, [sp, #24]", "str\tx30, [sp, #40]", "stp\td8, d9, [sp, #48]",
        "str\td10, [sp, #64]"]
    assert FRAME.epilogue(conv)[-2:] == ["add\tsp, sp, #80", "autiasp"]


def test_coff_unwind_codes_describe_every_prologue_and_epilogue_instruction():
    conv = conventions("coff")
    assert FRAME.prologue(conv) == [
        "bti\tc", ".seh_nop", "pacibsp", ".seh_pac_sign_lr", "sub\tsp, sp, #80", ".seh_stackalloc 80",
        "str\tx19, [sp, #16]", ".seh_save_reg x19, 16", "stp\tx21, x22, [sp, #24]", ".seh_save_regp x21, 24",
        "str\tx30, [sp, #40]", ".seh_save_reg x30, 40", "stp\td8, d9, [sp, #48]", ".seh_save_fregp d8, 48",
        "str\td10, [sp, #64]", ".seh_save_freg d10, 64", ".seh_endprologue"]
    epilogue = FRAME.epilogue(conv)
    assert epilogue[0] == ".seh_startepilogue" and epilogue[-3:] == ["autibsp", ".seh_pac_sign_lr",
                                                                      ".seh_endepilogue"]
    assert not any(".cfi" in ln for ln in FRAME.prologue(conv) + epilogue)


def test_macho_has_landing_pad_but_no_return_address_signing():
    conv = conventions("macho")
    assert FRAME.prologue(conv)[0] == "bti\tc"
    assert not any(ln.startswith(("pac", "aut", ".cfi_negate")) for ln in FRAME.prologue(conv) + FRAME.epilogue(conv))
    assert conv.feature_bits == 0 and conv.hide_directive == ".private_extern"


def test_frameless_function_gets_only_its_landing_pad():
    for abi in ("elf", "macho", "coff"):
        assert Frame([], 0).prologue(conventions(abi)) == ["bti\tc"]
        assert Frame([], 0).prologue(conventions(abi, "pac-ret")) == []
        assert Frame([], 0).epilogue(conventions(abi)) == []


def test_feature_bits_and_visibility():
    assert [conventions("elf", p).feature_bits for p in ("none", "bti", "pac-ret", "standard")] == [0, 1, 2, 3]
    assert conventions("elf", visibility="default").hide_directive is None
    assert conventions("coff").hide_directive is None and conventions("coff").feature_bits == 0
