"""The core's SHAKE on the kernel table's Keccak-f[1600] (c_glue/primitives/shake.c through
tests/programs/test_keccak.c and test_prims.c), against hashlib: SHAKE128 and SHAKE256 for every input
length 0..600 and 1 MiB + 7 (one-shot and in pieces), and SHAKE128's counter mode
(the public-map expansion) for every length 0..600 and 1 MiB + 7 with random
seeds; on the host, the AArch64 portable build, and the AArch64 NEON build under
`qemu-aarch64 -cpu max` (the FEAT_SHA3 kernels), `-cpu cortex-a72` (no SHA3:
the general-register, two-state vector and three-state mixed kernels),
`-cpu neoverse-n1` (the same, four states a call in the counter mode) and
`-cpu cortex-a53` (an in-order little core: the general-register kernel only).
The NEON build's choice of Keccak kernels for every capability mix and core, and
known answers of SHAKE-expanded sets of every round under -cpu cortex-a72 and
neoverse-n1."""
import hashlib
import json
import random
import struct
import subprocess

import pytest

from tests.snova_harness import QEMU, ROOT, binary, load_kat, make

# build variant, qemu cpu (None: the host)
RUNS = [("host", None), ("aarch64-portable", "max"), ("aarch64-neon", "max"), ("aarch64-neon", "cortex-a72"),
        ("aarch64-neon", "neoverse-n1"), ("aarch64-neon", "cortex-a53")]
LONG = (1 << 20) + 7
# the kernels for one, two, three and four states and the counter mode's states per
# call, on qemu's CPU models
CHOICES = {"max": "sha3 sha3 sha3 sha3 2", "cortex-a72": "gpr neon mixed mixed 3",
           "neoverse-n1": "gpr neon mixed mixed 4", "cortex-a53": "gpr gpr gpr gpr 3"}
# KATs without SHA3: a SHAKE-expanded set of Rounds 3 and 2, and Round 1 (SHAKE256 only)
KAT_SETS = ["snova-r3-i-s", "snova-r2-24-5-4-shake", "snova-24-5-16-4-esk"]
KAT_CPUS = ["cortex-a72", "neoverse-n1"]


@pytest.fixture(scope="session")
def drivers():
    builds = sorted({build for build, _ in RUNS})
    make(*(f"build/{build}/{program}" for build in builds for program in ("test_keccak", "test_prims")))


def run(build, cpu, args, stdin=b"", program="test_keccak"):
    cmd = [str(binary(build, None, program)), *args]
    if cpu is not None:
        cmd = [QEMU, "-cpu", cpu, *cmd]
    result = subprocess.run(cmd, input=stdin, capture_output=True, cwd=ROOT, timeout=600)
    assert result.returncode == 0, result.stderr.decode(errors="replace")
    return result.stdout


def u32(*values):
    return struct.pack(f"<{len(values)}I", *values)


def shake_cases(rng):
    """(input, output length): every input length 0..600, output lengths spread
    over 0..600, and 1 MiB + 7 both ways."""
    cases = [(rng.randbytes(n), (7 * n + 3) % 601) for n in range(601)]
    return cases + [(rng.randbytes(LONG), 200), (rng.randbytes(31), LONG)]


@pytest.mark.parametrize("build, cpu", RUNS, ids=lambda x: str(x))
@pytest.mark.parametrize("bits", (128, 256))
def test_shake_matches_hashlib(drivers, build, cpu, bits):
    rng = random.Random(bits)
    reference = {128: hashlib.shake_128, 256: hashlib.shake_256}[bits]
    cases = shake_cases(rng)
    out = run(build, cpu, [f"shake{bits}"], b"".join(u32(len(d), n) + d for d, n in cases))
    pos = 0
    for data, n in cases:
        assert out[pos:pos + n] == reference(data).digest(n), (len(data), n)
        pos += n
    assert pos == len(out)


@pytest.mark.parametrize("build, cpu", RUNS, ids=lambda x: str(x))
def test_shake_in_pieces_matches_hashlib(drivers, build, cpu):
    """Absorbed and squeezed in pieces of `cut` bytes (test_prims' shake<bits>c)."""
    rng = random.Random(7)
    cases = [(bits, rng.randbytes(rng.randrange(1200)), rng.randrange(1, 900),
              rng.choice((1, 7, 8, 135, 136, 168, 169, 300))) for bits in (128, 256) for _ in range(60)]
    lines = "".join(f"shake{bits}c {n} {cut} {d.hex() or '-'}\n" for bits, d, n, cut in cases)
    out = run(build, cpu, [], lines.encode(), program="test_prims").decode().split()
    assert out == [{128: hashlib.shake_128, 256: hashlib.shake_256}[bits](d).hexdigest(n) for bits, d, n, _ in cases]


def ctr_model(seed, n):
    blocks = (n + 167) // 168
    return b"".join(hashlib.shake_128(seed + i.to_bytes(8, "little")).digest(168) for i in range(blocks))[:n]


@pytest.mark.parametrize("build, cpu", RUNS, ids=lambda x: str(x))
def test_shake128_counter_mode_matches_hashlib(drivers, build, cpu):
    rng = random.Random(168)
    cases = [(n, rng.randbytes(16)) for n in [*range(601), LONG]]
    out = run(build, cpu, ["ctr"], b"".join(u32(n) + seed for n, seed in cases))
    pos = 0
    for n, seed in cases:
        assert out[pos:pos + n] == ctr_model(seed, n), n
        pos += n


# --- the NEON build's choice --------------------------------------------------------------------

HWCAP_ASIMD, HWCAP_SHA3 = 1 << 1, 1 << 17
MIDR_A72, MIDR_A55, MIDR_A53, MIDR_N1, MIDR_A76 = 0x410FD083, 0x412FD050, 0x410FD034, 0x414FD0C1, 0x414FD0B1
MIDR_NOT_ARM = 0x4E0FD050     # part number 0xd05, but another implementer's


@pytest.mark.parametrize("hwcap, midr, expected", [
    (0, 0, "gpr gpr gpr gpr 3"),                      # base ARMv8.0: the little cores' general-register row
    (HWCAP_ASIMD, 0, "gpr neon mixed mixed 3"),       # core unknown: the vector forms, three states a call
    (HWCAP_ASIMD, MIDR_A72, "gpr neon mixed mixed 3"),
    (HWCAP_ASIMD, MIDR_N1, "gpr neon mixed mixed 4"),  # integer pipes to spare: four states a call
    (HWCAP_ASIMD, MIDR_A76, "gpr neon mixed mixed 4"),
    (HWCAP_ASIMD, MIDR_NOT_ARM, "gpr neon mixed mixed 3"),
    (HWCAP_ASIMD, MIDR_A55, "gpr gpr gpr gpr 3"),  # in-order little cores (their several states carried)
    (HWCAP_ASIMD, MIDR_A53, "gpr gpr gpr gpr 3"),
    (HWCAP_SHA3, 0, "gpr gpr gpr gpr 3"),             # SHA3 without Advanced SIMD is not a real CPU: ignored
    (HWCAP_SHA3, MIDR_N1, "gpr gpr gpr gpr 3"),
    (HWCAP_ASIMD | HWCAP_SHA3, MIDR_A55, "sha3 sha3 sha3 sha3 2"),
    (HWCAP_ASIMD | HWCAP_SHA3, MIDR_N1, "sha3 sha3 sha3 sha3 2")])
def test_neon_build_chooses_keccak_by_hwcap_and_core(drivers, hwcap, midr, expected):
    assert run("aarch64-neon", "max", ["choice", str(hwcap), str(midr)]).decode().strip() == expected


@pytest.mark.parametrize("cpu", sorted(CHOICES))
def test_neon_build_choice_on_qemu_cpus(drivers, cpu):
    assert run("aarch64-neon", cpu, ["choice"]).decode().strip() == CHOICES[cpu]


@pytest.mark.parametrize("cpu", KAT_CPUS)
@pytest.mark.parametrize("set_name", KAT_SETS)
def test_kats_without_sha3(set_name, cpu):
    """On CPUs without FEAT_SHA3 the NEON build runs the general-register, vector
    and mixed kernels (three or four states a call) and still gives the known
    answers."""
    make(f"build/aarch64-neon/{set_name}/kat")
    result = subprocess.run([QEMU, "-cpu", cpu, str(binary("aarch64-neon", set_name, "kat")), "--json",
                             "-n", "2"], capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert result.returncode == 0, result.stderr
    got = [json.loads(line) for line in result.stdout.splitlines()]
    expected = load_kat(set_name)[:2]
    assert [{k: g[k] for k in e} for g, e in zip(got, expected)] == expected
