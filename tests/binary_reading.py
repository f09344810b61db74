"""What the CMake and cross tests read of built libraries with the LLVM tools: the
public API names (include/snova.h, the NIST API of every set), a library's
exported names, the format of an object file or archive."""
import re
import subprocess

from generator import sets as set_data
from tests.snova_harness import ROOT

NIST_FNS = ["crypto_sign_keypair", "crypto_sign", "crypto_sign_open", "crypto_sign_signature", "crypto_sign_verify"]
# the generated kernels' names (out/snova_kernels.h, without a namespace), none of which a shared library exports
# what Apple's linkers define in every dylib
MACHO_LINKER_NAMES = {"___dso_handle", "__mh_dylib_header"}
KERNEL_NAME = re.compile(r"^snova_(gf16m_|gf16_solve|aes128_|aes256_|keccakf1600)")


def public_api() -> set[str]:
    """Every name libsnova exports: the SNOVA_EXPORT functions of include/snova.h, and
    each set's NIST API (<id>_crypto_sign_*)."""
    header = (ROOT / "include" / "snova.h").read_text()
    generic = set(re.findall(r"^SNOVA_EXPORT\s[^;(]*?\b(\w+)\s*\(", header, re.M))
    return generic | {f"{s.id}_{fn}" for s in set_data.load() for fn in NIST_FNS}


def api_problems(exported: set[str]) -> list[str]:
    """What is wrong with a library's exports: public names missing, others exported."""
    wanted = public_api()
    return ([f"not exported: {n}" for n in sorted(wanted - exported)] +
            [f"exported but not public: {n}" for n in sorted(exported - wanted)])


def tool(name, *args) -> str:
    return subprocess.run([f"{name}-19", *map(str, args)], check=True, capture_output=True, text=True).stdout


def defined_globals(path, *, dynamic=False, strip_underscore=False) -> set[str]:
    """The defined external names of an object, archive or library (Mach-O's leading
    underscore taken off with strip_underscore)."""
    out = tool("llvm-nm", *(["-D"] if dynamic else []), "--extern-only", "--defined-only", "--format=just-symbols",
               path)
    names = {line.strip() for line in out.splitlines() if line.strip() and not line.endswith(":")} - MACHO_LINKER_NAMES
    return {n.removeprefix("_") for n in names} if strip_underscore else names


def formats(path) -> set[str]:
    """The `Format:` lines llvm-readobj gives for a file (each member of an archive)."""
    return set(re.findall(r"^Format: (.+)$", tool("llvm-readobj", "--file-headers", path), re.M))
