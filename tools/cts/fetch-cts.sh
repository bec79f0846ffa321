#!/usr/bin/env bash
# Make a SYCL-CTS work tree for run-cts.sh: the Khronos SYCL-CTS at the commit docs/conformance.md
# was measured with, and its submodules (vendor/Catch2, vendor/OpenCL-Headers) at the commits it
# pins. Needs git and network access.
# usage: tools/cts/fetch-cts.sh DEST [COMMIT]
#   DEST    new folder for the checkout; if it is already a SYCL-CTS checkout, only its
#           submodules are filled in (git submodule update --init)
#   COMMIT  default 2397e7bd5279ffc4ea73ce7f21fea758506d9104 (2026-07-23)
set -euo pipefail
dest=${1:?usage: fetch-cts.sh DEST [COMMIT]}
commit=${2:-2397e7bd5279ffc4ea73ce7f21fea758506d9104}
if [ ! -d "$dest/.git" ]; then
  git clone https://github.com/KhronosGroup/SYCL-CTS "$dest"
  git -C "$dest" checkout --detach "$commit"
fi
git -C "$dest" submodule update --init   # Catch2 d548be26, OpenCL-Headers 5e2f8c66 at the default commit
git -C "$dest" submodule status
