#!/bin/sh
# Installs exactly the Debian packages from third_party/packages.txt that are missing.
# Safe to run repeatedly: when everything is present it does nothing.
# Packages marked 'optional' in packages.txt are installed only with --optional,
# those marked 'cuda' (the CUDA target's compiler) only with --cuda, those marked
# 'hip' (the HIP target's compiler, runtime and device libraries) only with --hip.
set -eu
optional=0
cuda=0
hip=0
for arg in "$@"; do
  case "$arg" in
    --optional) optional=1 ;;
    --cuda) cuda=1 ;;
    --hip) hip=1 ;;
    *) echo "usage: $0 [--optional] [--cuda] [--hip]" >&2; exit 2 ;;
  esac
done
here=$(cd "$(dirname "$0")" && pwd)
missing=""
for pkg in $(grep -v '^#' "$here/packages.txt" |
             awk -v opt="$optional" -v cuda="$cuda" -v hip="$hip" \
               'NF && ($2 != "optional" || opt) && ($2 != "cuda" || cuda) && ($2 != "hip" || hip) {print $1}'); do
  if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
    missing="$missing $pkg"
  fi
done
[ -z "$missing" ] && exit 0
echo "weft: installing missing packages:$missing"
sudo=""
if [ "$(id -u)" != 0 ]; then
  command -v sudo >/dev/null || { echo "weft: run as root or install sudo to install:$missing" >&2; exit 1; }
  sudo=sudo
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
# shellcheck disable=SC2086
$sudo apt-get install -y -qq --no-install-recommends $missing
