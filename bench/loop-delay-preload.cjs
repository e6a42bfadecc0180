// Preloaded into the service by bench/profile-ack.ts. Each SIGUSR2 ends a phase: the event loop's busy time
// (eventLoopUtilization: the main thread's own work, whatever the other threads do) and delay histogram over that
// phase are kept, and all phases are written as JSON when the process exits.
const { monitorEventLoopDelay, performance } = require('node:perf_hooks');
const fs = require('node:fs');
const ms = (ns) => Number(ns) / 1e6;
/** CPU time of the main thread alone (Linux: its /proc task entry, utime + stime in clock ticks of 10 ms). */
const mainThreadCpuMs = () => {
  try {
    const fields = fs.readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
};
let mainCpu = mainThreadCpuMs();
let histogram = monitorEventLoopDelay({ resolution: 1 });
histogram.enable();
let elu = performance.eventLoopUtilization();
let cpu = process.cpuUsage();
const phases = [];
process.on('SIGUSR2', () => {
  const used = performance.eventLoopUtilization(elu);
  const cpuUsed = process.cpuUsage(cpu);
  const mainCpuNow = mainThreadCpuMs();
  histogram.disable();
  phases.push({
    loopBusyMs: used.active,
    wallMs: used.active + used.idle,
    processCpuMs: (cpuUsed.user + cpuUsed.system) / 1000,
    mainThreadCpuMs: mainCpuNow - mainCpu,
    delayP50: ms(histogram.percentile(50)),
    delayP99: ms(histogram.percentile(99)),
    delayMax: ms(histogram.max),
  });
  histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  elu = performance.eventLoopUtilization();
  cpu = process.cpuUsage();
  mainCpu = mainThreadCpuMs();
});
process.on('exit', () => fs.writeFileSync(process.env.LOOP_DELAY_OUT, JSON.stringify(phases, null, 1)));
