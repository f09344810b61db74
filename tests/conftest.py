import pytest

from tests.aarch64 import HARNESS, OUT, cross_build

GF16_SOURCES = sorted(OUT.glob("gf16m_*.S"))


@pytest.fixture(scope="session")
def gf16_runner():
    """The GF(16) kernel runner linked with the committed out/*.S kernels."""
    return cross_build("gf16_runner", [HARNESS / "gf16_runner.c", HARNESS / "guard.c", HARNESS / "canary.S",
                                       HARNESS / "faulty_kernels.S", *GF16_SOURCES], include_dirs=[OUT, HARNESS])


@pytest.fixture(scope="session")
def dot_runner():
    """The runner of the strided dot-product kernels (out/gf16m_dot_r*.S)."""
    return cross_build("dot_runner", [HARNESS / "dot_runner.c", HARNESS / "guard.c", HARNESS / "canary.S",
                                      *GF16_SOURCES], include_dirs=[OUT, HARNESS])
