"""snova-neon-gen: emits scheduled AArch64 NEON assembly for SNOVA's hot primitives."""
