"""An instance of libsnova: a parameter set, found by its build name
("snova-r3-i-k") or its official name ("SNOVA_I_K"), with its sizes and its
operations on raw NIST keys and signatures."""
import ctypes
from typing import TYPE_CHECKING, Callable, Optional

from . import _buffers
from ._buffers import Buffer
from ._errors import Error
from ._native import lib
from ._prepared import PublicKey, SecretKey
from ._signing import signed

if TYPE_CHECKING:
    from ._hasher import Hasher

# The NIST security category of a Round 1 or 2 set, by the v, o and l its
# official name starts with (SNOVA_<v>_<o>_<l>...); a Round 3 name carries its
# category (SNOVA_I_K, SNOVA_III_B). The library has no accessor for either:
# tests/test_python.py holds these to generator/sets.yaml's levels.
EARLY_ROUND_LEVELS = {
    (24, 5, 4): 1, (25, 8, 3): 1, (28, 17, 2): 1, (37, 17, 2): 1, (24, 5, 5): 3, (37, 8, 4): 3, (43, 25, 2): 3,
    (49, 11, 3): 3, (56, 25, 2): 3, (29, 6, 5): 5, (60, 10, 4): 5, (61, 33, 2): 5, (66, 15, 3): 5,
}
ROMAN_LEVELS = {"I": 1, "III": 3, "V": 5}


def _handles() -> list:
    """Every instance's handle, in the library's order (its snova_id values)."""
    handles = []
    while True:
        handle = lib.snova_instance_by_id(len(handles))
        if not handle:
            return handles
        handles.append(handle)


def _text(value: Optional[bytes]) -> str:
    return value.decode("ascii") if value is not None else ""


def instances() -> list[str]:
    """The build names of every instance, in the library's order."""
    return [_text(lib.snova_instance_name(h)) for h in _handles()]


def _find(name: str) -> object:
    """The handle of a build or official name, in any ASCII case
    (snova_instance_by_name); an official name of several instances is refused
    with their build names."""
    if not isinstance(name, str):
        raise TypeError(f"an instance name is a str, not {type(name).__name__}")
    unknown = Error(f"unknown instance {name!r} (snova.instances() lists them)")
    # names are ASCII (so that no other character's case folds into one), and a
    # NUL would end the C string early
    if not name.isascii() or "\0" in name:
        raise unknown
    handle = lib.snova_instance_by_name(name.encode("ascii"))
    if handle:
        return handle
    shared = [h for h in _handles() if _text(lib.snova_instance_algname(h)).lower() == name.lower()]
    if shared:
        raise Error(f"'{name}' names {', '.join(_text(lib.snova_instance_name(h)) for h in shared)}: "
                    "give one of these")
    raise unknown


def _level(round_number: int, official_name: str) -> int:
    parts = official_name.split("_")
    if round_number == 3:
        return ROMAN_LEVELS[parts[1]]
    return EARLY_ROUND_LEVELS[tuple(int(p) for p in parts[1:4])]


class Instance:
    """A SNOVA parameter set. Keys and signatures are the raw NIST bytes."""

    name: str
    official_name: str
    round: int
    level: int
    status: str
    public_key_bytes: int
    secret_key_bytes: int
    signature_bytes: int
    keypair_seed_bytes: int
    salt_bytes: int

    def __init__(self, name: str):
        handle = _find(name)
        self._handle = handle
        self.name = _text(lib.snova_instance_name(handle))
        self.official_name = _text(lib.snova_instance_algname(handle))
        self.round = lib.snova_instance_round(handle)
        self.level = _level(self.round, self.official_name)
        self.status = _text(lib.snova_status_name(lib.snova_instance_status(handle)))
        self.public_key_bytes = lib.snova_public_key_bytes(handle)
        self.secret_key_bytes = lib.snova_secret_key_bytes(handle)
        self.signature_bytes = lib.snova_signature_bytes(handle)
        self.keypair_seed_bytes = lib.snova_keypair_seed_bytes(handle)
        self.salt_bytes = lib.snova_salt_bytes(handle)

    def __repr__(self) -> str:
        return f"snova.Instance({self.name!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Instance) and other.name == self.name

    def __hash__(self) -> int:
        return hash(self.name)

    def _exact(self, data: Buffer, size: int, what: str) -> tuple[object, int]:
        """data as a pointer argument, which must hold size bytes."""
        pointer, length = _buffers.readable(data, what)
        if length != size:
            raise Error(f"{self.name}: {what} has {size} bytes, not {length}")
        return pointer, length

    def _keys(self, draw: Callable[[ctypes.Array, ctypes.Array], int], failure: str) -> tuple[bytes, bytes]:
        pk, sk = _buffers.output(self.public_key_bytes), _buffers.output(self.secret_key_bytes)
        if draw(pk, sk) != 0:
            _buffers.taken(sk, 0, secret=True)
            raise Error(f"{self.name}: {failure}")
        return _buffers.taken(pk, self.public_key_bytes), _buffers.taken(sk, self.secret_key_bytes, secret=True)

    def keygen(self) -> tuple[bytes, bytes]:
        """A new key pair (public key, secret key) from the operating system's randomness."""
        return self._keys(lambda pk, sk: lib.snova_keypair(self._handle, pk, sk),
                          "key generation failed: no randomness from the operating system")

    def keygen_from_seed(self, seed: Buffer) -> tuple[bytes, bytes]:
        """The key pair of the keypair_seed_bytes bytes the NIST API draws (the
        seed is the secret key: draw it from a secure source)."""
        seed_arg, _ = self._exact(seed, self.keypair_seed_bytes, "a key pair seed")
        return self._keys(lambda pk, sk: lib.snova_keypair_from_seed(self._handle, pk, sk, seed_arg),
                          "the library refused the seed")

    def sign(self, secret_key: Buffer, message: Buffer) -> bytes:
        sk, _ = self._exact(secret_key, self.secret_key_bytes, "a secret key")
        m, mlen = _buffers.readable(message, "the message")
        return signed(self.name, self.signature_bytes,
                      lambda sig, siglen: lib.snova_sign(self._handle, sig, siglen, m, mlen, sk))

    def sign_with_salt(self, secret_key: Buffer, message: Buffer, salt: Buffer) -> bytes:
        """The signature with the salt_bytes bytes the NIST API draws passed in."""
        sk, _ = self._exact(secret_key, self.secret_key_bytes, "a secret key")
        m, mlen = _buffers.readable(message, "the message")
        salt_arg, _ = self._exact(salt, self.salt_bytes, "a salt")
        return signed(self.name, self.signature_bytes,
                      lambda sig, siglen: lib.snova_sign_with_salt(self._handle, sig, siglen, m, mlen, sk, salt_arg))

    def verify(self, public_key: Buffer, message: Buffer, signature: Buffer) -> bool:
        """True if signature is public_key's signature of message; False for any
        other signature, one of the wrong length included."""
        pk, _ = self._exact(public_key, self.public_key_bytes, "a public key")
        m, mlen = _buffers.readable(message, "the message")
        sig, siglen = _buffers.readable(signature, "the signature")
        return lib.snova_verify(self._handle, sig, siglen, m, mlen, pk) == 0

    def sign_hashed(self, secret_key: Buffer, hasher: "Hasher") -> bytes:
        """The signature of what hasher was fed; ends the hasher."""
        sk, _ = self._exact(secret_key, self.secret_key_bytes, "a secret key")
        return hasher.finish(lambda h: signed(
            self.name, self.signature_bytes, lambda sig, siglen: lib.snova_sign_hashed(self._handle, sig, siglen, h, sk)))

    def verify_hashed(self, public_key: Buffer, hasher: "Hasher", signature: Buffer) -> bool:
        """verify of what hasher was fed; ends the hasher."""
        pk, _ = self._exact(public_key, self.public_key_bytes, "a public key")
        sig, siglen = _buffers.readable(signature, "the signature")
        return hasher.finish(lambda h: lib.snova_verify_hashed(self._handle, sig, siglen, h, pk) == 0)

    def prepare_public_key(self, public_key: Buffer) -> "PublicKey":
        return PublicKey(self, public_key)

    def prepare_secret_key(self, secret_key: Buffer) -> "SecretKey":
        return SecretKey(self, secret_key)

