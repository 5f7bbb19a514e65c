#!/bin/sh
# nginx-vs-edge.sh: the edge's CPU per file request beside nginx's, on the same built public/ (make
# bench-nginx). Debian's nginx (nginx-light) serves public/ as deploy/nginx/iconlib.conf does its files
# (types, the build's .gz sidecars, sendfile, the same added headers, no access log); `iconlib serve`
# serves it with --rate-limits=off. wrk drives each in turn, interleaved round by round so both see the
# same machine, with the same paths and Accept-Encoding; CPU is each server's own utime+stime from
# /proc/<pid>/stat (nginx: its worker), so the generator sharing the machine is not counted.
#
#   test/load/nginx-vs-edge.sh BIN PUBLIC      # e.g. bin/iconlib /dev/shm/public
#   ROUNDS=3 DURATION=5 CONNS=16 EDGE_ARGS=--access-log=off test/load/nginx-vs-edge.sh bin/iconlib public
#
# Prints a Markdown table: per scenario, each server's requests per second and CPU µs per request (the
# median of the rounds), and the edge's ratio to nginx.
set -eu
BIN=$(realpath "$1")
PUBLIC=$(realpath "$2")
ROUNDS=${ROUNDS:-3}
DURATION=${DURATION:-5}
CONNS=${CONNS:-16}
EDGE_ARGS=${EDGE_ARGS:---access-log=off}
NGINX=${NGINX:-/usr/sbin/nginx}
NGINX_PORT=${NGINX_PORT:-18571}
EDGE_PORT=${EDGE_PORT:-18572}

[ -x "$NGINX" ] || { echo "no nginx at $NGINX: install Debian's nginx-light (make test-deps) or set NGINX" >&2; exit 2; }
command -v wrk >/dev/null || { echo "no wrk: install Debian's wrk (make wrk-deps)" >&2; exit 2; }
tmp=$(mktemp -d)
cleanup() {
	[ -f "$tmp/nginx.pid" ] && kill "$(cat "$tmp/nginx.pid")" 2>/dev/null || true
	[ -n "${edge_pid:-}" ] && kill "$edge_pid" 2>/dev/null || true
	wait 2>/dev/null || true
	rm -rf "$tmp"
}
trap cleanup EXIT INT TERM

user=""
[ "$(id -u)" = 0 ] && user="user root;"
csp="default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
cat >"$tmp/nginx.conf" <<EOF
$user
worker_processes 1;
pid $tmp/nginx.pid;
error_log $tmp/error.log;
events { worker_connections 1024; }
http {
    sendfile on;
    tcp_nopush on;
    access_log off;
    client_body_temp_path $tmp/body;
    proxy_temp_path $tmp/proxy;
    fastcgi_temp_path $tmp/fastcgi;
    uwsgi_temp_path $tmp/uwsgi;
    scgi_temp_path $tmp/scgi;
    types {
        application/json json;
        "text/html; charset=utf-8" html;
        "text/javascript; charset=utf-8" js;
        image/svg+xml svg;
    }
    default_type application/octet-stream;
    server {
        listen 127.0.0.1:$NGINX_PORT;
        root $PUBLIC;
        gzip off;
        gzip_static on;
        gzip_vary on;
        location / {
            add_header Cache-Control "public, max-age=86400";
            add_header Access-Control-Allow-Origin "*";
            add_header Content-Security-Policy "$csp";
            add_header X-Content-Type-Options nosniff;
            add_header X-Frame-Options DENY;
        }
    }
}
EOF
"$NGINX" -e "$tmp/error.log" -p "$tmp/" -c "$tmp/nginx.conf"
"$BIN" serve --public "$PUBLIC" --addr "127.0.0.1:$EDGE_PORT" --key-file "$tmp/key.pem" --rate-limits=off \
	--watch 0 $EDGE_ARGS >"$tmp/edge.log" 2>&1 &
edge_pid=$!
for _ in $(seq 100); do
	curl -fs -o /dev/null "http://127.0.0.1:$EDGE_PORT/healthz" && break
	sleep 0.2
done
nginx_worker=$(pgrep -P "$(cat "$tmp/nginx.pid")" | head -1)

# Paths: every icon's SVG, animation and record, shuffled once (both servers get the same order).
ls "$PUBLIC/svg" | grep '\.svg$' | shuf --random-source=/dev/zero | sed 's|^|/svg/|' >"$tmp/svg.paths"
ls "$PUBLIC/assets" | grep '\.json$' | shuf --random-source=/dev/zero | sed 's|^|/assets/|' >"$tmp/asset.paths"
ls "$PUBLIC/api/v1/icons" | grep '\.json$' | shuf --random-source=/dev/zero | sed 's|^|/api/v1/icons/|' >"$tmp/record.paths"
echo /catalog.json >"$tmp/catalog.paths"
cat >"$tmp/paths.lua" <<'EOF'
local requests, i = {}, 0
init = function(args)
  local headers = {}
  if args[2] and args[2] ~= "" then headers["Accept-Encoding"] = args[2] end
  for line in io.lines(args[1]) do requests[#requests + 1] = wrk.format("GET", line, headers) end
end
request = function()
  i = i % #requests + 1
  return requests[i]
end
EOF

ticks() { awk '{ s = $0; sub(/.*\) /, "", s); split(s, f, " "); print f[12] + f[13] }' "/proc/$1/stat"; }

# run PORT PID PATHS ACCEPT: one wrk run; prints requests/s and CPU µs per request.
run() {
	before=$(ticks "$2")
	out=$(wrk -t1 -c"$CONNS" -d"${DURATION}s" -s "$tmp/paths.lua" "http://127.0.0.1:$1" -- "$tmp/$3.paths" "$4")
	after=$(ticks "$2")
	requests=$(echo "$out" | awk '/requests in/ { print $1 }')
	errors=$(echo "$out" | awk '/Non-2xx/ { print $NF }')
	[ -z "$errors" ] || echo "warning: $errors answers not 2xx from port $1 ($3)" >&2
	echo "$((requests / DURATION)) $(((after - before) * 100000 / requests))"
}

median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

echo "| scenario | Accept-Encoding | nginx req/s | nginx CPU µs/req | edge req/s | edge CPU µs/req | edge ÷ nginx |"
echo "| --- | --- | ---: | ---: | ---: | ---: | ---: |"
for sc in "svg|svg|gzip" "asset|asset|gzip" "asset br|asset|br" "asset identity|asset|" \
	"record|record|gzip" "catalog.json|catalog|gzip" "catalog.json identity|catalog|"; do
	name=${sc%%|*}
	rest=${sc#*|}
	paths=${rest%%|*}
	accept=${rest#*|}
	run "$NGINX_PORT" "$nginx_worker" "$paths" "$accept" >/dev/null # warm both up
	run "$EDGE_PORT" "$edge_pid" "$paths" "$accept" >/dev/null
	: >"$tmp/n"
	: >"$tmp/e"
	for r in $(seq "$ROUNDS"); do
		if [ $((r % 2)) = 1 ]; then
			run "$NGINX_PORT" "$nginx_worker" "$paths" "$accept" >>"$tmp/n"
			run "$EDGE_PORT" "$edge_pid" "$paths" "$accept" >>"$tmp/e"
		else
			run "$EDGE_PORT" "$edge_pid" "$paths" "$accept" >>"$tmp/e"
			run "$NGINX_PORT" "$nginx_worker" "$paths" "$accept" >>"$tmp/n"
		fi
	done
	nr=$(cut -d' ' -f1 "$tmp/n" | median)
	nc=$(cut -d' ' -f2 "$tmp/n" | median) # tenths of µs
	er=$(cut -d' ' -f1 "$tmp/e" | median)
	ec=$(cut -d' ' -f2 "$tmp/e" | median)
	awk -v name="$name" -v acc="${accept:-none}" -v nr="$nr" -v nc="$nc" -v er="$er" -v ec="$ec" 'BEGIN {
		printf "| %s | %s | %d | %.1f | %d | %.1f | %.2f |\n", name, acc, nr, nc / 10, er, ec / 10, ec / nc }'
done
echo
echo "edge RSS: $(awk '/VmRSS/ { print int($2 / 1024) " MB" }' "/proc/$edge_pid/status"); $ROUNDS rounds of ${DURATION} s, $CONNS connections"
