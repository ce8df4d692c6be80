#!/usr/bin/env bash
# The servers a local cluster and its tests use beside Node: Debian's nats-server (JetStream) and nginx
# (the load balancer in front of the edges). Installs the missing ones with apt-get when run as root, without
# starting their system services (the tests and `npm run cluster` start their own on loopback).
# Prints nothing on stdout; exits 1 when one is missing and cannot be installed.
set -euo pipefail
say() { echo "ensure-cluster-packages: $*" >&2; }
missing=()
command -v nats-server >/dev/null 2>&1 || [ -x /usr/sbin/nats-server ] || missing+=(nats-server)
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing+=(nginx-light)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" != 0 ]; then say "missing ${missing[*]} and not root: install them with apt"; exit 1; fi
say "installing ${missing[*]} (apt-get)"
# Keep the packages' services from starting (a policy-rc.d that refuses, unless one is there already).
policy=/usr/sbin/policy-rc.d
added_policy=0
if [ ! -e "$policy" ]; then printf '#!/bin/sh\nexit 101\n' >"$policy"; chmod +x "$policy"; added_policy=1; fi
trap '[ "$added_policy" = 1 ] && rm -f "$policy"' EXIT
apt-get update -qq >&2 || true
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
