# Sourced by CLI tests that use PostgreSQL: pg_new_db NAME creates a fresh database on the
# server tests/pg_server.sh started and prints its URL. Without a server the test skips (exit 77),
# except under CI=1, where PostgreSQL tests must run: then it fails.
pg_require() {
  if [ -z "${PS_PG_URL:-}" ] || ! command -v psql >/dev/null; then
    . "$PS_SOURCE_DIR/tests/lib/skip.sh"
    ps_skip "no PostgreSQL server (make test starts one; tests/pg_server.sh)"
  fi
}
pg_new_db() {
  local name=$1
  PGOPTIONS="-c client_min_messages=warning" psql -q -v ON_ERROR_STOP=1 -d postgres -c "DROP DATABASE IF EXISTS $name" -c "CREATE DATABASE $name" >/dev/null || exit 1
  echo "postgresql://perfscribe@/$name?host=$PGHOST"
}
