"""The one way every signing call ends: its signature, or Error."""
import ctypes
from typing import Callable

from . import _buffers
from ._errors import Error
from ._native import ERR_KEY_CANNOT_SIGN


def signed(what: str, size: int, call: Callable[[ctypes.Array, object], int]) -> bytes:
    """The signature a signing call writes (call(sig, byref(siglen))), or Error."""
    sig, siglen = _buffers.output(size), ctypes.c_size_t(0)
    result = call(sig, ctypes.byref(siglen))
    if result == ERR_KEY_CANNOT_SIGN:
        raise Error(f"{what}: this secret key cannot sign (every attempt met a singular system)")
    if result != 0:
        raise Error(f"{what}: the library refused to sign (a malformed secret key, "
                    "or no randomness from the operating system)")
    return _buffers.taken(sig, siglen.value)
