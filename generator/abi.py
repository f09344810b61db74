"""The conventions of one output: object format (symbol and label names, symbol
directives, unwind information), branch protection and symbol visibility.

Branch protection per object format:
- ELF: `bti c` at every entry, paciasp/autiasp around a saved link register,
  and the GNU property note that tells the linker and the loader so.
- Mach-O (arm64): `bti c` only, a hint Apple's loader does not enforce;
  return-address signing is arm64e's, a different ABI (B key, its own CPU
  subtype), so pac-ret emits nothing there.
- COFF (Windows on Arm): `bti c` (a hint; Windows does not enforce it) and
  pacibsp/autibsp: Windows signs return addresses with the B key, the one its
  unwind code pac_sign_lr (.seh_pac_sign_lr) stands for.
Visibility: COFF has none (a symbol leaves a DLL only if exported), so
--visibility changes nothing there."""
from __future__ import annotations

from dataclasses import dataclass

BRANCH_PROTECTIONS = ("none", "bti", "pac-ret", "standard")
VISIBILITIES = ("default", "hidden")
# What a library such as liboqs wants: marked for -mbranch-protection=standard,
# and the kernels kept out of the library's exports.
DEFAULT_BRANCH_PROTECTION = "standard"
DEFAULT_VISIBILITY = "hidden"

# GNU_PROPERTY_AARCH64_FEATURE_1_AND and its bits (ELF for the Arm 64-bit Architecture).
FEATURE_1_AND = 0xC0000000
FEATURE_1_BTI = 1
FEATURE_1_PAC = 2


@dataclass(frozen=True)
class ObjectFormat:
    name: str
    symbol_prefix: str           # Mach-O prepends an underscore to C names
    local_label_prefix: str
    unwind: str                  # "cfi" (DWARF CFI directives) or "seh" (Windows unwind codes)
    hide_directive: str | None   # keeps a symbol out of a shared library's exports
    return_address_key: str | None   # PAC key of pac-ret ("a", "b"), None where the ABI has no pac-ret
    property_note: bool          # ELF's .note.gnu.property


FORMATS = {
    "elf": ObjectFormat("elf", "", ".L", "cfi", ".hidden", "a", True),
    "macho": ObjectFormat("macho", "_", "L", "cfi", ".private_extern", None, False),
    "coff": ObjectFormat("coff", "", ".L", "seh", None, "b", False),
}


@dataclass(frozen=True)
class Conventions:
    """Everything about one output that is not the kernels' code."""
    fmt: ObjectFormat
    landing_pad: bool            # `bti c` at every function entry
    sign_return_address: bool    # paci[ab]sp/auti[ab]sp in functions that save the link register
    hidden: bool

    @property
    def unwind(self):
        return self.fmt.unwind

    @property
    def hide_directive(self):
        return self.fmt.hide_directive if self.hidden else None

    @property
    def sign_instructions(self):
        """(sign, authenticate) of the link register against sp."""
        key = self.fmt.return_address_key
        return f"paci{key}sp", f"auti{key}sp"

    @property
    def feature_bits(self):
        """The GNU property's FEATURE_1_AND value, 0 for no note."""
        if not self.fmt.property_note:
            return 0
        return (FEATURE_1_BTI if self.landing_pad else 0) | (FEATURE_1_PAC if self.sign_return_address else 0)


def conventions(abi, branch_protection=DEFAULT_BRANCH_PROTECTION, visibility=DEFAULT_VISIBILITY) -> Conventions:
    fmt = FORMATS[abi]
    return Conventions(fmt, landing_pad=branch_protection in ("bti", "standard"),
                       sign_return_address=fmt.return_address_key is not None and branch_protection in ("pac-ret", "standard"),
                       hidden=visibility == "hidden")
