"""make cross (cmake/cross.mk): libsnova for macOS arm64 and Windows ARM64,
cross-compiled with zig cc through CMake (docs/platforms.md), read back with the
LLVM tools:

* macOS: a Mach-O arm64 libsnova.dylib (install name @rpath/) exporting exactly
  the public API (no kernel), the snova command linked, the static library
  holding the generated kernels as Mach-O objects;
* Windows: a PE32+ ARM64 DLL exporting exactly the public API, its import
  library, the static library holding the kernels as COFF objects; the command is
  POSIX-only and not built.
make cross builds x86_64-macos and x86_64-windows too; these tests take the arm64
pair only (each tree is kept in build/cross/<target>/, rebuilt where changed)."""
import re

import pytest

from tests.binary_reading import KERNEL_NAME, api_problems, defined_globals, formats, tool
from tests.snova_harness import BUILD, make

CROSS = BUILD / "cross"


@pytest.fixture(scope="module")
def macos():
    make("cross-aarch64-macos")
    return CROSS / "aarch64-macos"


@pytest.fixture(scope="module")
def windows():
    make("cross-aarch64-windows")
    return CROSS / "aarch64-windows"


def kernels_in(archive, *, strip_underscore):
    return {n for n in defined_globals(archive, strip_underscore=strip_underscore) if KERNEL_NAME.match(n)}


def test_macos_dylib_is_arm64_and_exports_the_public_api(macos):
    dylib = macos / "libsnova.dylib"
    headers = tool("llvm-readobj", "--file-headers", dylib)
    assert "Format: Mach-O arm64" in headers and "FileType: DynamicLibrary" in headers
    assert api_problems(defined_globals(dylib, strip_underscore=True)) == []
    assert "@rpath/libsnova.0.dylib" in tool("llvm-otool", "-D", dylib)


def test_macos_static_library_holds_the_kernels_as_macho(macos):
    archive = macos / "libsnova.a"
    assert formats(archive) == {"Mach-O arm64"}
    assert len(kernels_in(archive, strip_underscore=True)) > 20


def test_macos_command_links(macos):
    headers = tool("llvm-readobj", "--file-headers", macos / "snova")
    assert "Format: Mach-O arm64" in headers and "FileType: Executable" in headers


def test_windows_dll_is_pe32plus_arm64_and_exports_the_public_api(windows):
    dll = windows / "libsnova.dll"
    headers = tool("llvm-readobj", "--file-headers", dll)
    assert "Format: COFF-ARM64" in headers and "Magic: 0x20B" in headers    # PE32+
    exports = set(re.findall(r"^\s*Name: (\S+)$", tool("llvm-readobj", "--coff-exports", dll), re.M))
    assert api_problems(exports) == []
    assert (windows / "libsnova.dll.a").is_file()


def test_windows_static_library_holds_the_kernels_as_coff(windows):
    archive = windows / "libsnova.a"
    assert formats(archive) == {"COFF-ARM64"}
    assert len(kernels_in(archive, strip_underscore=False)) > 20


def test_windows_has_no_command(windows):
    """The command is POSIX-only (docs/platforms.md)."""
    assert not (windows / "snova.exe").exists()
