"""Prepared keys: a key made once into what its instance computes from it alone,
for many verifications or signatures under one key (snova_public_key_prepare,
snova_secret_key_prepare). Any number of threads may use one at once; close()
(or the end of a with block) frees it when the calls in progress have returned,
and the library wipes a secret one before it frees it."""
from typing import TYPE_CHECKING, Callable, Optional

from . import _buffers
from ._buffers import Buffer
from ._errors import Error
from ._guard import Guard
from ._native import lib
from ._signing import signed

if TYPE_CHECKING:
    from ._hasher import Hasher
    from ._instance import Instance


class _Prepared:
    _what = "prepared key"

    def __init__(self, instance: "Instance", key: Buffer, size: int, what: str,
                 prepare: Callable[[object, object], Optional[int]], free: Callable[[object], None]):
        self.instance = instance
        pointer_arg, _ = instance._exact(key, size, what)
        pointer = prepare(instance._handle, pointer_arg)
        if not pointer:
            raise Error(f"{instance.name}: {what} the library cannot prepare (malformed, or out of memory)")
        self._guard = Guard(pointer, free, self._what)

    def close(self) -> None:
        """Frees the key (after the calls in progress); later calls raise Error."""
        self._guard.close()

    @property
    def closed(self) -> bool:
        return self._guard.closed

    def __enter__(self):
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        if hasattr(self, "_guard"):
            self.close()


class PublicKey(_Prepared):
    """A prepared public key: verify(message, signature) -> bool."""

    def __init__(self, instance: "Instance", public_key: Buffer):
        super().__init__(instance, public_key, instance.public_key_bytes, "a public key",
                         lib.snova_public_key_prepare, lib.snova_public_key_free)

    def verify(self, message: Buffer, signature: Buffer) -> bool:
        m, mlen = _buffers.readable(message, "the message")
        sig, siglen = _buffers.readable(signature, "the signature")
        with self._guard.use() as key:
            return lib.snova_verify_prepared(key, sig, siglen, m, mlen) == 0

    def verify_hashed(self, hasher: "Hasher", signature: Buffer) -> bool:
        sig, siglen = _buffers.readable(signature, "the signature")
        with self._guard.use() as key:
            return hasher.finish(lambda h: lib.snova_verify_hashed_prepared(key, sig, siglen, h) == 0)


class SecretKey(_Prepared):
    """A prepared secret key: sign(message) -> signature."""

    def __init__(self, instance: "Instance", secret_key: Buffer):
        super().__init__(instance, secret_key, instance.secret_key_bytes, "a secret key",
                         lib.snova_secret_key_prepare, lib.snova_secret_key_free)

    def sign(self, message: Buffer) -> bytes:
        m, mlen = _buffers.readable(message, "the message")
        with self._guard.use() as key:
            return signed(self.instance.name, self.instance.signature_bytes,
                          lambda sig, siglen: lib.snova_sign_prepared(key, sig, siglen, m, mlen))

    def sign_with_salt(self, message: Buffer, salt: Buffer) -> bytes:
        m, mlen = _buffers.readable(message, "the message")
        salt_arg, _ = self.instance._exact(salt, self.instance.salt_bytes, "a salt")
        with self._guard.use() as key:
            return signed(self.instance.name, self.instance.signature_bytes,
                          lambda sig, siglen: lib.snova_sign_prepared_with_salt(key, sig, siglen, m, mlen, salt_arg))

    def sign_hashed(self, hasher: "Hasher") -> bytes:
        with self._guard.use() as key:
            return hasher.finish(lambda h: signed(
                self.instance.name, self.instance.signature_bytes,
                lambda sig, siglen: lib.snova_sign_hashed_prepared(key, sig, siglen, h)))
