#!/usr/bin/env bash
# Browser tests use Debian's Chromium; install it once when missing (needs root, as on CI).
[ -x /usr/bin/chromium ] && exit 0
if [ "$(id -u)" != 0 ]; then echo "Chromium missing and not root: install the chromium package"; exit 1; fi
apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
