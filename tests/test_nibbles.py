"""snova_unpack_nibbles (c_glue/primitives/nibbles.c, through test_prims' `unpack`) against a
Python model: every element count 0..400 (the 64-byte blocks, the bytes before
them, odd counts with their spare high nibble), a long run, out of place and in
place, on the host, under AddressSanitizer (the output buffer holds exactly
`count` bytes), and on both AArch64 builds, where clang vectorises the loop."""
import random

import pytest

from tests.snova_harness import make, run

BUILDS = ["host", "host-asan", "aarch64-portable", "aarch64-neon"]
COUNTS = [*range(401), 4097, 60_001]


def unpacked(data, count):
    """Element 2t is the low nibble of byte t, element 2t + 1 its high nibble."""
    return [(data[i // 2] >> 4 * (i % 2)) & 0x0F for i in range(count)]


@pytest.fixture(scope="module")
def cases():
    rng = random.Random(16)
    return [(count, rng.randbytes((count + 1) // 2)) for count in COUNTS]


@pytest.mark.parametrize("build", BUILDS)
@pytest.mark.parametrize("inplace", [False, True], ids=["out-of-place", "in-place"])
def test_unpack_matches_model(build, inplace, cases):
    make(f"build/{build}/test_prims")
    suffix = " inplace" if inplace else ""
    lines = "".join(f"unpack {count} {data.hex() or '-'}{suffix}\n" for count, data in cases)
    result = run(build, None, "test_prims", input=lines)
    assert result.returncode == 0, result.stderr
    got = result.stdout.split()
    assert len(got) == len(cases)
    for (count, data), line in zip(cases, got):
        want = "".join(f"{e:x}" for e in unpacked(data, count)) or "-"
        assert line == want, f"count {count}"


def test_model_splits_low_nibble_first():
    assert unpacked(bytes([0x21, 0x0F]), 3) == [1, 2, 15]
