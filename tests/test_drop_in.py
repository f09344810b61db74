"""The drop-in kit as a consumer sees it (examples/): a shared library built
with -mbranch-protection=standard and -fvisibility=hidden around every kernel of
out/, by clang/lld and by the GNU toolchain. The library must keep BTI and PAC
(every kernel file marked), export none of the kernels, and run under qemu with
BTI enforced; a kernel assembled with -DSNOVA_KERNEL_BTI=0 (out/snova_asm.h)
must fault there and be rejected by ld.lld -z bti-report=error. The header's CPU feature checks
are read on two qemu CPUs."""
import subprocess

import pytest

from tests.aarch64 import OUT, ROOT

EXAMPLES = ROOT / "examples"
TOOLCHAINS = {
    "clang": {"CC": "clang-19 --target=aarch64-linux-gnu -fuse-ld=lld", "READELF": "llvm-readelf-19",
              "NM": "llvm-nm-19"},
    "gnu": {"CC": "aarch64-linux-gnu-gcc", "READELF": "aarch64-linux-gnu-readelf", "NM": "aarch64-linux-gnu-nm"},
}
# The kernels snova_demo.c calls: a variant library needs only these.
CALLED = ("keccakf1600", "keccakf1600_sha3", "gf16m_mul_r4", "aes128_key_expand", "aes128_ctr_keystream")
SYSROOT = "/usr/aarch64-linux-gnu"


def make_example(build, cc, kernels=None, ldflags=""):
    args = ["make", "-s", "-C", str(EXAMPLES), f"BUILD={build}", f"CC={cc}", f"LDFLAGS={ldflags}"]
    if kernels is not None:
        args.append("KERNELS=" + " ".join(map(str, kernels)))
    return subprocess.run(args, capture_output=True, text=True)


def run_demo(build, cpu):
    return subprocess.run(["qemu-aarch64", "-cpu", cpu, "-L", SYSROOT, str(build / "demo")],
                          capture_output=True, text=True, timeout=120)


@pytest.fixture(scope="module", params=TOOLCHAINS)
def example(request, tmp_path_factory):
    tools = TOOLCHAINS[request.param]
    build = tmp_path_factory.mktemp(f"example_{request.param}")
    result = make_example(build, tools["CC"])
    assert result.returncode == 0, result.stderr
    return build, tools


def test_library_keeps_bti_and_pac(example):
    build, tools = example
    notes = subprocess.run([tools["READELF"], "-n", str(build / "libsnova_demo.so")],
                           capture_output=True, text=True, check=True).stdout
    assert "feature: BTI, PAC" in notes, notes


def test_library_exports_none_of_the_kernels(example):
    build, tools = example
    lib = str(build / "libsnova_demo.so")
    dynamic = subprocess.run([tools["NM"], "-D", "--defined-only", lib], capture_output=True, text=True,
                             check=True).stdout
    assert {line.split()[-1] for line in dynamic.splitlines()} == {
        "demo_init", "demo_cpu_features", "demo_keccakf1600", "demo_gf16_mul_r4", "demo_aes128_block"}
    local = subprocess.run([tools["NM"], lib], capture_output=True, text=True, check=True).stdout
    kernels = {p.stem for p in OUT.glob("*.S")}
    assert {f"snova_{k}" for k in kernels} <= {line.split()[-1] for line in local.splitlines()}  # inside, hidden


@pytest.mark.parametrize("cpu, keccak, features", [
    ("max", "keccakf1600_sha3", "advsimd=1 aes=1 sha3=1"),
    ("cortex-a53", "keccakf1600", "advsimd=1 aes=1 sha3=0"),
])
def test_runs_under_bti_enforcement_and_dispatches_on_cpu_features(example, cpu, keccak, features):
    """qemu-user maps a library marked BTI with guarded pages on a CPU with
    FEAT_BTI (-cpu max), through the arm64 sysroot's loader."""
    result = run_demo(example[0], cpu)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.splitlines() == [f"keccak kernel: {keccak}", f"cpu: {features}", "keccakf1600: ok",
                                          "gf16m_mul_r4: ok", "aes128: ok"]


@pytest.fixture(scope="module")
def unmarked_kernel(tmp_path_factory):
    """The kernels the demo calls, gf16m_mul_r4 built without landing pads: the
    committed file, included after the build's choice SNOVA_KERNEL_BTI=0."""
    unmarked = tmp_path_factory.mktemp("unmarked") / "gf16m_mul_r4.S"
    unmarked.write_text(f'#define SNOVA_KERNEL_BTI 0\n#include "{OUT / "gf16m_mul_r4.S"}"\n')
    return [unmarked if k == "gf16m_mul_r4" else OUT / f"{k}.S" for k in CALLED]


def test_missing_landing_pad_faults_under_bti(tmp_path, unmarked_kernel):
    """Forced into a BTI library, the unmarked kernel faults (SIGILL) when called
    through a pointer on a CPU with BTI, and runs on one without (the fault is BTI's)."""
    result = make_example(tmp_path, TOOLCHAINS["clang"]["CC"], unmarked_kernel, "-Wl,-z,force-bti")
    assert result.returncode == 0, result.stderr
    assert "gf16m_mul_r4" in result.stderr          # lld's warning names the unmarked object
    assert run_demo(tmp_path, "max").returncode == -4
    assert run_demo(tmp_path, "cortex-a72").returncode == 0
    marked = make_example(tmp_path / "marked", TOOLCHAINS["clang"]["CC"], [OUT / f"{k}.S" for k in CALLED],
                          "-Wl,-z,force-bti")
    assert marked.returncode == 0 and not marked.stderr, marked.stderr
    assert run_demo(tmp_path / "marked", "max").returncode == 0


def test_bti_report_rejects_unmarked_kernel(tmp_path, unmarked_kernel):
    result = make_example(tmp_path, TOOLCHAINS["clang"]["CC"], unmarked_kernel, "-Wl,-z,bti-report=error")
    assert result.returncode != 0
    assert "bti-report" in result.stderr and "gf16m_mul_r4" in result.stderr
    marked = make_example(tmp_path / "marked", TOOLCHAINS["clang"]["CC"], [OUT / f"{k}.S" for k in CALLED],
                          "-Wl,-z,bti-report=error")
    assert marked.returncode == 0, marked.stderr
