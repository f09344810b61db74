"""A message fed in pieces (snova_hasher): its signature is that of the pieces'
concatenation. Signing or verifying with it ends it."""
import ctypes
import threading
from typing import Callable, TypeVar

from . import _buffers
from ._buffers import Buffer
from ._errors import Error
from ._native import HASHER_WORDS, lib

Result = TypeVar("Result")


class Hasher:
    def __init__(self, data: Buffer = b""):
        self._state = (ctypes.c_uint64 * HASHER_WORDS)()
        self._lock = threading.Lock()
        self._ended = False
        if lib.snova_hasher_init(self._state) != 0:
            raise Error("the library refused to start a hasher")
        self.update(data)

    def update(self, data: Buffer) -> None:
        piece, length = _buffers.readable(data, "a piece of the message")
        with self._lock:
            self._check_open()
            if lib.snova_hasher_update(self._state, piece, length) != 0:
                raise Error("the library refused the hasher's state")

    def finish(self, use: Callable[[object], Result]) -> Result:
        """use(state) (a signing or verifying call), which ends the hasher."""
        with self._lock:
            self._check_open()
            self._ended = True
            return use(self._state)

    def _check_open(self) -> None:
        if self._ended:
            raise Error("the hasher has ended (a signature was made or checked with it): make a new one")
