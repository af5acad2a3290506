#!/usr/bin/env bash
# Starts Debian's coturn for calls with REST credentials (use-auth-secret): the app server
# (TURN_URLS, TURN_SECRET) hands each user a username `{expiry}:{wtId}` and its HMAC-SHA1
# credential, valid TURN_TTL_SECONDS. Loopback peers are allowed so that browsers on this
# machine can relay to each other in tests.
#   scripts/coturn.sh <state dir> <port> <secret> [listening ip]
# Prints the pid; the log is <state dir>/turnserver.log.
set -euo pipefail
dir="$1"; port="$2"; secret="$3"; ip="${4:-127.0.0.1}"
mkdir -p "$dir"
nohup /usr/bin/turnserver -n --no-stdout-log --log-file "$dir/turnserver.log" --simple-log \
  --listening-ip "$ip" --relay-ip "$ip" --listening-port "$port" \
  --min-port 50000 --max-port 50999 \
  --use-auth-secret --static-auth-secret "$secret" --realm weitalk \
  --fingerprint --no-tls --no-dtls --no-cli --no-multicast-peers --allow-loopback-peers \
  --pidfile "$dir/turnserver.pid" > "$dir/turnserver.out" 2>&1 &
pid=$!
for _ in $(seq 1 50); do
  if grep -q "Total General servers" "$dir/turnserver.log" 2>/dev/null || ss -lun 2>/dev/null | grep -q ":$port "; then echo "$pid"; exit 0; fi
  kill -0 "$pid" 2>/dev/null || break
  sleep 0.2
done
echo "turnserver did not start; see $dir/turnserver.log" >&2
exit 1
