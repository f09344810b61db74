# make cross: libsnova (shared and static) and, where it builds, the snova command
# with CMake for macOS and Windows, cross-compiled here with zig cc (PyPI ziglang,
# requirements.txt), each in build/cross/<target>/ (docs/platforms.md). Included
# by the top-level Makefile. Targets:
#   make cross             every target of CROSS_TARGETS
#   make cross-<target>    one: aarch64-macos, x86_64-macos, aarch64-windows, x86_64-windows
# CMake's own build keeps each tree up to date, so a second run rebuilds what changed only.
CROSS_TARGETS := aarch64-macos x86_64-macos aarch64-windows x86_64-windows
# zig's name of each target (Windows: the MinGW-w64 C library)
CROSS_ZIG.aarch64-macos := aarch64-macos
CROSS_ZIG.x86_64-macos := x86_64-macos
CROSS_ZIG.aarch64-windows := aarch64-windows-gnu
CROSS_ZIG.x86_64-windows := x86_64-windows-gnu
CROSS_JOBS ?= $(JOBS)
CROSS_BUILD_TYPE ?= Release

.PHONY: cross $(addprefix cross-,$(CROSS_TARGETS))
cross: $(addprefix cross-,$(CROSS_TARGETS))

# $(1) = target
define cross_rules
build/cross/$(1)/zig/cc build/cross/$(1)/zig/ar build/cross/$(1)/zig/ranlib: cmake/cross.mk
	@mkdir -p $$(@D)
	printf '#!/bin/sh\nexec %s -m ziglang %s "$$$$@"\n' "$(abspath $(PYTHON))" \
	    "$$(if $$(filter %/cc,$$@),cc -target $(CROSS_ZIG.$(1)),$$(@F))" > $$@
	chmod +x $$@

cross-$(1): $(SETUP_STAMP) build/cross/$(1)/zig/cc build/cross/$(1)/zig/ar build/cross/$(1)/zig/ranlib
	cmake -S . -B build/cross/$(1) -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/zig.cmake \
	    -DSNOVA_ZIG_TARGET=$(CROSS_ZIG.$(1)) -DSNOVA_ZIG_BIN=$(abspath build/cross/$(1)/zig) \
	    -DCMAKE_BUILD_TYPE=$(CROSS_BUILD_TYPE) -DSNOVA_BUILD_TESTS=OFF
	cmake --build build/cross/$(1) -j$(CROSS_JOBS)
endef
$(foreach t,$(CROSS_TARGETS),$(eval $(call cross_rules,$(t))))
