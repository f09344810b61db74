"""The CMake build (CMakeLists.txt, docs/platforms.md): on this machine and for
AArch64 Linux with cmake/toolchains/aarch64-linux-clang.cmake, under qemu.

* `cmake -S . -B b && cmake --build b && ctest --test-dir b` passes, and its tests
  are the known answers of a set of each round and the command's round trip (none
  left out for want of ../shared).
* The shared library exports exactly the public API (include/snova.h's functions and
  every set's NIST API), as make's does.
* cmake --install lays out what make install lays out, and a consumer builds
  through the installed CMake package (find_package(snova)).
* AArch64: the generated kernels inside the static library carry the GNU property
  note of BTI and PAC.
The trees live in build/cmake/<name>/ and are kept: CMake rebuilds what changed only."""
import fcntl
import os
import re
import subprocess

import pytest

from tests.binary_reading import api_problems, defined_globals, public_api, tool
from tests.snova_harness import BUILD, ROOT

TOOLCHAIN = ROOT / "cmake" / "toolchains" / "aarch64-linux-clang.cmake"
BTI_PAC_NOTE = "aarch64 feature: BTI, PAC"
CTEST_SETS = {"snova-24-5-16-4-esk", "snova-r2-24-5-4-shake", "snova-r3-i-s", "snova-r3-i-s-aes"}


def cmake_tree(name, *configure):
    """build/cmake/<name>, configured and built (-j2), under a lock shared by test workers."""
    tree = BUILD / "cmake" / name
    tree.parent.mkdir(parents=True, exist_ok=True)
    with open(BUILD / ".snova-cmake.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        for cmd in (["cmake", "-S", str(ROOT), "-B", str(tree), *configure], ["cmake", "--build", str(tree), "-j2"]):
            r = subprocess.run(cmd, capture_output=True, text=True)
            assert r.returncode == 0, f"{' '.join(cmd)}:\n{r.stdout[-4000:]}{r.stderr[-4000:]}"
    return tree


def ctest(tree):
    r = subprocess.run(["ctest", "--test-dir", str(tree), "--output-on-failure"], capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
    ran = set(re.findall(r"Test +#\d+: (\S+) \.+ +Passed", r.stdout))
    assert ran == {f"kat-{s}" for s in CTEST_SETS} | {"command-round-trip"}, r.stdout


@pytest.fixture(scope="module")
def host_tree():
    return cmake_tree("host")


@pytest.fixture(scope="module")
def aarch64_tree():
    return cmake_tree("aarch64", f"-DCMAKE_TOOLCHAIN_FILE={TOOLCHAIN}")


def test_host_ctest(host_tree):
    ctest(host_tree)


def test_aarch64_ctest_under_qemu(aarch64_tree):
    assert "Format: elf64-littleaarch64" in tool("llvm-readobj", "--file-headers", aarch64_tree / "libsnova.so.0")
    ctest(aarch64_tree)


@pytest.mark.parametrize("tree_name", ["host_tree", "aarch64_tree"])
def test_shared_library_exports_the_public_api(tree_name, request):
    tree = request.getfixturevalue(tree_name)
    assert api_problems(defined_globals(tree / "libsnova.so.0", dynamic=True)) == []
    soname = re.search(r"\(SONAME\) +Library soname: \[(.+)\]", tool("llvm-readelf", "-d", tree / "libsnova.so.0"))
    assert soname and soname[1] == "libsnova.so.0"


def test_export_check_catches_a_kernel_and_a_missing_name():
    """The check above on a planted defect: a kernel exported, a public name missing."""
    api = public_api()
    assert api_problems(api | {"snova_gf16_solve"}) == ["exported but not public: snova_gf16_solve"]
    assert api_problems(api - {"snova_verify"}) == ["not exported: snova_verify"]


def test_aarch64_kernels_carry_bti_and_pac(aarch64_tree):
    notes = tool("llvm-readelf", "-n", aarch64_tree / "libsnova.a")
    members = [m for m in re.split(r"^File: ", notes, flags=re.M) if m.strip()]
    kernels = [m for m in members if re.match(r".*\((gf16|aes128|aes256|keccakf1600)\w*\.S\.o\)$", m.splitlines()[0])]
    assert len(kernels) > 20, notes[:2000]
    for member in kernels:
        assert BTI_PAC_NOTE in member, member[:400]


def test_bti_check_catches_a_kernel_without_the_note(tmp_path):
    """The check above on a planted defect: a kernel assembled without BTI and PAC."""
    obj = tmp_path / "gf16_solve.o"
    subprocess.run(["clang-19", "--target=aarch64-linux-gnu", "-DSNOVA_KERNEL_BTI=0", "-DSNOVA_KERNEL_PAC_RET=0", "-c",
                    str(ROOT / "out" / "gf16_solve.S"), "-o", str(obj)], check=True)
    assert BTI_PAC_NOTE not in tool("llvm-readelf", "-n", obj)


def make_installed():
    """make install's files (c_glue/lib.mk's LIB_INSTALLED)."""
    out = subprocess.run(["make", "-s", "--no-print-directory", "--eval", "snova-installed: ; @echo $(LIB_INSTALLED)",
                          "snova-installed"], cwd=ROOT, check=True, capture_output=True, text=True).stdout
    return sorted(out.split())


def test_install_is_make_installs_and_serves_find_package(host_tree, tmp_path):
    prefix = tmp_path / "prefix"
    subprocess.run(["cmake", "--install", str(host_tree), "--prefix", str(prefix)], check=True, capture_output=True)
    files = sorted(str(p.relative_to(prefix)) for p in prefix.rglob("*") if not p.is_dir())
    assert files == make_installed()
    assert os.readlink(prefix / "lib" / "libsnova.so") == "libsnova.so.0"
    pc = (prefix / "lib" / "pkgconfig" / "snova.pc").read_text()
    assert f"prefix={prefix}\n" in pc and "Libs.private: -lpthread" in pc and "@" not in pc
    consumer = tmp_path / "consumer"
    for cmd in (["cmake", "-S", str(ROOT / "tests" / "libsnova_consumer"), "-B", str(consumer),
                 f"-DCMAKE_PREFIX_PATH={prefix}"], ["cmake", "--build", str(consumer)]):
        r = subprocess.run(cmd, capture_output=True, text=True)
        assert r.returncode == 0, r.stdout + r.stderr
    for program in ("consumer", "consumer_static"):
        r = subprocess.run([str(consumer / program)], capture_output=True, text=True)
        assert r.returncode == 0, r.stdout + r.stderr
