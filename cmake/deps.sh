#!/usr/bin/env bash
# The Debian packages one make target needs (called by the Makefile's deps-* targets):
#   bash cmake/deps.sh TARGET PKG... [-- LOCALE...]
# PKG ending in '?' is installed only where the archive has it (chromium). LOCALE (de_DE.UTF-8)
# is generated when missing. Prints the packages missing for TARGET first; as non-root it prints
# the one apt-get line for them and exits 1; as root it installs them without Recommends and
# without letting any service start:
#   - a policy-rc.d answering 101 ("action forbidden") during the install (an existing one is set
#     aside and put back afterwards);
#   - the PostgreSQL server (package postgresql) is installed after postgresql-common, with
#     create_main_cluster = false in /etc/postgresql-common/createcluster.conf, so no cluster is
#     created (a file the administrator had before is put back afterwards; a new one keeps
#     false, so a later major version does not create one either);
#   - prometheus and influxdb, when this run installed them, get their boot-time start disabled
#     (deb-systemd-helper / update-rc.d): the tests start their own throwaway engines.
set -u
target=$1; shift
pkgs=(); locales=()
while [ $# -gt 0 ]; do
  if [ "$1" = -- ]; then shift; locales=("$@"); break; fi
  pkgs+=("$1"); shift
done
if ! command -v dpkg-query >/dev/null 2>&1; then
  echo "make $target: no dpkg-query here (not Debian): not checking packages; CMake reports any missing library"
  exit 0
fi
root=0; [ "$(id -u)" = 0 ] && root=1
installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }
in_archive() { [ -n "$(apt-cache policy "$1" 2>/dev/null | sed -n 's/^ *Candidate: *//p' | grep -v '(none)')" ]; }

missing=(); optional=()
for p in "${pkgs[@]}"; do
  case $p in
    *\?) p=${p%\?}; installed "$p" || optional+=("$p") ;;
    *) installed "$p" || missing+=("$p") ;;
  esac
done
missing_locales=()
for l in "${locales[@]}"; do
  norm=$(echo "$l" | tr 'A-Z' 'a-z' | sed 's/utf-8/utf8/')
  locale -a 2>/dev/null | tr 'A-Z' 'a-z' | grep -qx "$norm" || missing_locales+=("$l")
done
[ ${#missing[@]} -eq 0 ] && [ ${#optional[@]} -eq 0 ] && [ ${#missing_locales[@]} -eq 0 ] && exit 0

if [ "$root" = 1 ] && { [ ${#missing[@]} -gt 0 ] || [ ${#optional[@]} -gt 0 ]; }; then
  apt-get update -qq || { echo "make $target: apt-get update failed" >&2; exit 1; }
fi
for p in "${optional[@]}"; do
  if in_archive "$p"; then missing+=("$p"); else echo "make $target: $p is not in this machine's archive; the tests that need it will skip"; fi
done

if [ ${#missing[@]} -gt 0 ]; then
  echo "make $target needs ${#missing[@]} Debian packages that are not installed (see README, Set-up):"
  echo "  ${missing[*]}" | fold -s -w 100 | sed '2,$s/^/  /'
  if [ "$root" = 0 ]; then
    for p in "${missing[@]}"; do
      [ "$p" = postgresql ] && echo "(PostgreSQL server without a default cluster: as root, first install postgresql-common," \
        "then set 'create_main_cluster = false' in /etc/postgresql-common/createcluster.conf)"
    done
    echo "Run as root:"
    echo "  apt-get install -y --no-install-recommends ${missing[*]}"
    [ ${#missing_locales[@]} -gt 0 ] && echo "and enable ${missing_locales[*]} in /etc/locale.gen, then run locale-gen"
    exit 1
  fi
fi
if [ "$root" = 0 ]; then
  echo "make $target: the locale(s) ${missing_locales[*]} are missing; as root enable them in /etc/locale.gen" \
    "and run locale-gen (the locale tests skip meanwhile)"
  exit 0
fi

log=$(mktemp "${TMPDIR:-/tmp}/perfscribe-apt.XXXXXX")
policy=/usr/sbin/policy-rc.d; policy_saved=""
ccconf=/etc/postgresql-common/createcluster.conf; ccconf_saved=""
restore() {
  rm -f "$policy"
  [ -n "$policy_saved" ] && mv "$policy_saved" "$policy"
  [ -n "$ccconf_saved" ] && mv "$ccconf_saved" "$ccconf"
  rm -f "$log"
}
trap restore EXIT
trap 'exit 130' INT TERM
if [ -e "$policy" ]; then policy_saved=$(mktemp /usr/sbin/policy-rc.d.perfscribe.XXXXXX); cp -p "$policy" "$policy_saved"; fi
printf '#!/bin/sh\n# perfscribe make: no service starts during this install\nexit 101\n' >"$policy"
chmod 755 "$policy"

apt_install() {
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "$@" >"$log" 2>&1 ||
    { tail -30 "$log" >&2; echo "make $target: apt-get install $* failed" >&2; exit 1; }
}
pg_common_before=0; installed postgresql-common && pg_common_before=1
first=(); want_pg=0
for p in "${missing[@]}"; do
  if [ "$p" = postgresql ]; then want_pg=1; first+=(postgresql-common); else first+=("$p"); fi
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "make $target: installing ${#missing[@]} packages (no Recommends, no service started) ..."
  apt_install "${first[@]}"
fi
if [ "$want_pg" = 1 ]; then
  # an administrator's own createcluster.conf (postgresql-common was there before this run) is
  # put back afterwards; the one this run's postgresql-common made keeps create_main_cluster = false
  if [ "$pg_common_before" = 1 ] && [ -e "$ccconf" ]; then
    ccconf_saved=$(mktemp "$ccconf.XXXXXX"); cp -p "$ccconf" "$ccconf_saved"
  fi
  mkdir -p "$(dirname "$ccconf")"
  touch "$ccconf"
  sed -i '/^[# ]*create_main_cluster *=/d' "$ccconf"
  printf '# perfscribe: no default cluster (make test installs the server binaries only)\ncreate_main_cluster = false\n' >>"$ccconf"
  echo "make $target: installing the PostgreSQL server without a default cluster ($ccconf: create_main_cluster = false)"
  apt_install postgresql
fi
for svc in prometheus influxdb; do
  printf '%s\n' "${missing[@]}" | grep -qx "$svc" || continue
  command -v deb-systemd-helper >/dev/null && deb-systemd-helper disable "$svc.service" >/dev/null 2>&1
  [ -x "/etc/init.d/$svc" ] && command -v update-rc.d >/dev/null && update-rc.d "$svc" disable >/dev/null 2>&1
  echo "make $target: $svc installed for the tests' throwaway engines; its service is not started and not enabled at boot"
done
for l in "${missing_locales[@]}"; do
  command -v locale-gen >/dev/null || { echo "make $target: no locale-gen (package locales); $l not made" >&2; continue; }
  echo "make $target: generating the locale $l (the locale-independence tests use it)"
  sed -i "s/^# *\($l .*\)/\1/" /etc/locale.gen
  grep -q "^$l " /etc/locale.gen || echo "$l ${l#*.}" >>/etc/locale.gen
  locale-gen >/dev/null || { echo "make $target: locale-gen failed" >&2; exit 1; }
done
exit 0
