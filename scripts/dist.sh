#!/usr/bin/env bash
# Builds the relocatable release: dist/mostrador-<version>-linux-x86_64.tar.gz with
#   bin/mostrador   the release binary, its RPATH set to $ORIGIN/../lib (patchelf)
#   lib/            libnode and every shared library the binary needs beyond the C/C++ runtime
#                   that every Debian 12 has (glibc, libstdc++, libgcc_s), found with ldd
#   deploy/         systemd units, environment file, Caddy and nginx examples, DEPLOY.md
# so it runs from any folder of a Debian 12 machine without the build tree or `.libnode/`.
#
# Usage: bash scripts/dist.sh        (builds with `cargo build --release` first; V8 required)
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v patchelf >/dev/null 2>&1; then
  echo "dist: falta patchelf (Debian: apt-get install patchelf)" >&2
  exit 1
fi

version=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -n1)
name="mostrador-$version-linux-x86_64"
MOSTRADOR_REQUIRE_V8=1 cargo build --release --bin mostrador
target_dir=$(cargo metadata --format-version 1 --no-deps | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')
binary="$target_dir/release/mostrador"

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
root="$stage/$name"
mkdir -p "$root/bin" "$root/lib" "$root/deploy"
cp "$binary" "$root/bin/mostrador"
strip --strip-debug "$root/bin/mostrador"

# Libraries as this build resolves them (through its RPATH into .libnode/ for libnode and what
# was unpacked beside it), minus the runtime every Debian 12 installs.
base='^(linux-vdso|ld-linux|libc|libm|libdl|libpthread|librt|libresolv|libstdc\+\+|libgcc_s)\.so'
ldd "$binary" | awk '$2 == "=>" && $3 ~ /^\// { print $1, $3 }' | while read -r soname path; do
  if [[ "$soname" =~ $base ]]; then continue; fi
  cp -L "$path" "$root/lib/$soname"
done
if ! ls "$root/lib" | grep -q '^libnode\.so'; then
  echo "dist: el binario no enlaza libnode (¿se compiló sin V8?)" >&2
  exit 1
fi
# The binary finds them beside it; each library finds its siblings the same way.
patchelf --force-rpath --set-rpath '$ORIGIN/../lib' "$root/bin/mostrador"
for lib in "$root/lib"/*; do
  patchelf --force-rpath --set-rpath '$ORIGIN' "$lib"
done

cp deploy/* "$root/deploy/"
mkdir -p dist
tar -C "$stage" -czf "dist/$name.tar.gz" "$name"
echo "dist/$name.tar.gz ($(du -h "dist/$name.tar.gz" | cut -f1)): $(ls "$root/lib" | tr '\n' ' ')"
