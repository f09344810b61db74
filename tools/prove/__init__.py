"""The kernels' proofs on their object code (make prove; docs/proofs.md)."""
