"""CPU features the kernels need at run time: the .arch directive that lets a
file use exactly its kernel's features, and how a program asks each operating
system whether the CPU has one (the header's <prefix>kernels_have_<feature>())."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Probe:
    linux_hwcap_bit: int     # bit of getauxval(AT_HWCAP) (arch/arm64 uapi hwcap.h)
    apple_sysctl: str        # sysctlbyname name, 1 when present
    windows_pf: str          # IsProcessorFeaturePresent argument (winnt.h)
    windows_pf_value: int    # its value, for SDKs that predate it


# Arm's FEAT_<name> -> probe, in the order the header declares the helpers.
PROBES = {
    "AdvSIMD": Probe(1, "hw.optional.AdvSIMD", "PF_ARM_NEON_INSTRUCTIONS_AVAILABLE", 19),
    "AES": Probe(3, "hw.optional.arm.FEAT_AES", "PF_ARM_V8_CRYPTO_INSTRUCTIONS_AVAILABLE", 30),
    "SHA3": Probe(17, "hw.optional.arm.FEAT_SHA3", "PF_ARM_SHA3_INSTRUCTIONS_AVAILABLE", 64),
}

# The .arch directive by the features a kernel needs: exactly those, so that the
# file assembles with default flags and the assembler rejects any instruction
# the declared features do not cover.
ARCH = {(): "armv8-a+nosimd+nofp", ("AdvSIMD",): "armv8-a", ("AdvSIMD", "AES"): "armv8-a+aes",
        ("AdvSIMD", "SHA3"): "armv8.2-a+sha3"}
