#!/usr/bin/env bash
# What `make demo` and `make test` leave on the machine (issue 33): no PostgreSQL cluster
# (pg_lsclusters empty), nothing listening on PostgreSQL's, Prometheus's or InfluxDB's default
# ports (5432, 9090, 8086, 8088), and neither prometheus nor influxdb enabled at boot.
#   bash tests/setup_services.sh state          print what exists now, one line per item
#   bash tests/setup_services.sh check [FILE]   exit 1, naming each item, when anything exists
#                                               that is not in FILE (a 'state' taken before)
# It checks the machine, not the build, so it is no ctest: .ci/run runs it after make demo and
# after make test (against the state before), bench/bench_setup.sh in a fresh Debian 12 root.
set -u
state() {
  if command -v pg_lsclusters >/dev/null; then
    pg_lsclusters -h 2>/dev/null | awk '{ print "PostgreSQL cluster " $1 "/" $2 " (port " $3 ", " $4 ")" }'
  fi
  # listening TCP sockets from /proc (no ss/netstat needed): state 0A is LISTEN
  for port in 5432 9090 8086 8088; do
    hex=$(printf '%04X' "$port")
    cat /proc/net/tcp /proc/net/tcp6 2>/dev/null |
      awk -v p=":$hex" '$4 == "0A" && substr($2, length($2) - 4) == p { f = 1 } END { exit !f }' &&
      echo "something listens on TCP port $port"
  done
  for svc in prometheus influxdb; do
    for link in /etc/systemd/system/*.wants/"$svc".service /etc/rc[2345].d/S??"$svc"; do
      [ -e "$link" ] && echo "$svc enabled at boot ($link)"
    done
  done
  return 0
}
case "${1:-}" in
  state) state ;;
  check)
    now=$(state)
    if [ -n "${2:-}" ]; then new=$(printf '%s\n' "$now" | grep -vxF -f "$2" | grep .); else new=$now; fi
    if [ -n "$new" ]; then printf 'FAIL: %s\n' "$new"; exit 1; fi
    echo "ok: no PostgreSQL cluster, nothing on ports 5432/9090/8086/8088, no engine enabled at boot${2:+ (none beyond the state before)}" ;;
  *) echo "usage: $0 state | check [STATE-FILE]" >&2; exit 2 ;;
esac
