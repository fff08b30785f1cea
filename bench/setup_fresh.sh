#!/usr/bin/env bash
# make demo and make test on a fresh Debian 12, measured (issue 33; not part of make bench):
#   sudo bash bench/setup_fresh.sh [ROOT]
# Without a container engine: debootstrap --variant=minbase bookworm into ROOT (default
# /tmp/ps-bookworm; the same package set as the debian:bookworm image, 88 packages), or reuse
# a tar of one (ROOT_TAR=...), with this machine's apt sources; the committed tree (git archive
# HEAD) in ROOT/src; then, in a chroot with /proc, /sys and /dev mounted:
#   1. the package count the Makefile of OLD_REV (default df95b51, before issue 33) would install
#      for make demo (apt-get install --simulate of its DEB_PKGS list, with Recommends as it did);
#   2. apt-get install make (not in a minimal image), make demo, timed, packages counted, then tests/setup_services.sh check;
#   3. make test, timed, packages counted, the same check.
# Needs root, debootstrap and the Debian archive; takes 20-40 minutes on 2 cores (the build has no
# ccache in the fresh root). The chroot shares this machine's network: the port check sees it.
set -euo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
root=${1:-/tmp/ps-bookworm}
old_rev=${OLD_REV:-df95b51}
[ "$(id -u)" = 0 ] || { echo "setup_fresh: needs root (debootstrap, chroot)" >&2; exit 2; }
if [ ! -d "$root/etc" ]; then
  if [ -n "${ROOT_TAR:-}" ]; then mkdir -p "$root" && tar -C "$root" -xf "$ROOT_TAR"
  else debootstrap --variant=minbase bookworm "$root" "${MIRROR:-http://deb.debian.org/debian}" >/dev/null
  fi
fi
if [ -f /etc/apt/sources.list.d/debian.sources ]; then
  cp /etc/apt/sources.list.d/debian.sources "$root/etc/apt/sources.list.d/" && rm -f "$root/etc/apt/sources.list"
fi
cp /etc/resolv.conf "$root/etc/"
rm -rf "$root/src" && mkdir -p "$root/src"
git -C "$src" archive HEAD | tar -x -C "$root/src"
cleanup() { for m in dev/pts dev sys proc; do umount -l "$root/$m" 2>/dev/null || true; done; }
trap cleanup EXIT
mount -t proc proc "$root/proc"; mount -t sysfs sys "$root/sys"
mount --bind /dev "$root/dev"; mount --bind /dev/pts "$root/dev/pts"
in_root() { chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LC_ALL=C "$@"; }
count() { in_root dpkg-query -W -f='${Status}\n' | grep -c 'install ok installed'; }

in_root apt-get update -qq
base=$(count)
old_pkgs=$(git -C "$src" show "$old_rev:Makefile" |
  awk '/^DEB_PKGS *:=/ { on = 1; sub(/^DEB_PKGS *:= */, "") } on { l = $0; sub(/\\$/, "", l); printf "%s ", l; if ($0 !~ /\\$/) exit }')
old_n=$(in_root apt-get install --simulate $old_pkgs | grep -c '^Inst')
echo "fresh root: $base packages; make demo of $old_rev would install $old_n (apt-get --simulate, with Recommends)"

t0=$(date +%s)
# a minimal image has no make: installed first (counted with make demo's packages)
in_root bash -c 'DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends make && cd /src && make demo' >"$root/demo.log" 2>&1 || { tail -40 "$root/demo.log"; exit 1; }
t1=$(date +%s)
demo_n=$(($(count) - base))
echo "make demo: $((t1 - t0)) s wall, $demo_n packages installed (log: $root/demo.log)"
in_root bash /src/tests/setup_services.sh check

in_root bash -c 'cd /src && make test' >"$root/test.log" 2>&1 || { tail -60 "$root/test.log"; exit 1; }
t2=$(date +%s)
echo "make test (after make demo): $((t2 - t1)) s wall, $(($(count) - base - demo_n)) more packages;" \
  "$(grep -E 'tests passed|tests failed' "$root/test.log" | tail -1)"
grep -E '\(Skipped\)|Not Run' "$root/test.log" || true
in_root bash /src/tests/setup_services.sh check
