#!/bin/sh
# Writes Janus's configuration from the environment, then runs Janus as process 1:
#   JANUS_API_SECRET (required), PUBLIC_IP (the address in ICE candidates),
#   JANUS_WS_PORT (8188, on 127.0.0.1), JANUS_RTP_PORTS (40000-49999).
set -eu
: "${JANUS_API_SECRET:?JANUS_API_SECRET is required}"
lib=/usr/lib/x86_64-linux-gnu/janus
[ -d "$lib" ] || lib="$(dirname "$(dirname "$(find /usr/lib -name libjanus_videoroom.so | head -n 1)")")"
conf="$(mktemp -d)"
printf 'general: {\n\tadmin_key = "%s"\n\tlock_rtp_forward = true\n}\n' "$JANUS_API_SECRET" >"$conf/janus.plugin.videoroom.jcfg"
printf 'general: {\n\tjson = "plain"\n\tws = true\n\tws_port = %s\n\tws_ip = "127.0.0.1"\n\twss = false\n}\nadmin: {\n\tadmin_ws = false\n}\n' "${JANUS_WS_PORT:-8188}" >"$conf/janus.transport.websockets.jcfg"
cat >"$conf/janus.jcfg" <<CONF
general: {
	configs_folder = "$conf"
	plugins_folder = "$lib/plugins"
	transports_folder = "$lib/transports"
	events_folder = "$lib/events"
	loggers_folder = "$lib/loggers"
	api_secret = "$JANUS_API_SECRET"
	log_to_stdout = true
	session_timeout = 60
}
media: {
	rtp_port_range = "${JANUS_RTP_PORTS:-40000-49999}"
}
nat: {
	nat_1_1_mapping = "${PUBLIC_IP:-}"
	ice_ignore_list = "vmnet,docker,br-,veth,podman,cni"
}
plugins: {
	disable = "$(cd "$lib/plugins" && ls *.so | grep -v '^libjanus_videoroom.so$' | paste -sd, -)"
}
transports: {
	disable = "$(cd "$lib/transports" && ls *.so | grep -v '^libjanus_websockets.so$' | paste -sd, -)"
}
events: {
	broadcast = false
}
CONF
exec /usr/bin/janus -F "$conf" -N
