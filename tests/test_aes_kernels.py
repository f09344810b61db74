"""AES-128 kernels (key schedule, CTR keystream, PRNG) under qemu-aarch64, for
every CTR width N in {1, 2, 4, 8}: known answers (FIPS-197, SP 800-38A),
differential tests against the `cryptography` package and a 32-bit-counter
model, guard pages around every operand, AAPCS64 canaries on every call, no key
material left behind by the PRNG, and deliberately broken kernels that each of
those checks must catch. Also: the generator side (options, AESE/AESMC
adjacency, the loop's shape, the assemblers) and the llvm-mca bar of the
committed 4-way loop."""
import random
import re
import struct
import subprocess
import sys

import pytest
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

from generator.abi import FORMATS
from generator.builder import KernelBuilder
from generator.machine import load_model, model_from_dict
from generator.regalloc import allocate
from generator.scheduler import schedule_block
from tests import aes_model
from tests.aarch64 import BUILD, HARNESS, OUT, ROOT, cross_build, run_qemu
from tools.asm_formats import assemble, rendering

WAYS = (1, 2, 4, 8)
VARIANT = {n: f"w{n}" for n in WAYS}       # w4 is the committed out/, the others are built here
AES_BUILD = BUILD / "aes"
GEN = [sys.executable, str(ROOT / "gen.py")]
AES_FILES = ("aes128_key_expand", "aes128_ctr_keystream", "aes128_ctr_prng", "aes256_ecb")

FIPS197_KEY = bytes.fromhex("2b7e151628aed2a6abf7158809cf4f3c")
SP800_38A_IV = bytes.fromhex("f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff")
# SP 800-38A F.5.1 CTR-AES128.Encrypt: the four output blocks (keystream), the
# plaintext and the ciphertext.
SP800_38A_KEYSTREAM = bytes.fromhex(
    "ec8cdf7398607cb0f2d21675ea9ea1e4" "362b7c3c6773516318a077d7fc5073ae"
    "6a2cc3787889374fbeb4c81b17ba6c44" "e89c399ff0f198c6d40a31db156cabfe")
SP800_38A_PLAIN = bytes.fromhex(
    "6bc1bee22e409f96e93d7e117393172a" "ae2d8a571e03ac9c9eb76fac45af8e51"
    "30c81c46a35ce411e5fbc1191a0a52ef" "f69f2445df4f9b17ad2b417be66c3710")
SP800_38A_CIPHER = bytes.fromhex(
    "874d6191b620e3261bef6864990db6ce" "9806f66b7970fdff8617187bb9fffdff"
    "5ae4df3edbd5d35e5b4f09020db03eab" "1e031dda2fbe03d1792170a0f3009cee")


def gen(*args):
    return subprocess.run([*GEN, *args], cwd=ROOT, capture_output=True, text=True)


@pytest.fixture(scope="session")
def aes_runner():
    """One runner linked with the committed out/ kernels (w4) and the 1-, 2- and
    8-way builds generated here with their own symbol prefix."""
    sources = [HARNESS / "aes_runner.c", HARNESS / "guard.c", HARNESS / "canary.S", HARNESS / "aes_probe.S",
               *(OUT / f"{name}.S" for name in AES_FILES)]
    for n in WAYS:
        if n == 4:
            continue
        dest = AES_BUILD / f"w{n}"
        result = gen("--aes", "--aes-ways", str(n), "--prefix", f"snova_w{n}_", "--out", str(dest))
        assert result.returncode == 0, result.stderr
        sources += [dest / f"{name}.S" for name in AES_FILES]
    return cross_build("aes_runner", sources, include_dirs=[OUT, HARNESS])


def run(runner, mode, variant, stdin, check=True):
    return run_qemu(runner, [mode, variant], stdin=stdin, check=check)


def ctr_records(cases):
    """cases: (len, iv, rk) -> runner input."""
    return b"".join(struct.pack("<I", n) + iv + rk for n, iv, rk in cases)


def prng_records(cases):
    return b"".join(struct.pack("<I", n) + key for n, key in cases)


def split(data, lengths):
    out, pos = [], 0
    for n in lengths:
        out.append(data[pos:pos + n])
        pos += n
    assert pos == len(data)
    return out


# --- the reference model itself -----------------------------------------------------------

def test_model_sbox_and_key_schedule_match_fips197():
    assert (aes_model.SBOX[0x00], aes_model.SBOX[0x01], aes_model.SBOX[0x53], aes_model.SBOX[0xFF]) == \
        (0x63, 0x7C, 0xED, 0x16)
    assert sorted(aes_model.SBOX) == list(range(256))
    rk = aes_model.expand_key(FIPS197_KEY)
    # FIPS-197 Appendix A.1: w4..w7, w40..w43.
    assert rk[16:32] == bytes.fromhex("a0fafe1788542cb123a339392a6c7605")
    assert rk[160:176] == bytes.fromhex("d014f9a8c9ee2589e13f0cc8b6630ca6")
    # SP 800-38A: keystream XOR plaintext is the ciphertext, and the model agrees.
    assert bytes(a ^ b for a, b in zip(SP800_38A_KEYSTREAM, SP800_38A_PLAIN)) == SP800_38A_CIPHER
    assert aes_model.ctr_keystream(FIPS197_KEY, SP800_38A_IV, 64) == SP800_38A_KEYSTREAM


def test_table_free_key_schedule_method_matches_fips197():
    """The kernel's method, modelled byte by byte: TBL broadcasts RotWord(w3) to
    every column, AESE with a zero round key (AddRoundKey, ShiftRows, SubBytes)
    yields SubWord(RotWord(w3)) in every column because ShiftRows only permutes
    equal columns; Rcon by XOR into byte 0 of every word; prefix XOR of w0..w3."""
    def shift_rows(s):   # state bytes column-major: s[4c + r]
        return bytes(s[4 * ((c + r) % 4) + r] for c in range(4) for r in range(4))

    def aese_zero_key(s):
        return bytes(aes_model.SBOX[b] for b in shift_rows(s))

    rng = random.Random(1)
    for key in [FIPS197_KEY, bytes(16), b"\xff" * 16] + [rng.randbytes(16) for _ in range(50)]:
        keys = [key]
        for rcon in (1, 2, 4, 8, 16, 32, 64, 128, 0x1B, 0x36):
            prev = keys[-1]
            sub = aese_zero_key(bytes(prev[i] for i in [13, 14, 15, 12] * 4))
            run = bytearray(prev)
            for w in range(1, 4):
                for b in range(4):
                    run[4 * w + b] ^= run[4 * (w - 1) + b]
            keys.append(bytes(run[i] ^ sub[i] ^ (rcon if i % 4 == 0 else 0) for i in range(16)))
        assert b"".join(keys) == aes_model.expand_key(key)


# --- key expansion ----------------------------------------------------------------------------

@pytest.mark.parametrize("ways", WAYS)
def test_key_expand_fips197_and_random(aes_runner, ways):
    rng = random.Random(100 + ways)
    keys = [FIPS197_KEY, bytes(16), b"\xff" * 16] + [rng.randbytes(16) for _ in range(60)]
    got = split(run(aes_runner, "expand", VARIANT[ways], b"".join(keys)).stdout, [176] * len(keys))
    assert got[0][:16] == FIPS197_KEY
    assert got[0][160:] == bytes.fromhex("d014f9a8c9ee2589e13f0cc8b6630ca6")
    for key, rk in zip(keys, got):
        assert rk == aes_model.expand_key(key), key.hex()


# --- CTR keystream ----------------------------------------------------------------------------

@pytest.mark.parametrize("ways", WAYS)
def test_ctr_sp800_38a_f51(aes_runner, ways):
    """F.5.1 for every length 0..64: each a prefix of the four output blocks."""
    rk = aes_model.expand_key(FIPS197_KEY)
    lengths = list(range(65))
    out = run(aes_runner, "ctr", VARIANT[ways], ctr_records((n, SP800_38A_IV, rk) for n in lengths)).stdout
    for n, ks in zip(lengths, split(out, lengths)):
        assert ks == SP800_38A_KEYSTREAM[:n], n
    full = split(out, lengths)[64]
    assert bytes(a ^ b for a, b in zip(full, SP800_38A_PLAIN)) == SP800_38A_CIPHER


def random_iv(rng, blocks):
    """An IV whose 32-bit counter does not wrap within `blocks` blocks (the
    `cryptography` package carries into byte 11, SNOVA does not)."""
    return rng.randbytes(12) + rng.randrange(0, 2**32 - blocks).to_bytes(4, "big")


@pytest.mark.parametrize("ways", WAYS)
def test_ctr_random_lengths_against_cryptography(aes_runner, ways):
    rng = random.Random(200 + ways)
    cases = []
    for n in range(1101):
        key = rng.randbytes(16)
        cases.append((n, key, random_iv(rng, n // 16 + 1)))
    out = run(aes_runner, "ctr", VARIANT[ways],
              ctr_records((n, iv, aes_model.expand_key(key)) for n, key, iv in cases)).stdout
    for (n, key, iv), ks in zip(cases, split(out, [c[0] for c in cases])):
        assert ks == aes_model.library_ctr(key, iv, n), (n, key.hex(), iv.hex())


@pytest.mark.parametrize("ways", WAYS)
def test_ctr_counter_wraps_in_32_bits(aes_runner, ways):
    """ctr0 = 0xFFFFFFFE etc.: the counter wraps to 0 and byte 11 never changes,
    in the N-way loop, the one-block loop and the partial block alike."""
    rng = random.Random(300 + ways)
    key = rng.randbytes(16)
    rk = aes_model.expand_key(key)
    cases = []
    for ctr0 in (0xFFFFFFFE, 0xFFFFFFFF, 0xFFFFFFF0, 0xFFFFFFFA):
        for n in (17, 33, 16 * ways * 3 + 16 * (ways - 1) + 5, 16 * 40 + 9):
            cases.append((n, rng.randbytes(11) + b"\xff" + ctr0.to_bytes(4, "big")))
    out = run(aes_runner, "ctr", VARIANT[ways], ctr_records((n, iv, rk) for n, iv in cases)).stdout
    for (n, iv), ks in zip(cases, split(out, [c[0] for c in cases])):
        assert ks == aes_model.ctr_keystream(key, iv, n)
        if int.from_bytes(iv[12:], "big") + (n + 15) // 16 > 2**32:
            assert ks != aes_model.library_ctr(key, iv, n)    # the check discriminates


@pytest.mark.parametrize("ways", WAYS)
def test_ctr_large_and_odd_lengths(aes_runner, ways):
    rng = random.Random(400 + ways)
    key = rng.randbytes(16)
    rk = aes_model.expand_key(key)
    lengths = [16 * ways * k + r for k in (1, 2, 7) for r in (0, 1, 15, 16, 17, 16 * ways - 1)] + [(1 << 20) + 13]
    cases = [(n, random_iv(rng, n // 16 + 1)) for n in sorted(lengths)]
    out = run(aes_runner, "ctr", VARIANT[ways], ctr_records((n, iv, rk) for n, iv in cases)).stdout
    for (n, iv), ks in zip(cases, split(out, [c[0] for c in cases])):
        assert ks == aes_model.library_ctr(key, iv, n), n


# --- PRNG -------------------------------------------------------------------------------------

@pytest.mark.parametrize("ways", WAYS)
def test_prng_is_keystream_of_expanded_key_with_zero_iv(aes_runner, ways):
    rng = random.Random(500 + ways)
    cases = [(n, rng.randbytes(16)) for n in list(range(0, 70)) + [16 * ways * 5 + 7, 1016, 9842, 31266]]
    cases.append((16, FIPS197_KEY))
    out = run(aes_runner, "prng", VARIANT[ways], prng_records(cases)).stdout
    for (n, key), ks in zip(cases, split(out, [c[0] for c in cases])):
        assert ks == aes_model.ctr_keystream(key, bytes(16), n)
        assert ks == aes_model.library_ctr(key, bytes(16), n)
    # Same bytes as the keystream kernel run on the expanded key, zero IV.
    n, key = cases[-2]
    via_kernel = run(aes_runner, "ctr", VARIANT[ways], ctr_records([(n, bytes(16), aes_model.expand_key(key))]))
    assert via_kernel.stdout == split(out, [c[0] for c in cases])[-2]


PROBE_STACK, PROBE_REGS = 4096, 32 * 16 + 18 * 8


def key_material_found(key, dumps):
    """Which of the words (4 bytes) of the round keys occur anywhere in the dumps,
    at any byte offset."""
    rk = aes_model.expand_key(key)
    words = {rk[i:i + 4] for i in range(0, len(rk), 4)}
    return sorted(w.hex() for w in words if any(w in d for d in dumps))


def probe(runner, variant, cases, mode="probe", records=prng_records):
    """(stack, registers) the kernel left, per case (mode probe: the PRNG's, probe256: AES-256's)."""
    out = run(runner, mode, variant, records(cases)).stdout
    per = PROBE_STACK + PROBE_REGS
    assert len(out) == per * len(cases)
    return [(out[i * per:i * per + PROBE_STACK], out[i * per + PROBE_STACK:(i + 1) * per])
            for i in range(len(cases))]


@pytest.mark.parametrize("ways", WAYS)
def test_prng_leaves_no_key_material(aes_runner, ways):
    """After the call, neither the stack below the caller's sp (painted with 0x55
    before, so the callee's frame is what changed) nor v0-v31 (whole 128 bits,
    v8-v15 zeroed by the caller before the call) nor x0-x17 holds any 4-byte word
    of a round key; and the stack scan does see the frame the kernel used."""
    rng = random.Random(600 + ways)
    cases = [(n, rng.randbytes(16)) for n in (0, 5, 16, 16 * ways + 3, 1000)]
    for (n, key), (stack, regs) in zip(cases, probe(aes_runner, VARIANT[ways], cases)):
        assert key_material_found(key, [stack, regs]) == [], n
        touched = len(stack.lstrip(b"\x55"))     # the callee's frame ends at the caller's sp
        assert 0 < touched <= 64, "the PRNG's frame is its saved d8-d15 only"
        # v8-v15: low halves restored (zero, as the caller set them), high halves wiped.
        assert regs[8 * 16:16 * 16] == bytes(128)


# --- AES-256 (the KAT generator's DRBG) ---------------------------------------------------

FIPS197_A3_KEY = bytes.fromhex("603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4")
FIPS197_C3 = (bytes(range(32)), bytes.fromhex("00112233445566778899aabbccddeeff"),
              bytes.fromhex("8ea2b7ca516745bfeafc49904b496089"))


def ecb256_records(cases):
    return b"".join(struct.pack("<I", len(data)) + key + data for key, data in cases)


def test_model_aes256_key_schedule_matches_fips197():
    rk = aes_model.expand_key(FIPS197_A3_KEY)
    assert len(rk) == 240 and rk[:32] == FIPS197_A3_KEY
    assert (rk[32:36].hex(), rk[48:52].hex(), rk[236:240].hex()) == ("9ba35411", "a8b09c1a", "706c631e")


def test_aes256_ecb_fips197_and_random(aes_runner):
    """FIPS 197's AES-256 example, then random keys and 0 to 33 blocks (and
    all-zero, all-ones) against the `cryptography` package."""
    rng = random.Random(256)
    cases = [FIPS197_C3[:2]] + [(rng.randbytes(32), rng.randbytes(16 * n)) for n in (0, 1, 2, 3, 4, 7, 33)]
    cases += [(bytes(32), bytes(48)), (b"\xff" * 32, b"\xff" * 64)]
    out = run(aes_runner, "ecb256", "w4", ecb256_records(cases)).stdout
    got = split(out, [len(data) for _, data in cases])
    assert got[0] == FIPS197_C3[2]
    for (key, data), blocks in zip(cases, got):
        enc = Cipher(algorithms.AES(key), modes.ECB()).encryptor()
        assert blocks == enc.update(data) + enc.finalize()


def test_aes256_ecb_leaves_no_key_material(aes_runner):
    """As for the PRNG: no 4-byte word of the 15 round keys on the stack below
    the caller's sp, in v0-v31 or in x0-x17 after the call."""
    rng = random.Random(257)
    cases = [(rng.randbytes(32), rng.randbytes(16 * n)) for n in (0, 1, 3)]
    for (key, _), (stack, regs) in zip(cases, probe(aes_runner, "w4", cases, "probe256", ecb256_records)):
        assert key_material_found(key, [stack, regs]) == []
        assert 0 < len(stack.lstrip(b"\x55")) <= 64


def test_probe_catches_a_leaky_prng(aes_runner):
    """The stack-buffer PRNG (expand into a local array, then the keystream
    kernel, nothing wiped) computes the right bytes and is caught by the probe."""
    key = random.Random(7).randbytes(16)
    out = run(aes_runner, "prng", "faulty_leaky", prng_records([(100, key)])).stdout
    assert out == aes_model.ctr_keystream(key, bytes(16), 100)
    (stack, regs), = probe(aes_runner, "faulty_leaky", [(100, key)])
    assert len(key_material_found(key, [stack])) == 44
    assert key_material_found(key, [regs])


# --- the checks catch broken kernels ----------------------------------------------------------

def sp800_case(n=40):
    return ctr_records([(n, SP800_38A_IV, aes_model.expand_key(FIPS197_KEY))])


@pytest.mark.parametrize("variant", ["faulty_le_counter", "faulty_no_last_key"])
def test_wrong_keystream_is_caught(aes_runner, variant):
    out = run(aes_runner, "ctr", variant, sp800_case()).stdout
    assert len(out) == 40 and out != SP800_38A_KEYSTREAM[:40]


def test_128_bit_counter_is_caught_by_the_wrap_test(aes_runner):
    key = bytes(range(16))
    iv = bytes(11) + b"\x07" + (0xFFFFFFFE).to_bytes(4, "big")
    out = run(aes_runner, "ctr", "faulty_carry128", ctr_records([(80, iv, aes_model.expand_key(key))])).stdout
    assert out == aes_model.library_ctr(key, iv, 80)
    assert out != aes_model.ctr_keystream(key, iv, 80)


def test_write_past_the_end_is_caught(aes_runner):
    result = run(aes_runner, "ctr", "faulty_overwrite", sp800_case(40), check=False)
    assert result.returncode not in (0, 3, 5), result.returncode     # SIGSEGV on the guard page
    whole = run(aes_runner, "ctr", "faulty_overwrite", sp800_case(48))
    assert whole.stdout == SP800_38A_KEYSTREAM[:48]                    # harmless when len % 16 == 0


def test_read_past_the_iv_is_caught(aes_runner):
    result = run(aes_runner, "ctr", "faulty_overread_iv", sp800_case(), check=False)
    assert result.returncode not in (0, 3, 5), result.returncode


def test_callee_saved_clobber_is_caught(aes_runner):
    result = run(aes_runner, "ctr", "faulty_clobber_d8", sp800_case(), check=False)
    assert result.returncode == 3 and b"AAPCS64" in result.stderr


# --- generated code -----------------------------------------------------------------------------

@pytest.fixture(scope="session")
def generated(tmp_path_factory):
    """ways -> directory of gen.py --aes output, N = 1, 2, 4, 8."""
    base = tmp_path_factory.mktemp("aes_gen")
    dirs = {}
    for n in WAYS:
        dirs[n] = base / f"w{n}"
        result = gen("--aes", "--aes-ways", str(n), "--out", str(dirs[n]))
        assert result.returncode == 0, result.stderr
    return dirs


def aesmc_not_after_its_aese(text):
    """Lines of AESMCs that do not directly follow the AESE producing their input."""
    bad, prev = [], None
    for ln in text.splitlines():
        ins = ln.split("//")[0].strip()
        if not ins or ins.endswith(":") or ins.startswith("."):
            continue
        m = re.match(r"aesmc\s+(v\d+)\.16b, (v\d+)\.16b$", ins)
        if m and (prev is None or prev != ("aese", m.group(2)) or m.group(1) != m.group(2)):
            bad.append(ins)
        p = re.match(r"(\w+)\s+(v\d+)", ins)
        prev = (p.group(1), p.group(2)) if p else None
    return bad


def test_committed_out_is_the_default_4_way_build(generated):
    for name in AES_FILES:
        assert (generated[4] / f"{name}.S").read_text() == (OUT / f"{name}.S").read_text()


@pytest.mark.parametrize("ways", WAYS)
def test_every_aesmc_directly_follows_its_aese(generated, ways):
    for fmt in FORMATS:
        for name in AES_FILES:
            text = rendering(generated[ways] / f"{name}.S", fmt)
            assert aesmc_not_after_its_aese(text) == [], name
    broken = "\taese\tv0.16b, v1.16b\n\teor\tv2.16b, v3.16b, v4.16b\n\taesmc\tv0.16b, v0.16b\n"
    assert aesmc_not_after_its_aese(broken) == ["aesmc\tv0.16b, v0.16b"]


@pytest.mark.parametrize("ways", WAYS)
def test_ctr_loop_shape(generated, ways):
    """The marked loop: N blocks, every round key already in a register (no load),
    10 AESE, 9 AESMC and one EOR per block, N stores, one branch at the end."""
    for name in ("aes128_ctr_keystream", "aes128_ctr_prng"):
        text = (generated[ways] / f"{name}.S").read_text()
        region = text.split("// LLVM-MCA-BEGIN")[1].split("// LLVM-MCA-END")[0]
        ins = [ln.strip().split()[0] for ln in region.splitlines()[1:] if ln.strip()]
        assert f"aes128_ctr_{ways}way" in region.splitlines()[0]
        assert not any(m.startswith("ld") for m in ins)
        assert ins.count("aese") == 10 * ways and ins.count("aesmc") == 9 * ways
        assert ins.count("eor") == ways and ins.count("stur") == ways
        assert ins[-1] == "b.ne" and sum(m.startswith("b") for m in ins) == 1
        assert f"--aes-ways {ways}" in text.splitlines()[1]


@pytest.mark.parametrize("ways", (1, 2, 8))
def test_variants_assemble_everywhere(generated, tmp_path, ways):
    """The GNU toolchain for ELF and clang-19 for every object format (the
    committed out/ is assembled by test_generated_output)."""
    for name in AES_FILES:
        src = generated[ways] / f"{name}.S"
        result = subprocess.run(["aarch64-linux-gnu-gcc", "-c", str(src), "-o", str(tmp_path / "x.o")],
                                capture_output=True, text=True)
        assert result.returncode == 0 and not result.stderr.strip(), f"gcc {src}: {result.stderr}"
        for fmt in FORMATS:
            assemble(src, fmt, tmp_path / "x.o")


def test_gen_aes_writes_only_aes_kernels_and_default_includes_them(tmp_path):
    assert gen("--aes", "--out", str(tmp_path / "a")).returncode == 0
    assert sorted(p.name for p in (tmp_path / "a").iterdir()) == \
        sorted([f"{n}.S" for n in AES_FILES] + ["snova_asm.h", "snova_kernels.h", "snova_plan.h"])
    assert gen("--rank", "all", "--out", str(tmp_path / "b")).returncode == 0
    assert {f"{n}.S" for n in AES_FILES} <= {p.name for p in (tmp_path / "b").iterdir()}
    assert gen("--rank", "3", "--out", str(tmp_path / "c")).returncode == 0
    assert not list((tmp_path / "c").glob("aes*"))
    header = (OUT / "snova_kernels.h").read_text()
    for proto in ("void snova_aes128_key_expand(const uint8_t key[16], uint8_t rk[176]);",
                  "void snova_aes128_ctr_keystream(uint8_t *out, size_t len, const uint8_t iv[16], "
                  "const uint8_t rk[176]);",
                  "void snova_aes128_ctr_prng(uint8_t *out, size_t len, const uint8_t key[16]);"):
        assert proto in header


# --- the scheduler keeps fused pairs together ---------------------------------------------

OOO_MODEL = model_from_dict({
    "cpu": "toy-ooo", "in_order": False, "issue_width": 3,
    "pipes": {"A": 2, "L": 1, "S": 1, "V": 2, "B": 1},
    "classes": {"gpr_alu": {"latency": 1, "pipes": ["A"]}, "load_vec": {"latency": 5, "pipes": ["L"]},
                "store_vec": {"latency": 1, "pipes": ["S"]}, "vec_logic": {"latency": 2, "pipes": ["V"]},
                "aese": {"latency": 3, "pipes": ["V"]}, "aesmc": {"latency": 3, "pipes": ["V"]},
                "branch": {"latency": 1, "pipes": ["B"]}},
})


@pytest.mark.parametrize("model", [OOO_MODEL, load_model("generic"), load_model("cortex-a72")],
                         ids=lambda m: m.cpu)
@pytest.mark.parametrize("seed", range(5))
def test_scheduler_keeps_aese_aesmc_pairs_adjacent(model, seed):
    rng = random.Random(seed)
    b = KernelBuilder("f", ["p", "q"])
    keys = [b.load("q", b.params[1], 16 * i) for i in range(4)]
    states = [b.load("q", b.params[0], 16 * i) for i in range(4)]
    for _ in range(30):
        kind = rng.choice(["round", "round", "eor", "store"])
        s = rng.choice(states)
        if kind == "round":
            b.aes_round(s, rng.choice(keys))
        elif kind == "eor":
            b.eor(s, rng.choice(keys), dst=s)
        else:
            b.store("q", s, b.params[0], 16 * rng.randrange(4))
    b.ret()
    fn = b.function()
    alloc = allocate(fn)
    order = schedule_block(fn.blocks[0].instrs, alloc.phys, model).instrs
    assert sorted(map(id, order)) == sorted(map(id, fn.blocks[0].instrs))
    for i, ins in enumerate(order):
        if ins.mnemonic == "aesmc":
            assert order[i - 1].mnemonic == "aese" and order[i - 1].defs == ins.defs
    # Per register, the AES/EOR/store sequence is unchanged (the pairs moved as units).
    for s in states:
        seq = lambda instrs: [id(x) for x in instrs if s in x.uses or s in x.defs]
        assert seq(order) == seq(fn.blocks[0].instrs)


def test_scheduler_rejects_a_fused_instruction_with_other_inputs():
    b = KernelBuilder("f", ["p"])
    s, k = b.load("q", b.params[0]), b.load("q", b.params[0], 16)
    b.aese(s, k)
    b.emit("eor", defs=[s], uses=[s, k], cls="vec_logic", fuse_with_prev=True)
    b.ret()
    fn = b.function()
    with pytest.raises(ValueError, match="fuse_with_prev"):
        schedule_block(fn.blocks[0].instrs, allocate(fn).phys, OOO_MODEL)


# --- llvm-mca: the committed 4-way loop meets its bar -------------------------------------------

BAR = {"cortex-a72": (19.5, None), "neoverse-n1": (19.5, None), "neoverse-v1": (6.2, None),
       "cortex-a55": (55.0, 20.0)}


@pytest.mark.parametrize("cpu", sorted(BAR))
def test_committed_ctr_loop_cycles_per_block(cpu):
    from tools import mca_aes
    text = rendering(OUT / "aes128_ctr_keystream.S")
    plain, fused = mca_aes.loop_cycles_per_block(text, "snova_aes128_ctr_keystream", 4, cpu)
    bound, fused_bound = BAR[cpu]
    assert plain <= bound, f"{cpu}: {plain:.2f} cycles/block as llvm-mca sees it"
    if fused_bound is not None:
        assert fused <= fused_bound, f"{cpu}: {fused:.2f} cycles/block with the fusion estimate"
    assert fused < plain


def test_fusion_estimate_drops_only_fusible_aesmc():
    from tools import mca_aes
    lines = ["\taese\tv0.16b, v1.16b", "\taesmc\tv0.16b, v0.16b",    # fused: dropped
             "\taese\tv2.16b, v1.16b", "\teor\tv3.16b, v3.16b, v3.16b", "\taesmc\tv2.16b, v2.16b",
             "\taese\tv4.16b, v1.16b", "\taesmc\tv5.16b, v5.16b"]      # other register: kept
    assert mca_aes.without_fused_aesmc(lines) == [lines[0], *lines[2:]]


def test_mca_aes_section_renders_every_width():
    """The `make mca` AES section: N = 1, 2, 4, 8 rows (both figures) and the key
    expansion per call, for the kernels of the committed out/."""
    from tools import mca, mca_aes
    assert mca_aes.SECTION in mca.SECTIONS and mca_aes.SECTION.matches("aes128_ctr_keystream")
    text = rendering(OUT / "aes128_key_expand.S")
    key = mca.KernelResult("aes128_key_expand", "cortex-a55",
                           mca.run_mca(mca.function_body(text, "snova_aes128_key_expand"), "cortex-a55", 100,
                                       False, False))
    table = mca_aes.SECTION.render([key], ["cortex-a55"])
    rows = {ln.split("|")[1].strip(): ln.split("|")[2].strip() for ln in table.splitlines() if ln.startswith("| ")}
    for label in ("N = 1", "N = 2", "N = 4 (out/)", "N = 8"):
        plain, fused = map(float, rows[label].split(" / "))
        assert fused < plain
    assert float(rows["aes128_key_expand"]) == pytest.approx(key.gen.cycles, abs=0.05)
