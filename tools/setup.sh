#!/usr/bin/env bash
# Installs what the project needs on a fresh Debian 12 machine (as root, or
# through sudo): the host C compiler, the AArch64 cross toolchain, qemu-user,
# llvm-mca, and a Python venv in .venv. Downloads show their progress.
set -euo pipefail
cd "$(dirname "$0")/.."

apt_packages=(gcc libc6-dev make clang-19 llvm-19 lld-19 qemu-user binutils-aarch64-linux-gnu gcc-aarch64-linux-gnu
              libc6-dev-arm64-cross libgcc-12-dev-arm64-cross python3-venv valgrind
              cmake pkg-config libclang-rt-19-dev)
# on an arm64 machine the native compiler and C library are the AArch64 ones (Debian
# has no cross packages to its own architecture)
if [ "$(dpkg --print-architecture 2>/dev/null)" = arm64 ]; then
    native=()
    for pkg in "${apt_packages[@]}"; do
        case "$pkg" in *-aarch64-linux-gnu | *-arm64-cross) ;; *) native+=("$pkg") ;; esac
    done
    apt_packages=("${native[@]}")
fi
missing=()
for pkg in "${apt_packages[@]}"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
if [ ${#missing[@]} -gt 0 ]; then
    sudo=()
    [ "$(id -u)" = 0 ] || sudo=(sudo)
    echo "setup: installing ${missing[*]}"
    "${sudo[@]}" apt-get update
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y "${missing[@]}"
fi

if [ ! -x .venv/bin/python ] || ! cmp -s requirements.txt .venv/requirements.txt; then
    echo "setup: creating .venv"
    python3 -m venv .venv
    .venv/bin/pip install -q --upgrade pip
    .venv/bin/pip install --progress-bar off -r requirements.txt
    cp requirements.txt .venv/requirements.txt
fi
echo "setup: ok"
