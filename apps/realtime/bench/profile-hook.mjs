// Loaded into bench servers with BENCH_CPU_PROF=dir: SIGUSR2 starts the V8 profiler, the next SIGUSR2 writes the
// profile to dir. The bench brackets the burst with them, so the profile holds the burst and nothing of the setup.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import path from 'node:path';

const dir = process.env.BENCH_CPU_PROF;
const session = new Session();
session.connect();
let running = false;
process.on('SIGUSR2', () => {
  if (!running) {
    running = true;
    session.post('Profiler.enable', () => session.post('Profiler.start'));
    return;
  }
  running = false;
  session.post('Profiler.stop', (err, res) => {
    if (!err && dir) writeFileSync(path.join(dir, `burst-${process.pid}-${Date.now()}.cpuprofile`), JSON.stringify(res.profile));
  });
});
