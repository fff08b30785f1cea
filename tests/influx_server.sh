#!/usr/bin/env bash
# A throwaway InfluxDB 1.x server for the tests (Debian's influxdb package):
#   bash tests/influx_server.sh run CMD...   start influxd in a temporary folder, HTTP on a free
#                                            loopback port (no other listener, no reporting),
#                                            run CMD with PS_INFLUX_HTTP=http://127.0.0.1:PORT and
#                                            PS_INFLUX_URL=influx://127.0.0.1:PORT set, then stop
#                                            it and remove the folder, also when CMD fails or is
#                                            interrupted; exit with CMD's status.
# Without influxd CMD runs with PS_INFLUX_NONE set to the reason (the tests then skip, except
# under CI=1, where they fail).
set -u
[ "${1:-}" = run ] || { echo "usage: $0 run CMD..." >&2; exit 2; }
shift
influxd=$(command -v influxd || true)
if [ -z "$influxd" ]; then
  export PS_INFLUX_NONE="no influxd (Debian package influxdb)"
  exec "$@"
fi
if ! command -v python3 >/dev/null; then
  export PS_INFLUX_NONE="no python3 to find a free port"
  exec "$@"
fi
dir=$(mktemp -d /tmp/ps-influx.XXXXXX)
pid=""
stop() {
  [ -n "$pid" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null
  rm -rf "$dir"
}
trap stop EXIT
trap 'exit 130' INT TERM
# two free loopback ports: HTTP, and the RPC service influxd always opens
read -r http rpc < <(python3 -c '
import socket
s = [socket.socket() for _ in range(2)]
for x in s: x.bind(("127.0.0.1", 0))
print(*[x.getsockname()[1] for x in s])')
cat >"$dir/influxdb.conf" <<EOF
reporting-disabled = true
bind-address = "127.0.0.1:$rpc"
[meta]
  dir = "$dir/meta"
[data]
  dir = "$dir/data"
  wal-dir = "$dir/wal"
  query-log-enabled = false
[monitor]
  store-enabled = false
[http]
  bind-address = "127.0.0.1:$http"
  log-enabled = false
[continuous_queries]
  enabled = false
[retention]
  enabled = false
[subscriber]
  enabled = false
EOF
"$influxd" run -config "$dir/influxdb.conf" >"$dir/influxd.log" 2>&1 &
pid=$!
ok=0
for _ in $(seq 1 100); do
  if python3 -c "import urllib.request,sys; sys.exit(0 if urllib.request.urlopen('http://127.0.0.1:$http/ping', timeout=1).status == 204 else 1)" 2>/dev/null; then
    ok=1; break
  fi
  kill -0 "$pid" 2>/dev/null || break
  sleep 0.1
done
if [ "$ok" != 1 ]; then
  echo "influx_server: influxd did not start:" >&2; tail -20 "$dir/influxd.log" >&2; exit 1
fi
export PS_INFLUX_HTTP="http://127.0.0.1:$http" PS_INFLUX_URL="influx://127.0.0.1:$http"
"$@"
