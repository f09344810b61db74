"""The shared library libsnova (include/snova.h) and its functions' C types.

The wheel carries the library beside this file; SNOVA_LIBRARY names another
copy (a build tree's build/lib/host/libsnova.so.0). ctypes releases the GIL for
the length of every call, so threads sign and verify in parallel."""
import ctypes
import os
from pathlib import Path

LIBRARY_FILE = "libsnova.so.0"
# the size of the C API's snova_hasher (uint64_t opaque[32])
HASHER_WORDS = 32
# snova_sign's result when every attempt met a singular system
ERR_KEY_CANNOT_SIGN = -2

_p, _size, _int, _sizep = ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.POINTER(ctypes.c_size_t)

# name: (result type, argument types), as include/snova.h declares them; every
# buffer is a void pointer so that bytes and ctypes arrays pass without copies
PROTOTYPES = {
    "snova_instance_by_name": (_p, [ctypes.c_char_p]),
    "snova_instance_by_id": (_p, [_int]),
    "snova_instance_name": (ctypes.c_char_p, [_p]),
    "snova_instance_algname": (ctypes.c_char_p, [_p]),
    "snova_instance_round": (_int, [_p]),
    "snova_instance_status": (_int, [_p]),
    "snova_status_name": (ctypes.c_char_p, [_int]),
    "snova_public_key_bytes": (_size, [_p]),
    "snova_secret_key_bytes": (_size, [_p]),
    "snova_signature_bytes": (_size, [_p]),
    "snova_keypair_seed_bytes": (_size, [_p]),
    "snova_salt_bytes": (_size, [_p]),
    "snova_keypair": (_int, [_p, _p, _p]),
    "snova_keypair_from_seed": (_int, [_p, _p, _p, _p]),
    "snova_sign": (_int, [_p, _p, _sizep, _p, _size, _p]),
    "snova_sign_with_salt": (_int, [_p, _p, _sizep, _p, _size, _p, _p]),
    "snova_verify": (_int, [_p, _p, _size, _p, _size, _p]),
    "snova_hasher_init": (_int, [_p]),
    "snova_hasher_update": (_int, [_p, _p, _size]),
    "snova_sign_hashed": (_int, [_p, _p, _sizep, _p, _p]),
    "snova_verify_hashed": (_int, [_p, _p, _size, _p, _p]),
    "snova_public_key_prepare": (_p, [_p, _p]),
    "snova_secret_key_prepare": (_p, [_p, _p]),
    "snova_public_key_free": (None, [_p]),
    "snova_secret_key_free": (None, [_p]),
    "snova_verify_prepared": (_int, [_p, _p, _size, _p, _size]),
    "snova_sign_prepared": (_int, [_p, _p, _sizep, _p, _size]),
    "snova_sign_prepared_with_salt": (_int, [_p, _p, _sizep, _p, _size, _p]),
    "snova_sign_hashed_prepared": (_int, [_p, _p, _sizep, _p]),
    "snova_verify_hashed_prepared": (_int, [_p, _p, _size, _p]),
}


def library_path() -> Path:
    return Path(os.environ.get("SNOVA_LIBRARY") or Path(__file__).with_name(LIBRARY_FILE))


def load() -> ctypes.CDLL:
    lib = ctypes.CDLL(str(library_path()))
    for name, (restype, argtypes) in PROTOTYPES.items():
        function = getattr(lib, name)
        function.restype, function.argtypes = restype, argtypes
    return lib


lib = load()
