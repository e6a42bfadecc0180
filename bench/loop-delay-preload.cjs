// Preloaded into the service by bench/profile-ack.ts. Each SIGUSR2 ends a phase: the event loop's busy time
// (eventLoopUtilization: the main thread's own work, whatever the other threads do) and delay histogram over that
// phase are kept, and all phases are written as JSON when the process exits.
const { monitorEventLoopDelay, performance } = require('node:perf_hooks');
const fs = require('node:fs');
const ms = (ns) => Number(ns) / 1e6;
let histogram = monitorEventLoopDelay({ resolution: 1 });
histogram.enable();
let elu = performance.eventLoopUtilization();
let cpu = process.cpuUsage();
const phases = [];
process.on('SIGUSR2', () => {
  const used = performance.eventLoopUtilization(elu);
  const cpuUsed = process.cpuUsage(cpu);
  histogram.disable();
  phases.push({
    loopBusyMs: used.active,
    wallMs: used.active + used.idle,
    processCpuMs: (cpuUsed.user + cpuUsed.system) / 1000,
    delayP50: ms(histogram.percentile(50)),
    delayP99: ms(histogram.percentile(99)),
    delayMax: ms(histogram.max),
  });
  histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  elu = performance.eventLoopUtilization();
  cpu = process.cpuUsage();
});
process.on('exit', () => fs.writeFileSync(process.env.LOOP_DELAY_OUT, JSON.stringify(phases, null, 1)));
