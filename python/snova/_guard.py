"""A C object that threads share (a prepared key, a hasher): calls may run at
once; close waits for the calls in progress, then frees the object once."""
import threading
from contextlib import contextmanager
from typing import Callable, Iterator

from ._errors import Error


class Guard:
    def __init__(self, pointer: object, free: Callable[[object], None], what: str):
        self._pointer: object = pointer
        self._free = free
        self._what = what
        self._users = 0
        self._idle = threading.Condition()

    @contextmanager
    def use(self) -> Iterator[object]:
        with self._idle:
            if self._pointer is None:
                raise Error(f"the {self._what} is closed")
            self._users += 1
            pointer = self._pointer
        try:
            yield pointer
        finally:
            with self._idle:
                self._users -= 1
                self._idle.notify_all()

    def close(self) -> None:
        with self._idle:
            pointer, self._pointer = self._pointer, None
            self._idle.wait_for(lambda: self._users == 0)
        if pointer is not None:
            self._free(pointer)

    @property
    def closed(self) -> bool:
        return self._pointer is None
