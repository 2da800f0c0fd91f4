#!/usr/bin/env bash
# Puts Debian's libnode (Node.js 18 as a shared library, which exports V8's C++ API) and its
# headers into .libnode/ so that `cargo build` compiles the V8 render engine
# (server/ssr/v8/). Nothing is installed system-wide: the packages are downloaded with
# `apt-get download` and unpacked with `dpkg -x`, which also works where NodeSource's nodejs
# package is installed (there `apt-get install libnode-dev` fails on a dependency conflict).
#
# Runtime libraries that libnode needs and the system lacks (libuv, c-ares, …) are unpacked
# beside it; the binary finds them through the DT_RPATH that build.rs sets.
#
# Usage: bash scripts/fetch-libnode.sh     (then `cargo build --release` picks V8 up by itself)
# build.rs runs it by itself when .libnode/ is missing (with FETCH_LIBNODE_NO_SUDO=1: it then
# never asks for a sudo password and, without root, uses the package lists as they are).
# Idempotent: does nothing when .libnode/ already holds the same version. Two builds running it
# at once (debug and release) take turns on a lock file.
set -euo pipefail
cd "$(dirname "$0")/.."

dest=.libnode
packages=(libnode108 libnode-dev)
# libnode108's shared-library dependencies; the ones not installed are unpacked locally too.
runtime=(libuv1 libc-ares2 libicu72 libbrotli1 libnghttp2-14 libssl3 zlib1g)

SUDO=""
if [ "$(id -u)" -ne 0 ] && [ -z "${FETCH_LIBNODE_NO_SUDO:-}" ] && command -v sudo >/dev/null 2>&1; then
  SUDO="sudo"
fi

if ! command -v apt-get >/dev/null 2>&1 || ! command -v dpkg >/dev/null 2>&1; then
  echo "fetch-libnode: este script necesita apt-get y dpkg (Debian 12 o similar)" >&2
  exit 1
fi

if command -v flock >/dev/null 2>&1; then
  exec 9>"$dest.lock"
  flock 9
fi

candidate() { apt-cache policy "$1" 2>/dev/null | sed -n 's/^ *Candidate: //p'; }

version=$(candidate libnode108)
if [ -z "$version" ] || [ "$version" = "(none)" ]; then
  if [ "$(id -u)" -eq 0 ] || [ -n "$SUDO" ]; then
    echo "fetch-libnode: actualizando la lista de paquetes (apt-get update)"
    $SUDO apt-get update -qq
  fi
  version=$(candidate libnode108)
fi
if [ -z "$version" ] || [ "$version" = "(none)" ]; then
  echo "fetch-libnode: los repositorios de este sistema no ofrecen libnode108 (Debian 12)" >&2
  exit 1
fi

if [ -f "$dest/VERSION" ] && [ "$(cat "$dest/VERSION")" = "$version" ] && [ -e "$dest/ready" ]; then
  echo "fetch-libnode: $dest ya tiene libnode $version"
  exit 0
fi

for p in "${runtime[@]}"; do
  dpkg -s "$p" 2>/dev/null | grep -q '^Status: install ok installed' || packages+=("$p")
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "fetch-libnode: descargando ${packages[*]}"
sandbox=()
# As root apt downloads as its _apt user, which cannot write into a private temporary folder.
if [ "$(id -u)" -eq 0 ]; then sandbox=(-o APT::Sandbox::User=root); fi
(cd "$work" && apt-get download -qq "${sandbox[@]}" "${packages[@]}")
rm -rf "$dest.tmp"
mkdir -p "$dest.tmp"
for deb in "$work"/*.deb; do
  dpkg -x "$deb" "$dest.tmp"
done
# Keep the tracked README, replace everything else.
if [ -f "$dest/README.md" ]; then cp "$dest/README.md" "$dest.tmp/README.md"; fi
rm -rf "$dest"
mv "$dest.tmp" "$dest"
echo "$version" >"$dest/VERSION"
# A file with a fresh modification time: build.rs watches .libnode/ and cargo compares times
# (dpkg -x keeps the packages' old ones), so this is what makes the next build look again.
date -u +%Y-%m-%dT%H:%M:%SZ >"$dest/ready"
echo "fetch-libnode: libnode $version en $dest/ (cargo build lo usará para el motor V8)"
