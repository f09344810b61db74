"""Constant-time checks: traces of a program under qemu compared across secrets
(trace.py with the cttrace plugin, trace.c), and the static check of the
generated kernels (kernel_check.py). See docs/security.md."""
