"""SNOVA signatures through libsnova: every parameter set of Rounds 1, 2 and 3
(docs/python.md).

    inst = snova.Instance("snova-r3-i-k")          # or its official name, "SNOVA_I_K"
    pk, sk = inst.keygen()
    sig = inst.sign(sk, b"message")
    assert inst.verify(pk, b"message", sig)

Keys and signatures are the raw NIST bytes. Inputs are bytes-like; the GIL is
released during the library's calls; a malformed key or argument raises
snova.Error (a ValueError)."""
from ._errors import Error
from ._hasher import Hasher
from ._instance import Instance, instances
from ._prepared import PublicKey, SecretKey

__all__ = ["Error", "Hasher", "Instance", "PublicKey", "SecretKey", "instances"]
