#!/usr/bin/env bash
# A throwaway PostgreSQL server on loopback for the account tests and local clusters: installs Debian's postgresql
# when missing (needs root, as on CI), initialises a cluster in a temp dir, starts it and prints its URL on stdout.
# Idempotent: a server already running from that dir is reused. Progress goes to stderr.
# SCORES_PG_DIR (default /tmp/scores-postgres) and SCORES_PG_PORT (default 55432) choose where.
set -euo pipefail
dir=${SCORES_PG_DIR:-/tmp/scores-postgres}
port=${SCORES_PG_PORT:-55432}
url="postgres://postgres@127.0.0.1:${port}/postgres"
say() { echo "ensure-postgres: $*" >&2; }

# The newest installed server (a client-only install has bin/ without pg_ctl).
bindir() { ls /usr/lib/postgresql/*/bin/pg_ctl 2>/dev/null | sort -V | tail -n 1 | xargs -r dirname; }
if [ -z "$(bindir)" ]; then
  if [ "$(id -u)" != 0 ]; then say "PostgreSQL missing and not root: install the postgresql package"; exit 1; fi
  say "installing postgresql (apt-get)"
  apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
fi
bin=$(bindir)
[ -x "$bin/pg_ctl" ] || { say "no pg_ctl under /usr/lib/postgresql"; exit 1; }

# initdb and postgres refuse to run as root: as root the cluster belongs to the postgres user.
as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
mkdir -p "$dir"
[ "$(id -u)" = 0 ] && chown postgres: "$dir"

# Parallel callers (test workers) wait for each other instead of racing initdb and start. The server must not
# inherit the lock (9>&- below), or it would hold it for its whole life.
exec 9>"$dir.lock"
flock 9

if ! as_owner "$bin/pg_ctl" -D "$dir/data" status >/dev/null 2>&1; then
  if [ ! -f "$dir/data/PG_VERSION" ]; then
    say "initialising a cluster in $dir/data"
    as_owner "$bin/initdb" -D "$dir/data" -U postgres --auth=trust --encoding=UTF8 --no-locale >/dev/null
  fi
  say "starting PostgreSQL on 127.0.0.1:$port"
  # Throwaway data: no fsync; the socket lives in the cluster dir, not /var/run.
  as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
    -o "-h 127.0.0.1 -p $port -k $dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
    start >/dev/null 9>&- || { say "PostgreSQL did not start; its log:"; tail -n 20 "$dir/server.log" >&2; exit 1; }
fi
"$bin/pg_isready" -q -h 127.0.0.1 -p "$port" -t 30 || { say "PostgreSQL is not answering on port $port"; exit 1; }
echo "$url"
