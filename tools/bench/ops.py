"""The operations the benchmark program measures (tools/bench/snova_bench.c), by the
names run.py asks it for and results.json records."""

# the operations on a prepared key and the preparations; their entries also keep
# the bytes a prepared key holds
PREPARED_OPS = ("prepare_pk", "prepare_sk", "sign_prepared", "verify_prepared")
PLAIN_OPS = ("keygen", "sign", "verify")
OPS = PLAIN_OPS + PREPARED_OPS
