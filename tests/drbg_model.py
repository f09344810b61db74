"""The NIST PQC known-answer DRBG (AES-256 CTR_DRBG without a derivation function),
modelled in Python on the `cryptography` package's AES: the tests draw the seeds
and salts of the known answers from it."""


def drbg_model(entropy, lens):
    """NIST PQC CTR_DRBG (AES-256, no derivation function) in Python."""
    from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

    def ecb(key, block):
        e = Cipher(algorithms.AES(key), modes.ECB()).encryptor()
        return e.update(block) + e.finalize()

    def inc(v):
        return ((int.from_bytes(v, "big") + 1) % (1 << 128)).to_bytes(16, "big")

    def update(provided, key, v):
        temp = b""
        for _ in range(3):
            v = inc(v)
            temp += ecb(key, v)
        if provided is not None:
            temp = bytes(x ^ y for x, y in zip(temp, provided))
        return temp[:32], temp[32:]

    key, v = update(entropy, bytes(32), bytes(16))
    outs = []
    for n in lens:
        out = b""
        while len(out) < n:
            v = inc(v)
            out += ecb(key, v)
        outs.append(out[:n])
        key, v = update(None, key, v)
    return outs
