#!/usr/bin/env bash
# A throwaway PostgreSQL server for the tests (Debian's postgresql package):
#   bash tests/pg_server.sh run CMD...   start a server in a temporary folder (Unix socket only,
#                                        no TCP), run CMD with PGHOST/PGUSER/PGDATABASE and
#                                        PS_PG_URL set, then stop it and remove the folder, also
#                                        when CMD fails or is interrupted; exit with CMD's status.
# The server runs as the user 'postgres' when started by root (PostgreSQL refuses root).
# Without the server binaries CMD runs without PS_PG_URL (the PostgreSQL tests then skip,
# except under CI=1, where they fail).
set -u
[ "${1:-}" = run ] || { echo "usage: $0 run CMD..." >&2; exit 2; }
shift
bindir=${PG_BINDIR:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)}
if [ -z "$bindir" ] || [ ! -x "$bindir/initdb" ]; then
  echo "pg_server: no PostgreSQL server binaries; PostgreSQL tests will skip" >&2
  exec "$@"
fi
dir=$(mktemp -d /tmp/ps-pg.XXXXXX)
as=()
if [ "$(id -u)" = 0 ]; then
  chown postgres "$dir"
  as=(runuser -u postgres --)
fi
stop() {
  "${as[@]}" "$bindir/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1
  rm -rf "$dir"
}
trap stop EXIT
trap 'exit 130' INT TERM
"${as[@]}" "$bindir/initdb" -D "$dir/data" -U perfscribe --auth=trust --locale=C -E UTF8 >"$dir/initdb.log" 2>&1 ||
  { cat "$dir/initdb.log" >&2; exit 1; }
"${as[@]}" "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
  -o "-k $dir -c listen_addresses='' -c fsync=off -c max_connections=50" start >/dev/null ||
  { cat "$dir/server.log" >&2; exit 1; }
export PGHOST=$dir PGUSER=perfscribe PGDATABASE=postgres
export PS_PG_URL="postgresql://perfscribe@/postgres?host=$dir"
"$@"
