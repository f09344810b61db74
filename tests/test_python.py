"""Tests of the Python package snova (python/snova/, docs/python.md) on the host
library, imported from this tree (the installed package: test_python_install.py):

* every instance's official known answers through the binding: the seeds and
  salts drawn from a Python model of the NIST DRBG (tests/drbg_model.py), the
  DRBG itself checked against the KAT files' own seeds;
* the instance list and attributes, build and official names;
* plain, prepared and hashed operations agree; bytes, bytearray and memoryview;
* bad inputs: a malformed key or argument raises snova.Error (a ValueError) with
  a message that says what is wrong, a signature that does not verify is False;
* threads sharing prepared keys; close() waits for the calls in progress; the
  GIL released during a call (planted: the library loaded as ctypes.PyDLL fails it).
"""
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from generator import sets as sets_data
from tests.drbg_model import drbg_model
from tests.python_binding import DIGEST_FIELDS, import_snova, kat_digests, nist_draws
from tests.snova_harness import load_kat, snova_sets

SETS = snova_sets()
snova = import_snova()


@pytest.fixture(scope="module")
def inst():
    return snova.Instance("snova-r3-i-k")


@pytest.fixture(scope="module")
def keys(inst):
    return inst.keygen()


# --------------------------------------------------------------------------
# the known answers


def test_the_drbg_model_gives_the_kat_files_seeds_and_messages():
    """The KAT procedure draws each vector's seed (48 bytes) and message (33 (i + 1)
    bytes) from one DRBG initialised with the entropy bytes 0..47."""
    kat = load_kat("snova-r3-i-s")
    draws = drbg_model(bytes(range(48)), [n for i in range(len(kat)) for n in (48, 33 * (i + 1))])
    assert [d.hex().upper() for d in draws] == [v[field] for v in kat for field in ("seed", "msg")]


@pytest.mark.parametrize("set_name", SETS)
def test_known_answers_through_the_binding(set_name):
    inst = snova.Instance(set_name)
    for vector in load_kat(set_name):
        seed, salt = nist_draws((inst.keypair_seed_bytes, inst.salt_bytes), vector["seed"])
        msg = bytes.fromhex(vector["msg"])
        pk, sk = inst.keygen_from_seed(seed)
        sig = inst.sign_with_salt(sk, msg, salt)
        assert kat_digests(pk, sk, sig + msg) == {k: vector[k] for k in DIGEST_FIELDS}, vector["count"]
        assert inst.verify(pk, msg, sig)


def test_a_wrong_salt_misses_the_known_answer():
    inst = snova.Instance("snova-r3-i-s")
    vector = load_kat("snova-r3-i-s")[0]
    seed, salt = nist_draws((inst.keypair_seed_bytes, inst.salt_bytes), vector["seed"])
    msg = bytes.fromhex(vector["msg"])
    pk, sk = inst.keygen_from_seed(seed)
    wrong = kat_digests(pk, sk, inst.sign_with_salt(sk, msg, bytes(16)) + msg)
    assert wrong["pk_sha256"] == vector["pk_sha256"] and wrong["sm_sha256"] != vector["sm_sha256"]


# --------------------------------------------------------------------------
# instances


def test_instances_are_the_librarys_sets():
    assert snova.instances() == SETS


def test_attributes(inst):
    assert (inst.name, inst.official_name, inst.round, inst.level, inst.status) == (
        "snova-r3-i-k", "SNOVA_I_K", 3, 1, "stands")
    assert (inst.public_key_bytes, inst.secret_key_bytes, inst.signature_bytes, inst.keypair_seed_bytes,
            inst.salt_bytes) == (376, 96, 528, 48, 16)
    statuses = {snova.Instance(name).status for name in SETS}
    assert statuses == {"stands", "withdrawn", "broken"}


def test_levels_and_official_names_are_the_sets_data():
    """The package's NIST categories (the library has no accessor) and the
    library's official names agree with generator/sets.yaml, row by row."""
    roman = {"I": 1, "III": 3, "V": 5}
    rows = sets_data.load()
    assert [s.name for s in rows] == SETS
    for row in rows:
        inst = snova.Instance(row.name)
        assert (inst.level, inst.official_name) == (roman[row.level], row.official), row.name


@pytest.mark.parametrize("name", ["SNOVA_I_K", "snova_i_k", "SNOVA-R3-I-K"])
def test_official_names_and_case(name, inst):
    assert snova.Instance(name) == inst


def test_an_official_name_of_several_sets_lists_them():
    with pytest.raises(snova.Error, match="snova-24-5-16-4-esk, snova-24-5-16-4-ssk, snova-r2-24-5-4"):
        snova.Instance("SNOVA_24_5_4")


def test_an_unknown_name_is_an_error():
    for name in ("snova-r4-i-k", "snova-r3-i-k\0", "snova-r3-i-k\0-aes", "", "snova-r3-i-\u212a"):  # Kelvin sign
        with pytest.raises(snova.Error, match="unknown instance"):
            snova.Instance(name)
    with pytest.raises(TypeError):
        snova.Instance(b"snova-r3-i-k")


# --------------------------------------------------------------------------
# operations


def test_plain_prepared_and_hashed_agree(inst, keys):
    pk, sk = keys
    msg = b"a message in three pieces"
    salt = bytes(range(16))
    hasher = snova.Hasher(msg[:2])
    hasher.update(bytearray(msg[2:9]))
    hasher.update(memoryview(msg)[9:])
    with inst.prepare_secret_key(sk) as psk, inst.prepare_public_key(pk) as ppk:
        assert psk.sign_with_salt(msg, salt) == inst.sign_with_salt(sk, msg, salt)
        for sig in (inst.sign(sk, msg), psk.sign(msg), inst.sign_hashed(sk, hasher), psk.sign_hashed(snova.Hasher(msg))):
            assert len(sig) == inst.signature_bytes
            assert inst.verify(pk, msg, sig) and ppk.verify(msg, sig)
            assert inst.verify_hashed(pk, snova.Hasher(msg), sig) and ppk.verify_hashed(snova.Hasher(msg), sig)


def test_every_bytes_like_form_is_accepted(inst, keys):
    pk, sk = keys
    msg = bytes(range(40))
    sig = inst.sign_with_salt(bytearray(sk), memoryview(msg), bytearray(16))
    assert sig == inst.sign_with_salt(sk, msg, bytes(16))
    strided = memoryview(bytes(a for b in msg for a in (b, 0)))[::2]     # not contiguous: copied
    assert inst.verify(memoryview(bytearray(pk)), strided, bytearray(sig))
    assert inst.verify(pk, memoryview(bytearray(msg)).cast("I"), sig)     # another item size: its bytes


def test_keygen_draws_fresh_keys(inst):
    (pk1, sk1), (pk2, sk2) = inst.keygen(), inst.keygen()
    assert pk1 != pk2 and sk1 != sk2


# --------------------------------------------------------------------------
# bad inputs


def test_signatures_that_do_not_verify_are_false(inst, keys):
    pk, sk = keys
    msg = b"m"
    sig = inst.sign(sk, msg)
    flipped = bytearray(sig)
    flipped[-1] ^= 1
    with inst.prepare_public_key(pk) as ppk:
        for bad in (bytes(flipped), sig[:-1], sig + b"\0", b""):
            assert inst.verify(pk, msg, bad) is False and ppk.verify(msg, bad) is False
        assert inst.verify(pk, b"n", sig) is False and ppk.verify(b"n", sig) is False
        assert ppk.verify_hashed(snova.Hasher(msg), bytes(flipped)) is False


@pytest.mark.parametrize("call, message", [
    (lambda i, pk, sk: i.verify(pk[:-1], b"", bytes(i.signature_bytes)), "a public key has 376 bytes, not 375"),
    (lambda i, pk, sk: i.sign(sk + b"\0", b""), "a secret key has 96 bytes, not 97"),
    (lambda i, pk, sk: i.keygen_from_seed(bytes(47)), "a key pair seed has 48 bytes, not 47"),
    (lambda i, pk, sk: i.sign_with_salt(sk, b"", bytes(15)), "a salt has 16 bytes, not 15"),
    (lambda i, pk, sk: i.prepare_public_key(b""), "a public key has 376 bytes, not 0"),
    (lambda i, pk, sk: i.prepare_secret_key(sk[:1]), "a secret key has 96 bytes, not 1"),
])
def test_malformed_keys_and_arguments_raise_snova_error(inst, keys, call, message):
    with pytest.raises(snova.Error, match=message) as raised:
        call(inst, *keys)
    assert isinstance(raised.value, ValueError) and raised.value.args[0].startswith("snova-r3-i-k: ")


def test_a_key_that_cannot_sign_is_an_error():
    """An expanded secret key of zeros: every attempt meets a singular system."""
    inst = snova.Instance("snova-r2-24-5-4-esk")
    with inst.prepare_secret_key(bytes(inst.secret_key_bytes)) as key:
        for call in (lambda: inst.sign(bytes(inst.secret_key_bytes), b"m"), lambda: key.sign(b"m")):
            with pytest.raises(snova.Error, match="snova-r2-24-5-4-esk: this secret key cannot sign"):
                call()


def test_a_malformed_key_the_library_refuses_to_prepare():
    """snova-r2-24-5-5's public key has an odd number of nibbles: the spare one must be 0."""
    inst = snova.Instance("snova-r2-24-5-5")
    pk, _ = inst.keygen()
    with pytest.raises(snova.Error, match="cannot prepare"):
        inst.prepare_public_key(pk[:-1] + bytes([pk[-1] | 0xF0]))


def test_inputs_that_are_not_bytes_like_are_type_errors(inst, keys):
    pk, sk = keys
    for call in (lambda: inst.sign(sk, "text"), lambda: inst.verify(pk, b"", 5), lambda: snova.Hasher("x")):
        with pytest.raises(TypeError, match="bytes-like"):
            call()


def test_closed_keys_and_ended_hashers_raise(inst, keys):
    pk, sk = keys
    key = inst.prepare_secret_key(sk)
    key.close()
    key.close()
    assert key.closed
    with pytest.raises(snova.Error, match="closed"):
        key.sign(b"m")
    hasher = snova.Hasher(b"m")
    sig = inst.sign_hashed(sk, hasher)
    for call in (lambda: hasher.update(b"more"), lambda: inst.verify_hashed(pk, hasher, sig)):
        with pytest.raises(snova.Error, match="the hasher has ended"):
            call()


def test_a_bytearray_lent_to_a_call_cannot_change_size(inst, keys):
    """The pointer the library reads stays valid: the buffer is locked while lent."""
    from snova import _buffers
    message = bytearray(b"message")
    lent = _buffers.readable(message, "the message")
    with pytest.raises(BufferError):
        message.extend(b"more")
    del lent
    message.extend(b"more")


# --------------------------------------------------------------------------
# threads


def test_threads_share_prepared_keys(inst, keys):
    pk, sk = keys
    messages = [bytes([n]) * n for n in range(64)]
    with inst.prepare_public_key(pk) as ppk, inst.prepare_secret_key(sk) as psk:
        with ThreadPoolExecutor(8) as pool:
            sigs = list(pool.map(psk.sign, messages))
            good = list(pool.map(ppk.verify, messages, sigs))
            crossed = list(pool.map(ppk.verify, messages, sigs[1:] + sigs[:1]))
    assert all(good) and not any(crossed)
    assert all(inst.verify(pk, m, s) for m, s in zip(messages, sigs))


def test_close_waits_for_the_calls_in_progress():
    """A key closed while a thread uses it is freed only when that call returns."""
    from snova._guard import Guard
    freed, inside, leave = [], threading.Event(), threading.Event()
    guard = Guard("pointer", freed.append, "prepared key")

    def user():
        with guard.use():
            inside.set()
            leave.wait(10)
            assert freed == []

    thread = threading.Thread(target=user)
    thread.start()
    inside.wait(10)
    closer = threading.Thread(target=guard.close)
    closer.start()
    closer.join(0.2)
    assert closer.is_alive() and freed == []      # waiting for the user
    leave.set()
    thread.join(10)
    closer.join(10)
    assert freed == ["pointer"]
    with pytest.raises(snova.Error):
        with guard.use():
            pass


def test_the_gil_is_released_during_a_call(inst, keys):
    """With the interpreter never switching threads by itself (a switch interval
    of 60 s), the main thread runs during another thread's verification only if
    that call let go of the GIL: it does so before that thread's next line."""
    pk, _ = keys
    message = bytes(64 << 20)         # long enough to hash that the main thread gets its turn
    times = {}

    def verify():
        inst.verify(pk, message, bytes(inst.signature_bytes))
        times["call returned"] = time.perf_counter()

    interval = sys.getswitchinterval()
    sys.setswitchinterval(60)
    try:
        thread = threading.Thread(target=verify)
        thread.start()
        times["main ran"] = time.perf_counter()
        thread.join()
    finally:
        sys.setswitchinterval(interval)
    assert times["main ran"] < times["call returned"]
