"""Python buffers to C pointers and back: bytes-like inputs (bytes, bytearray,
memoryview, any contiguous buffer) without copies where Python allows it, and
outputs that are wiped once their bytes are taken when they held a secret."""
import ctypes
from typing import Union

Buffer = Union[bytes, bytearray, memoryview]


def readable(data: Buffer, what: str) -> tuple[object, int]:
    """A pointer argument for data and its length in bytes. bytes pass as they
    are; a writable contiguous buffer is lent (it cannot be resized during the
    call); any other buffer is copied."""
    if isinstance(data, bytes):
        return data, len(data)
    try:
        view = memoryview(data)
    except TypeError:
        raise TypeError(f"{what} must be bytes-like (bytes, bytearray, memoryview), "
                        f"not {type(data).__name__}") from None
    if view.readonly or not view.c_contiguous or view.nbytes == 0:
        return view.tobytes(), view.nbytes
    return (ctypes.c_ubyte * view.nbytes).from_buffer(view.cast("B")), view.nbytes


def output(size: int) -> ctypes.Array:
    return ctypes.create_string_buffer(size)


def taken(buffer: ctypes.Array, size: int, secret: bool = False) -> bytes:
    """The first size bytes of an output; a secret output is zeroed behind them."""
    data = buffer.raw[:size]
    if secret:
        ctypes.memset(buffer, 0, len(buffer))
    return data
