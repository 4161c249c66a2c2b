#!/usr/bin/env bash
# The whole issue-17 table in one sitting: this server and both ceilings, alternating, at 200 and 500 rooms, and
# embedded at 100. Each run's JSON is kept in bench/results/sitting-<n>.json; one line per run is printed.
# Needs Postgres and Redis on 127.0.0.1 (as the services mode does). Usage: bash bench/sitting.sh
set -euo pipefail
cd "$(dirname "$0")/.."
results=../../bench/results
# pnpm itself, or the pinned one through npx on a machine that only has Node.
if command -v pnpm >/dev/null; then pnpm=(pnpm); else pnpm=(npx -y pnpm@10); fi
n=0
run() {
  n=$((n + 1))
  redis-cli flushall >/dev/null
  "${pnpm[@]}" -s bench -- "$@" --players 9 --autocannon-s 1 --pollers 0 >/dev/null 2>&1
  cp "$results/latest.json" "$results/sitting-$n.json"
  node -e '
    const r = require(process.argv[1]);
    const o = r.othersCpuMsPerBallot;
    const ack = r.commandRoundTripMs;
    console.log(`${r.mode} ${r.games} rooms: ack p50/p99/max ${ack.p50}/${ack.p99}/${ack.max} ms, reveal p99 ${r.lastBallotToRevealMs.p99} ms, ` +
      `${r.burst.ballotsPerSecond} ballots/s, ${r.pushedBytesPerPhonePerBallot} B/phone/ballot, behind ${r.burst.phonesBehind}, ` +
      `revealed ${r.burst.gamesRevealed}, CPU ms/ballot ${r.serverCpuMsPerBallot} + pg ${o.postgres} + redis ${o.redis} + load gen ${o.loadGenerator}, ` +
      `frames/ballot ${JSON.stringify(r.pushedFramesPerBallot)}`);
  ' "$(realpath "$results/sitting-$n.json")"
}
for _ in 1 2 3; do
  run --mode services --games 200
  run --mode services --ceiling durable --games 200
done
run --ceiling memory --games 200
for _ in 1 2; do
  run --mode services --games 500
  run --mode services --ceiling durable --games 500
done
run --ceiling memory --games 500
run --mode embedded --games 100
