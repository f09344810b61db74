"""The object formats one generated kernel file assembles for, as data for the
assembler header out/snova_asm.h (templates/asm.h.j2): the kernels' text names
only that header's macros, and the compiler's predefined macro picks a format's
definitions when the .S file goes through the C preprocessor.

Branch protection per object format:
- ELF: `bti c` at every entry, paciasp/autiasp around a saved link register,
  and the GNU property note that tells the linker and the loader so.
- Mach-O (arm64): `bti c` only, a hint Apple's loader does not enforce;
  return-address signing is arm64e's, a different ABI (B key, its own CPU
  subtype), so pac-ret emits nothing there.
- COFF (Windows on Arm): `bti c` (a hint; Windows does not enforce it) and
  pacibsp/autibsp: Windows signs return addresses with the B key, the one its
  unwind code pac_sign_lr (.seh_pac_sign_lr) stands for.
Visibility: COFF has none (a symbol leaves a DLL only if exported), so hiding
changes nothing there."""
from __future__ import annotations

from dataclasses import dataclass

# What a library such as liboqs wants, and so what a build that chooses nothing
# gets: marked for -mbranch-protection=standard (landing pads and return-address
# signing), the kernels kept out of the library's exports.
DEFAULT_LANDING_PAD = True
DEFAULT_SIGN_RETURN_ADDRESS = True
DEFAULT_HIDDEN = True

# GNU_PROPERTY_AARCH64_FEATURE_1_AND and its bits (ELF for the Arm 64-bit Architecture).
FEATURE_1_AND = 0xC0000000
FEATURE_1_BTI = 1
FEATURE_1_PAC = 2


@dataclass(frozen=True)
class ObjectFormat:
    name: str
    predefined: str              # the compiler's macro that says it assembles for this format
    clang_target: str            # a --target that assembles for it (the tests, tools/asm_formats.py)
    symbol_decoration: str       # Mach-O prepends an underscore to C names
    local_label_prefix: str      # what makes a label the assembler's own (not in the symbol table)
    unwind: str                  # "cfi" (DWARF CFI directives) or "seh" (Windows unwind codes)
    hide_directive: str | None   # keeps a symbol out of a shared library's exports
    return_address_key: str | None   # PAC key of pac-ret ("a", "b"), None where the ABI has no pac-ret
    property_note: bool          # ELF's .note.gnu.property and .note.GNU-stack
    type_directives: tuple       # what marks {symbol} a function, statement by statement
    size_directive: str | None   # what records {symbol}'s size after its code


FORMATS = {
    "elf": ObjectFormat("elf", "__ELF__", "aarch64-linux-gnu", "", ".L", "cfi", ".hidden", "a", True,
                        (".type {symbol}, %function",), ".size {symbol}, .-{symbol}"),
    "macho": ObjectFormat("macho", "__APPLE__", "arm64-apple-macos", "_", "L", "cfi", ".private_extern", None,
                          False, (), None),
    "coff": ObjectFormat("coff", "_WIN32", "aarch64-windows-msvc", "", ".L", "seh", None, "b", False,
                         (".def {symbol}", ".scl 2", ".type 32", ".endef"), None),
}


def feature_bits(landing_pad: bool, sign_return_address: bool) -> int:
    """The GNU property's FEATURE_1_AND value of a file so marked."""
    return (FEATURE_1_BTI if landing_pad else 0) | (FEATURE_1_PAC if sign_return_address else 0)
