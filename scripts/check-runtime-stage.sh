#!/usr/bin/env bash
# Rehearses the Dockerfile's runtime stage without a container engine: the same `pnpm deploy --prod` output and
# built web app, laid out as in the image (/app/apps/realtime, /app/apps/web/dist), started with plain node, then
# probed on /api/health/ready and / and stopped with SIGTERM. Run from the repository root after `pnpm install`.
set -euo pipefail
root=$(pwd)
stage=$(mktemp -d)
trap 'kill "${pid:-0}" 2>/dev/null || true; rm -rf "$stage"' EXIT
npx -y pnpm@10 --filter @ss/web build >/dev/null
npx -y pnpm@10 --filter @ss/realtime build >/dev/null
npx -y pnpm@10 --filter @ss/realtime deploy --prod --legacy "$stage/app/apps/realtime" >/dev/null
mkdir -p "$stage/app/apps/web" "$stage/data"
cp -r "$root/apps/web/dist" "$stage/app/apps/web/dist"
if [ -d "$stage/app/apps/realtime/node_modules/tsx" ] || [ -d "$stage/app/apps/realtime/node_modules/vitest" ]; then
  echo "runtime stage holds dev dependencies" >&2; exit 1
fi
port=$(node -e "const s=require('net').createServer().listen(0,()=>{console.log(s.address().port);s.close()})")
cd "$stage/app"
NODE_ENV=production PORT=$port HOST=127.0.0.1 DATA_DIR="$stage/data" LOG_LEVEL=warn node apps/realtime/dist/server.js &
pid=$!
for _ in $(seq 1 120); do
  curl -fs "http://127.0.0.1:$port/api/health/ready" >/dev/null 2>&1 && break
  sleep 1
done
curl -fsS "http://127.0.0.1:$port/api/health/ready"; echo
curl -fsS -o /dev/null -w "GET / -> %{http_code} %{content_type}\n" "http://127.0.0.1:$port/"
kill -TERM "$pid"; wait "$pid"; status=$?
pid=
echo "runtime stage OK (exit $status after SIGTERM)"
