#!/bin/bash
# Makes a ready-to-build Linux 6.1 tree (Debian's linux-source-6.1, defconfig,
# "make prepare") for running smatch through kbuild. Usage: prepare_kernel.sh [DIR]
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
dir=${1:-$repo/build/linux-6.1}
tarball=/usr/src/linux-source-6.1.tar.xz
jobs=$(nproc 2>/dev/null || echo 2)
log() { echo "prepare_kernel: $*"; }

if [ -e "$dir/.prepared" ]; then
	log "$dir is already prepared (remove $dir/.prepared to redo)"
	exit 0
fi

# 1. packages needed to extract and configure/prepare the kernel
pkgs=(linux-source-6.1 bc flex bison libelf-dev libssl-dev make gcc xz-utils)
missing=()
for p in "${pkgs[@]}"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
	if [ "$(id -u)" != 0 ]; then
		log "missing packages: ${missing[*]}; run as root: apt-get install -y ${missing[*]}" >&2
		exit 1
	fi
	log "installing ${missing[*]}"
	apt-get update -q
	DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}"
fi
[ -r "$tarball" ] || { log "$tarball not found" >&2; exit 1; }

# 2. extract once (into a temporary directory, renamed when complete)
if [ ! -e "$dir/.extracted" ]; then
	if [ -e "$dir" ]; then
		log "$dir exists but is not a complete extraction; remove it first" >&2
		exit 1
	fi
	mkdir -p "$(dirname "$dir")"
	tmp=$dir.partial
	rm -rf "$tmp"
	mkdir -p "$tmp"
	log "extracting $tarball into $dir"
	tar -xJf "$tarball" -C "$tmp" --strip-components=1
	touch "$tmp/.extracted"
	mv "$tmp" "$dir"
fi

# 3. configure and prepare (generated headers, scripts/, objtool, ...)
cd "$dir"
t0=$(date +%s)
if [ ! -e .config ]; then
	log "make defconfig"
	make -s defconfig
fi
log "make -j$jobs prepare"
make -s -j"$jobs" prepare
# "prepare" already builds scripts/ in 6.1; this is a no-op then, but makes
# sure host tools exist for single-directory builds such as "make kernel/".
log "make -j$jobs scripts"
make -s -j"$jobs" scripts
touch .prepared
log "ready: $dir ($(( $(date +%s) - t0 ))s for configure/prepare)"
