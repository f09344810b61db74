#!/usr/bin/env python3
"""Generate the AArch64 NEON kernels of snova-neon-gen; see README.md."""
import sys

from generator.cli import main

if __name__ == "__main__":
    sys.exit(main())
