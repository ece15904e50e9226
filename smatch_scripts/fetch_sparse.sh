#!/bin/bash
# Fetches Debian's sparse source package with apt into a private build folder
# (no system file is touched), verifies its checksum and unpacks it.
set -euo pipefail

dest=${1:?usage: fetch_sparse.sh BUILD_DIR}
version=0.6.4
orig_sha256=bd98fd8a122ff79d38a81feb75ec728699101e80701f33f21180912c3c9e949c
orig=sparse_${version}.orig.tar.gz

mkdir -p "$dest"
dest=$(cd "$dest" && pwd)
apt_dir=$dest/apt
mkdir -p "$apt_dir/sources" "$apt_dir/lists/partial" "$apt_dir/cache/archives/partial"

system_sources=/etc/apt/sources.list.d/debian.sources
if [ ! -r "$system_sources" ]; then
	echo "fetch_sparse: $system_sources not found: cannot derive a deb-src list" >&2
	exit 1
fi
sed 's/^Types:.*/Types: deb-src/' "$system_sources" > "$apt_dir/sources/deb-src.sources"

apt_opts=(-o Dir::Etc::SourceList=/dev/null
	  -o "Dir::Etc::SourceParts=$apt_dir/sources"
	  -o "Dir::State::Lists=$apt_dir/lists"
	  -o "Dir::Cache=$apt_dir/cache"
	  -o APT::Sandbox::User=root)

cd "$dest"
if [ ! -f "$orig" ]; then
	echo "fetch_sparse: downloading Debian's sparse source package"
	apt-get -q "${apt_opts[@]}" update >"$apt_dir/update.log" 2>&1 ||
		{ cat "$apt_dir/update.log" >&2; echo "fetch_sparse: apt-get update failed" >&2; exit 1; }
	apt-get -q "${apt_opts[@]}" source --download-only "sparse=${version}-3" >"$apt_dir/source.log" 2>&1 ||
		{ cat "$apt_dir/source.log" >&2; echo "fetch_sparse: apt-get source failed" >&2; exit 1; }
fi
echo "$orig_sha256  $orig" | sha256sum -c --quiet - ||
	{ echo "fetch_sparse: checksum mismatch for $orig" >&2; rm -f "$orig"; exit 1; }
rm -rf "sparse-$version"
tar xzf "$orig"
echo "fetch_sparse: sparse $version unpacked in $dest/sparse-$version"
