#!/bin/bash
# Installs (as root, with apt) the Debian packages smatch needs to build and run its tests.
set -euo pipefail
pkgs=(gcc make libsqlite3-dev libjansson-dev python3 dpkg-dev xz-utils)
missing=()
for p in "${pkgs[@]}"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && { echo "install_deps: all build dependencies present"; exit 0; }
if [ "$(id -u)" != 0 ]; then
	echo "install_deps: missing packages: ${missing[*]}; run as root: apt-get install ${missing[*]}" >&2
	exit 1
fi
apt-get update -q
DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}"
