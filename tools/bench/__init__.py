"""Measurement tools: exact executed-instruction counts under qemu-user
(insncount plugin) and static per-block cycle estimates with llvm-mca.
See tools/bench/README.md."""
