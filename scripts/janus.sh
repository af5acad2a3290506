#!/usr/bin/env bash
# Starts Debian's Janus for group calls with a configuration of its own: only the VideoRoom
# plugin and the WebSocket transport, the API bound to 127.0.0.1 and guarded by a secret, so
# the app server (JANUS_URL, JANUS_API_SECRET) is the only thing that can talk to it. Media
# ports are the only ones browsers reach.
#   scripts/janus.sh <state dir> <ws port> <api secret>
# Prints the pid; the log is <state dir>/janus.log.
set -euo pipefail
dir="$1"; port="$2"; secret="$3"
lib=/usr/lib/x86_64-linux-gnu/janus
[ -d "$lib" ] || lib="$(dirname "$(dirname "$(find /usr/lib -name libjanus_videoroom.so -print -quit)")")"
mkdir -p "$dir/conf"
# No rooms from the sample file: the app server creates each call's room with a pin and a secret.
printf 'general: {\n\tadmin_key = "%s"\n\tlock_rtp_forward = true\n}\n' "$secret" > "$dir/conf/janus.plugin.videoroom.jcfg"
printf 'general: {\n\tjson = "plain"\n\tws = true\n\tws_port = %s\n\tws_ip = "127.0.0.1"\n\twss = false\n}\nadmin: {\n\tadmin_ws = false\n}\n' "$port" > "$dir/conf/janus.transport.websockets.jcfg"
disable_plugins="$(cd "$lib/plugins" && ls *.so | grep -v '^libjanus_videoroom.so$' | paste -sd, -)"
disable_transports="$(cd "$lib/transports" && ls *.so | grep -v '^libjanus_websockets.so$' | paste -sd, -)"
cat > "$dir/conf/janus.jcfg" <<CONF
general: {
	configs_folder = "$dir/conf"
	plugins_folder = "$lib/plugins"
	transports_folder = "$lib/transports"
	events_folder = "$lib/events"
	loggers_folder = "$lib/loggers"
	debug_level = ${JANUS_DEBUG_LEVEL:-3}
	debug_timestamps = ${JANUS_DEBUG_TIMESTAMPS:-false}
	api_secret = "$secret"
	admin_secret = "$secret"
	session_timeout = 60
}
certificates: {
}
media: {
	rtp_port_range = "40000-49999"
}
nat: {
	ice_ignore_list = "vmnet,docker,br-,veth"
}
plugins: {
	disable = "$disable_plugins"
}
transports: {
	disable = "$disable_transports"
}
events: {
	broadcast = false
}
loggers: {
	disable = "libjanus_jsonlog.so"
}
CONF
nohup /usr/bin/janus -F "$dir/conf" -L "$dir/janus.log" -N > "$dir/janus.out" 2>&1 &
pid=$!
for _ in $(seq 1 50); do
  if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then echo "$pid"; exit 0; fi
  kill -0 "$pid" 2>/dev/null || break
  sleep 0.2
done
echo "janus did not start; see $dir/janus.log" >&2
exit 1
