"""The Python package snova as the tests import it: from python/ in this tree,
on the host library that make builds (SNOVA_LIBRARY), and the known answers
through it."""
import hashlib
import importlib
import os
import sys

from tests.drbg_model import drbg_model
from tests.snova_harness import BUILD, ROOT, make

LIBRARY = BUILD / "lib" / "host" / "libsnova.so.0"
PACKAGE_DIR = ROOT / "python"


def import_snova():
    """The snova package of this tree on build/lib/host's library."""
    make(str(LIBRARY.relative_to(ROOT)))
    if str(PACKAGE_DIR) not in sys.path:
        sys.path.insert(0, str(PACKAGE_DIR))
    previous = os.environ.get("SNOVA_LIBRARY")
    os.environ["SNOVA_LIBRARY"] = str(LIBRARY)
    try:
        return importlib.import_module("snova")
    finally:
        if previous is None:
            del os.environ["SNOVA_LIBRARY"]
        else:
            os.environ["SNOVA_LIBRARY"] = previous


def nist_draws(inst_sizes, kat_seed):
    """The key pair seed and the salt the NIST procedure draws for a vector: its
    DRBG seeded with the vector's seed, one draw for the key pair, one for the
    signature. inst_sizes: (keypair_seed_bytes, salt_bytes)."""
    return tuple(drbg_model(bytes.fromhex(kat_seed), list(inst_sizes)))


def kat_digests(pk, sk, sm):
    return {"pk_len": len(pk), "pk_sha256": hashlib.sha256(pk).hexdigest(), "sk_len": len(sk),
            "sk_sha256": hashlib.sha256(sk).hexdigest(), "sm_len": len(sm), "sm_sha256": hashlib.sha256(sm).hexdigest()}


DIGEST_FIELDS = ("pk_len", "pk_sha256", "sk_len", "sk_sha256", "sm_len", "sm_sha256")
