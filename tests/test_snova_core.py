"""Tests of the C SNOVA core in c_glue/ (Rounds 1, 2 and 3, all parameter sets).

* primitives (SHAKE256, AES, SHA-256, the NIST CTR_DRBG, GF(16) matrix kernels)
  against hashlib, the `cryptography` package and a Python model;
* the 10 known-answer vectors of every set (lengths and SHA-256 of pk, sk, sm);
* Round 3: the whole official KAT files (100 vectors) by their official and liboqs
  digests, and the file names and format of kat --rsp; Round 2: liboqs's whole KAT
  output (100 vectors) by its digests;
* round trips and rejection of malformed input (tests/programs/test_snova.c);
* the same under AddressSanitizer + UBSan for a few sets, and for the static
  AArch64 build under qemu-aarch64;
* (constant time: tests/test_constant_time.py)

Builds go through make (c_glue/c_glue.mk) into build/<variant>/; make only rebuilds
what changed. Set SNOVA_SHARED_DIR to point at another copy of shared/.
"""
import hashlib
import json
import random
import re
import subprocess

import pytest

from tests.drbg_model import drbg_model
from tests.gf16_model import mat_mul
from tools.bench.symbols import function_starts
from tests.snova_harness import (QEMU, ROOT, load_digests, load_kat, make, official_name, round_of, run,
                                 run_passing, snova_sets)

SETS = snova_sets()
R2_SETS = [s for s in SETS if round_of(s) == 2]
R3_SETS = [s for s in SETS if round_of(s) == 3]
# sets that also run under the sanitizers and the negative tests on AArch64: the
# smallest rank-4 set (esk), and a rank-3 ssk set whose signature has an odd number
# of nibbles (a spare high nibble that must be zero); for Round 3 one set per l
# (square and rectangular blocks, SHAKE and AES expansion); for Round 2 the
# expanded key with SHAKE expansion, and rank 5 (odd signature and public key)
FEW_SETS = ["snova-24-5-16-4-esk", "snova-25-8-16-3-ssk", "snova-r3-i-b", "snova-r3-i-x-aes", "snova-r3-v-s",
            "snova-r2-24-5-4-shake-esk", "snova-r2-24-5-5"]


def build_targets(build, sets, progs=("kat", "test_snova"), prims=True):
    targets = [f"build/{build}/{s}/{p}" for s in sets for p in progs]
    if prims:
        targets.append(f"build/{build}/test_prims")
    return targets


@pytest.fixture(scope="session")
def host_build():
    make("snova")
    return "host"


@pytest.fixture(scope="session")
def asan_build():
    make(*build_targets("host-asan", FEW_SETS))
    return "host-asan"


AARCH64_BUILDS = {"aarch64-portable": "snova-aarch64", "aarch64-neon": "snova-aarch64-neon"}


@pytest.fixture(scope="session", params=sorted(AARCH64_BUILDS))
def aarch64_build(request):
    """Each static AArch64 build: portable kernels, and the generated NEON ones."""
    make(AARCH64_BUILDS[request.param])
    return request.param


# --------------------------------------------------------------------------
# primitives


def prim_cases():
    """(command line, expected output line) pairs."""
    from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

    rng = random.Random(20240601)
    cases = []

    def hx(b):
        return b.hex() if b else "-"

    for n in [0, 1, 3, 135, 136, 137, 271, 272, 273, 1000]:
        data = rng.randbytes(n)
        for outlen in [1, 64, 136, 137, 500]:
            exp = hashlib.shake_256(data).hexdigest(outlen)
            cases.append((f"shake256 {outlen} {hx(data)}", exp))
        for chunk in [1, 7, 136, 200]:
            exp = hashlib.shake_256(data).hexdigest(300)
            cases.append((f"shake256c 300 {chunk} {hx(data)}", exp))
        for chunk in [1, 13, 168, 169]:
            exp = hashlib.shake_128(data).hexdigest(400)
            cases.append((f"shake128c 400 {chunk} {hx(data)}", exp))
    for n in [1, 167, 168, 169, 1000]:
        seed = rng.randbytes(16)
        blocks = [hashlib.shake_128(seed + i.to_bytes(8, "little")).digest(168) for i in range(n // 168 + 1)]
        cases.append((f"shake128ctr {n} {seed.hex()}", b"".join(blocks)[:n].hex()))
    for n in [0, 1, 55, 56, 63, 64, 65, 200]:
        data = rng.randbytes(n)
        cases.append((f"sha256 {hx(data)}", hashlib.sha256(data).hexdigest()))
    for n in [1, 15, 16, 17, 63, 64, 65, 130, 1000]:
        key = rng.randbytes(16)
        enc = Cipher(algorithms.AES(key), modes.CTR(bytes(16))).encryptor()
        cases.append((f"aes128ctr {n} {key.hex()}", enc.update(bytes(n)).hex()))
    for keylen, name in [(16, "aes128ecb"), (32, "aes256ecb")]:
        for nblocks in [1, 3, 4, 5, 9]:
            key, pt = rng.randbytes(keylen), rng.randbytes(16 * nblocks)
            enc = Cipher(algorithms.AES(key), modes.ECB()).encryptor()
            cases.append((f"{name} {key.hex()} {pt.hex()}", enc.update(pt).hex()))
    # FIPS 197 appendix C vectors
    pt = bytes.fromhex("00112233445566778899aabbccddeeff")
    cases.append((f"aes128ecb {bytes(range(16)).hex()} {pt.hex()}", "69c4e0d86a7b0430d8cdb78070b4c55a"))
    cases.append((f"aes256ecb {bytes(range(32)).hex()} {pt.hex()}", "8ea2b7ca516745bfeafc49904b496089"))
    for trial in range(3):
        ent = rng.randbytes(48) if trial else bytes(range(48))
        lens = [48, 33, 1, 16, 100, 0, 17]
        outs = drbg_model(ent, lens)
        cases.append((f"drbg {ent.hex()} {','.join(map(str, lens))}", "".join(o.hex() + ":" for o in outs)))
    for l in (2, 3, 4):
        mats = [[rng.randrange(16) for _ in range(l * l)] for _ in range(2)]
        specials = [[0] * (l * l), [15] * (l * l), [1 if i % (l + 1) == 0 else 0 for i in range(l * l)]]
        pairs = [(rng.choice(specials + mats), rng.choice(specials + mats)) for _ in range(8)]
        pairs += [([rng.randrange(16) for _ in range(l * l)], [rng.randrange(16) for _ in range(l * l)])
                  for _ in range(150)]
        for n, (a, b) in enumerate(pairs):
            sa, sb = "".join(f"{x:x}" for x in a), "".join(f"{x:x}" for x in b)
            alias = ["", " a", " b"][n % 3]
            cases.append((f"gf16mul {l} {sa} {sb}{alias}",
                          "".join(f"{x:x}" for x in mat_mul(bytes(a), bytes(b), l))))
            cases.append((f"gf16add {l} {sa} {sb}{alias}",
                          "".join(f"{x ^ y:x}" for x, y in zip(a, b))))
    return cases


def check_prims(build):
    cases = prim_cases()
    r = run(build, None, "test_prims", input="".join(c + "\n" for c, _ in cases), timeout=600)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert len(lines) == len(cases)
    bad = [(c, e, g) for (c, e), g in zip(cases, lines) if e != g]
    assert not bad, f"{len(bad)} mismatches, first: {bad[0][0][:80]}\n expected {bad[0][1][:80]}\n got      {bad[0][2][:80]}"


def test_primitives_host(host_build):
    check_prims(host_build)


# --------------------------------------------------------------------------
# known-answer tests


def check_kats(build, set_name, count=10):
    expected = load_kat(set_name)[:count]
    r = run(build, set_name, "kat", ["--json", "-n", str(count)], timeout=1200)
    assert r.returncode == 0, r.stderr
    got = [json.loads(line) for line in r.stdout.splitlines()]
    assert len(got) == len(expected)
    for g, e in zip(got, expected):
        for field in ("count", "seed", "mlen", "msg", "pk_len", "sk_len", "sm_len"):
            assert g[field] == e[field], f"vector {e['count']}: {field}"
        for field in ("pk_sha256", "sk_sha256", "sm_sha256"):
            assert g[field] == e[field], f"vector {e['count']}: {field} differs"


@pytest.mark.parametrize("set_name", SETS)
def test_kat_host(host_build, set_name):
    check_kats(host_build, set_name)


def test_rsp_files(host_build, tmp_path):
    """The .req/.rsp files carry the same vectors as the JSON mode."""
    set_name = "snova-24-5-16-4-ssk"
    r = run(host_build, set_name, "kat", ["--rsp", str(tmp_path), "-n", "3"], timeout=120)
    assert r.returncode == 0, r.stderr
    j = run(host_build, set_name, "kat", ["--json", "--hex", "-n", "3"], timeout=120)
    vectors = [json.loads(line) for line in j.stdout.splitlines()]
    sk_len = vectors[0]["sk_len"]
    req = (tmp_path / f"PQCsignKAT_{sk_len}.req").read_text()
    rsp = (tmp_path / f"PQCsignKAT_{sk_len}.rsp").read_text()
    assert rsp.startswith("# SNOVA_24_5_4\n\n")
    blocks = [b for b in rsp.split("\n\n")[1:] if b.strip()]
    assert len(blocks) == 3
    for block, v in zip(blocks, vectors):
        fields = dict(line.split(" = ", 1) for line in block.splitlines())
        assert fields["count"] == str(v["count"])
        assert fields["seed"] == v["seed"]
        assert fields["mlen"] == str(v["mlen"])
        assert fields["msg"] == v["msg"]
        assert fields["pk"] == v["pk"] and fields["sk"] == v["sk"] and fields["sm"] == v["sm"]
        assert fields["smlen"] == str(v["sm_len"])
        assert hashlib.sha256(bytes.fromhex(fields["sm"])).hexdigest() == v["sm_sha256"]
        assert f"count = {v['count']}\nseed = {v['seed']}\nmlen = {v['mlen']}\nmsg = {v['msg']}\n" \
               "pk =\nsk =\nsmlen =\nsm =\n" in req


# Round 3: the whole official KAT files (100 vectors), by their published digests

OFFICIAL_R3_RSP = load_digests(3, "official_rsp_shake256_192.txt")   # "<name>.rsp" -> [SHAKE256-192]
LIBOQS_R3 = load_digests(3, "liboqs_kats_sha256.txt")                # "<name>" -> [all, single]


def test_r3_digest_lists_cover_the_sets():
    names = {official_name(s) for s in R3_SETS}
    assert len(names) == 24
    assert {f"{n}.rsp" for n in names} == set(OFFICIAL_R3_RSP)
    assert len(LIBOQS_R3) == 20 and set(LIBOQS_R3) <= names


@pytest.mark.parametrize("set_name", R3_SETS)
def test_r3_whole_kat_matches_official_and_liboqs(host_build, set_name):
    """kat --nist prints the 100 vectors as liboqs's KAT program does; with the header
    line and the final blank line the official .rsp has, the text hashes to the
    official digest."""
    name = official_name(set_name)
    r = run(host_build, set_name, "kat", ["--nist"], timeout=1800, text=False)
    assert r.returncode == 0, r.stderr
    rsp = f"# {name}\n\n".encode() + r.stdout + b"\n"
    assert hashlib.shake_256(rsp).hexdigest(24) == OFFICIAL_R3_RSP[f"{name}.rsp"][0]
    if name in LIBOQS_R3:
        assert hashlib.sha256(r.stdout).hexdigest() == LIBOQS_R3[name][0]
        first = run(host_build, set_name, "kat", ["--nist", "-n", "1"], timeout=120, text=False).stdout
        assert hashlib.sha256(first).hexdigest() == LIBOQS_R3[name][1]


def test_r3_rsp_files(host_build, tmp_path):
    """kat --rsp writes the official file names; the .rsp is the header, the --nist
    text and a blank line, the .req the same vectors with empty outputs."""
    set_name = "snova-r3-i-s-aes"
    r = run(host_build, set_name, "kat", ["--rsp", str(tmp_path), "-n", "3"], timeout=120)
    assert r.returncode == 0, r.stderr
    nist = run(host_build, set_name, "kat", ["--nist", "-n", "3"], timeout=120).stdout
    rsp = (tmp_path / "PQCsignKAT_SNOVA_I_S_AES.rsp").read_text()
    req = (tmp_path / "PQCsignKAT_SNOVA_I_S_AES.req").read_text()
    assert rsp == "# SNOVA_I_S_AES\n\n" + nist + "\n"
    expected_req = ""
    for block in nist.split("\n\n")[:3]:
        fields = dict(line.split(" = ", 1) for line in block.splitlines())
        expected_req += (f"count = {fields['count']}\nseed = {fields['seed']}\nmlen = {fields['mlen']}\n"
                         f"msg = {fields['msg']}\npk =\nsk =\nsmlen =\nsm =\n\n")
    assert req == expected_req


# Round 2: liboqs's whole KAT output (100 vectors), by the digests liboqs lists

LIBOQS_R2 = load_digests(2, "liboqs_kats_sha256.txt")                # "<name>" -> [all, single]


def test_r2_digest_lists_cover_the_sets():
    assert len(R2_SETS) == 12 and {official_name(s) for s in R2_SETS} == set(LIBOQS_R2)


@pytest.mark.parametrize("set_name", R2_SETS)
def test_r2_whole_kat_matches_liboqs(host_build, set_name):
    """kat --nist prints the vectors byte for byte as liboqs's KAT program does."""
    name = official_name(set_name)
    r = run(host_build, set_name, "kat", ["--nist"], timeout=1800, text=False)
    assert r.returncode == 0, r.stderr
    assert hashlib.sha256(r.stdout).hexdigest() == LIBOQS_R2[name][0]
    first = run(host_build, set_name, "kat", ["--nist", "-n", "1"], timeout=120, text=False).stdout
    assert hashlib.sha256(first).hexdigest() == LIBOQS_R2[name][1]


# --------------------------------------------------------------------------
# round trips and rejection of malformed input


def check_negative(build, set_name, args=()):
    run_passing(build, set_name, "test_snova", list(args), timeout=1200)


@pytest.mark.parametrize("set_name", SETS)
def test_roundtrip_and_rejection_host(host_build, set_name):
    check_negative(host_build, set_name)


# --------------------------------------------------------------------------
# sanitizers


def test_primitives_asan(asan_build):
    check_prims(asan_build)


@pytest.mark.parametrize("set_name", FEW_SETS)
def test_kat_asan(asan_build, set_name):
    check_kats(asan_build, set_name, count=3)


@pytest.mark.parametrize("set_name", FEW_SETS)
def test_roundtrip_and_rejection_asan(asan_build, set_name):
    check_negative(asan_build, set_name)


# --------------------------------------------------------------------------
# AArch64 (static; portable and NEON kernels) under qemu-aarch64 -cpu max


def test_primitives_aarch64(aarch64_build):
    check_prims(aarch64_build)


@pytest.mark.parametrize("set_name", SETS)
def test_kat_aarch64(aarch64_build, set_name):
    check_kats(aarch64_build, set_name)


@pytest.mark.parametrize("set_name", FEW_SETS)
def test_roundtrip_and_rejection_aarch64(aarch64_build, set_name):
    check_negative(aarch64_build, set_name)


def test_backend_in_use_under_qemu(aarch64_build):
    """qemu -cpu max has Advanced SIMD and AES: the NEON build must run the
    generated kernels, the portable build the C ones."""
    r = run(aarch64_build, FEW_SETS[0], "kat", ["--backend"])
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == ("neon" if aarch64_build == "aarch64-neon" else "portable-c")


def test_neon_choice_follows_hwcap():
    make("build/aarch64-neon/snova-24-5-16-4-esk/test_select")
    r = run("aarch64-neon", "snova-24-5-16-4-esk", "test_select")
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines() == [
        "0 portable-c portable portable portable portable portable portable portable",
        "2 neon gf16, portable-c aes neon neon neon neon neon portable neon",          # Advanced SIMD only
        "8 portable-c gf16, neon aes portable portable portable portable portable neon portable",  # AES only
        "10 neon neon neon neon neon neon neon neon",
    ]


# MIDR_EL1 of cores and the core class the variant plan takes each for
# (generator/schedules/core_classes.yaml): the in-order little cores, Cortex-A57/A72
# (a 16-byte TBL is three uops), the wide out-of-order cores, and every other core,
# an unknown MIDR (0) among them.
CLASS_CHOICE = {0x413FD0C1: "wide", 0x410FD0B1: "wide", 0x610F0220: "default", 0: "default",  # N1, A76, Apple, -
                0x410FD083: "slow_tbl", 0x411FD070: "slow_tbl",                               # A72, A57
                0x412FD050: "little", 0x410FD034: "little"}                                   # A55, A53


def test_core_class_follows_midr():
    make("build/aarch64-neon/snova-24-5-16-4-esk/test_select")
    r = run("aarch64-neon", "snova-24-5-16-4-esk", "test_select", [str(m) for m in CLASS_CHOICE])
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines()[4:] == [f"midr {m} class {c}" for m, c in CLASS_CHOICE.items()]


# The l = 5, r ≠ 5 sets, whose r×l·l×l products (rowdot_rll) take the folded form
# (gf16m_rowdot_fold_<r>x5x5) where table lookups do not pay, and whose public-map
# rows times the signature's r×l factors take the paired tables with the public
# map's blocks interleaved (ptbli, runs) on every core.
FOLDED_SETS = {"snova-r3-v-b-aes": "6x5x5", "snova-r3-v-k-aes": "8x5x5"}


@pytest.mark.parametrize("set_name", FOLDED_SETS)
def test_folded_products_on_cortex_a72(set_name):
    """Under qemu -cpu cortex-a72 (MIDR 0x410FD083) and cortex-a53 the NEON
    build's rowdot_rll is the folded kernel, under -cpu max the replicating one;
    the public-map products take the paired tables and the interleaved blocks
    under all three; as snova_bench's `kernels` line and the symbol table say.
    The known answers hold under cortex-a72."""
    bench = ROOT / "build" / "bench" / "aarch64-neon" / set_name / "snova_bench"
    make(f"build/aarch64-neon/{set_name}/kat", str(bench.relative_to(ROOT)))
    address = {name: at for at, name in function_starts(str(bench))}
    shape = FOLDED_SETS[set_name]
    ptbli, runs = f"snova_gf16m_rowdot_ptbli_{shape}", "snova_gf16m_interleave_runs_r5"
    for cpu, rll in (("cortex-a72", f"snova_gf16m_rowdot_fold_{shape}"),
                     ("cortex-a53", f"snova_gf16m_rowdot_fold_{shape}"), ("max", f"snova_gf16m_rowdot_{shape}")):
        line = subprocess.run([QEMU, "-cpu", cpu, str(bench), "kernels", "0"], capture_output=True, text=True,
                              env={}, check=True).stdout.split()
        assert int(line[line.index("rowdot_rll") + 1], 16) == address[rll], cpu
        assert int(line[line.index("interleave_runs") + 1], 16) == address[runs], cpu
        assert int(line[line.index("rowdot_ptbl_ll") + 1], 16) == address[ptbli], cpu
    check_kats_on_cpu(set_name)


def check_kats_on_cpu(set_name, cpu="cortex-a72"):
    """The NEON build's first two known answers under qemu -cpu `cpu`."""
    kat = ROOT / "build" / "aarch64-neon" / set_name / "kat"
    result = subprocess.run([QEMU, "-cpu", cpu, str(kat), "--json", "-n", "2"], capture_output=True,
                            text=True, timeout=900)
    assert result.returncode == 0, result.stderr
    expected = load_kat(set_name)[:2]
    got = [json.loads(line) for line in result.stdout.splitlines()]
    assert [{k: g[k] for k in e} for g, e in zip(got, expected)] == expected


@pytest.mark.parametrize("set_name", ["snova-r2-25-8-3", "snova-25-8-16-3-esk"])
def test_rank3_tables_on_cortex_a72(set_name):
    """Rank 3 multiplies by tables on every core (kernels_neon.c): under qemu -cpu
    cortex-a72, whose MIDR keeps ranks 4 and 5 on PMUL, an l = 3 set's `kernels`
    line says tables and its known answers hold; an l = 4 set's says none."""
    bench = {s: f"build/bench/aarch64-neon/{s}/snova_bench" for s in (set_name, "snova-r2-24-5-4")}
    make(f"build/aarch64-neon/{set_name}/kat", *bench.values())
    for s, tables in ((set_name, "1"), ("snova-r2-24-5-4", "0")):
        line = subprocess.run([QEMU, "-cpu", "cortex-a72", str(ROOT / bench[s]), "kernels", "0"], capture_output=True,
                              text=True, env={}, check=True).stdout.split()
        assert line[line.index("mul_tables") + 1] == tables, s
    check_kats_on_cpu(set_name)


# The products by factors fixed for a key or a signature, in the forms the kernel
# table takes where table lookups do not pay, by the names of snova_bench's
# `kernels` line (the slots): rowdot_fold_pat_sq (T12's 5×5 blocks as row
# patterns, every round), rowdot_rrep_llr (the signature's l×8 Yt replicated for
# G2, every core; the Z sums go by pair tables), and the signature's left factors'
# paired table form that every core takes (rowdot_ptbl_ll: l = 4, and l = 5's
# stacked 25×5 with its odd last row), and (4, 8)'s verification by the public map
# unpacked into runs (rowdot_ptbl_runs).
FIXED_FACTOR_FORMS = {
    "snova-r3-v-s": {"rowdot_fold_pat_sq": ["snova_gf16m_rowdot_fold_pat_r5"],
                     "rowdot_ptbl_ll": ["snova_gf16m_rowdot_ptbl_25x5x5"]},
    "snova-r2-24-5-5": {"rowdot_fold_pat_sq": ["snova_gf16m_rowdot_fold_pat_r5"]},
    "snova-r3-v-k": {"rowdot_fold_pat_sq": ["snova_gf16m_rowdot_fold_pat_r5"],
                     "rowdot_rrep_llr": ["snova_gf16m_rowdot_rrep_5x5x8"]},
    "snova-r3-i-k": {"rowdot_rrep_llr": ["snova_gf16m_rowdot_rrep_4x4x8"],
                     "rowdot_ptbl_ll": ["snova_gf16m_rowdot_ptbl_8x4x4"],
                     "rowdot_ptbl_runs": ["snova_gf16m_rowdot_ptblwi_8x4x4"]},
    "snova-r3-iii-b": {"rowdot_ptbl_ll": ["snova_gf16m_rowdot_ptbl_24x4x4"]},
}
# which of those forms each qemu CPU gets: cortex-a72 all, cortex-a53 (little) the
# patterned ones, max (tables) the paired table form; and every one Yt's
# replicas and the runs
EVERY_FORM = ("rowdot_fold_pat_sq", "rowdot_rrep_llr", "rowdot_ptbl_ll", "rowdot_ptbl_runs")
FORMS_ON = {"cortex-a72": EVERY_FORM, "cortex-a53": EVERY_FORM, "max": EVERY_FORM[1:]}


def kernel_on(kernel, cpu):
    """The kernel `cpu` takes for `kernel`: the in-order little cores take the
    l = 4 pair tables in wide runs (gf16m_rowdot_ptblw_*)."""
    wide = kernel and cpu == "cortex-a53"
    return re.sub(r"_ptbl_(\d+x4x4)$", r"_ptblw_\1", kernel) if wide else kernel


@pytest.mark.parametrize("set_name", FIXED_FACTOR_FORMS)
def test_fixed_factor_forms_by_cpu(set_name):
    """Under qemu -cpu cortex-a72, cortex-a53 and max the NEON build's `kernels`
    line names exactly the forms FORMS_ON gives that CPU (by address; none: 0),
    and the known answers hold under cortex-a72, through all of them, and under
    cortex-a53 where it takes wide runs."""
    bench = ROOT / "build" / "bench" / "aarch64-neon" / set_name / "snova_bench"
    make(f"build/aarch64-neon/{set_name}/kat", str(bench.relative_to(ROOT)))
    address = {name: at for at, name in function_starts(str(bench))}
    address[None] = 0
    for cpu, forms in FORMS_ON.items():
        line = subprocess.run([QEMU, "-cpu", cpu, str(bench), "kernels", "0"], capture_output=True, text=True,
                              env={}, check=True).stdout.split()
        for form, kernels in FIXED_FACTOR_FORMS[set_name].items():
            at = line.index(form)
            got = [int(word, 16) for word in line[at + 1:at + 1 + len(kernels)]]
            assert got == [address[kernel_on(k, cpu)] if form in forms else 0 for k in kernels], (cpu, form)
    check_kats_on_cpu(set_name)
    if any(kernel_on(k, "cortex-a53") != k for kernels in FIXED_FACTOR_FORMS[set_name].values() for k in kernels):
        check_kats_on_cpu(set_name, "cortex-a53")


@pytest.mark.parametrize("set_name, r", [("snova-r3-v-b", 6), ("snova-r3-v-k", 8)])
def test_z_sums_in_runs_but_on_little_cores(set_name, r):
    """The unstacked l = 5 sets sum Z over T's transposes interleaved into runs
    (gf16m_rowdot_ptbli_<r>x5x<r>) on the slow_tbl and wide core classes, and
    read T's blocks transposed (gf16m_rowdot_ptblt_<r>x5x<r>) on the others: the
    `kernels` line's rowdot_ptbl_zt names the first under qemu -cpu cortex-a72 and
    neoverse-n1, the second under cortex-a53 and max; the known answers hold
    under cortex-a72 and cortex-a53."""
    bench = ROOT / "build" / "bench" / "aarch64-neon" / set_name / "snova_bench"
    make(f"build/aarch64-neon/{set_name}/kat", str(bench.relative_to(ROOT)))
    address = {name: at for at, name in function_starts(str(bench))}
    for cpu, form in (("cortex-a72", "ptbli"), ("neoverse-n1", "ptbli"), ("max", "ptblt"), ("cortex-a53", "ptblt")):
        line = subprocess.run([QEMU, "-cpu", cpu, str(bench), "kernels", "0"], capture_output=True, text=True,
                              env={}, check=True).stdout.split()
        assert int(line[line.index("rowdot_ptbl_zt") + 1], 16) == address[f"snova_gf16m_rowdot_{form}_{r}x5x{r}"], cpu
    check_kats_on_cpu(set_name)
    check_kats_on_cpu(set_name, "cortex-a53")


@pytest.mark.parametrize("set_name, rll", [("snova-r3-i-s", None), ("snova-r3-i-b", "snova_gf16m_rowdot_rrep_6x4x4")])
def test_replicated_right_factors_on_cortex_a72(set_name, rll):
    """The l = 4 products by a fixed right factor take it replicated
    (gf16m_rowdot_rrep_r4, and Round 3's r×4·4×4 T·T12 gf16m_rowdot_rrep_<r>x4x4) on
    Cortex-A72 only: under qemu -cpu cortex-a72 the `kernels` line names those
    kernels; under -cpu max (tables) and -cpu cortex-a53 (an in-order little core)
    none. The known answers hold under cortex-a72 (square sets of Rounds 1, 2 and
    3: tests/test_shake_core.py)."""
    bench = ROOT / "build" / "bench" / "aarch64-neon" / set_name / "snova_bench"
    make(f"build/aarch64-neon/{set_name}/kat", str(bench.relative_to(ROOT)))
    address = {name: at for at, name in function_starts(str(bench))}
    address[None] = 0
    for cpu, on in (("cortex-a72", True), ("max", False), ("cortex-a53", False)):
        line = subprocess.run([QEMU, "-cpu", cpu, str(bench), "kernels", "0"], capture_output=True, text=True,
                              env={}, check=True).stdout.split()
        assert int(line[line.index("rowdot_rrep") + 1], 16) == (address["snova_gf16m_rowdot_rrep_r4"] if on else 0), cpu
        assert int(line[line.index("rowdot_rrep_rll") + 1], 16) == (address[rll] if on else 0), cpu
    if rll is not None:
        check_kats_on_cpu(set_name)
