#!/bin/sh
# Renders deploy/nginx/corral.conf for a listen address and the processes behind it, on standard output:
#   deploy/nginx/render.sh 8080 127.0.0.1:3001 127.0.0.1:3002 127.0.0.1:3003 > /etc/nginx/conf.d/corral.conf
set -eu
if [ "$#" -lt 2 ]; then
  echo "usage: $0 <listen> <host:port> [<host:port> …]" >&2
  exit 2
fi
listen=$1
shift
servers=""
for upstream in "$@"; do
  servers="${servers}server ${upstream} max_fails=1 fail_timeout=5s; "
done
sed -e "s|@@LISTEN@@|${listen}|g" -e "s|@@UPSTREAM_SERVERS@@|${servers}|g" "$(dirname "$0")/corral.conf"
