import { queueText } from '../../../shared/protocol';
import type { ServiceStatus } from '../../../shared/contract/types';
import type { RunningService } from '../../service-host';
import { buildInfo } from '../build-info';
import { journalHealthOf } from '../server/health';
import type { ServiceConfig } from '../service-config';

export function serviceStatusOf(running: RunningService, config: ServiceConfig): ServiceStatus {
  const snapshot = running.service.snapshot();
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  return {
    queue: {
      current: snapshot.current,
      capacity: snapshot.capacity,
      paused: snapshot.paused,
      running: snapshot.running,
      jobsProcessed: snapshot.jobsProcessed,
      jobsFailed: snapshot.jobsFailed,
    },
    queueText: queueText(snapshot.current, snapshot.capacity),
    printers: running.service.printerSummary(),
    wsUrl: `ws://${host}:${running.address.port}/ws`,
    env: config.env,
    tokenRequired: config.token !== undefined,
    uptimeSeconds: running.service.uptimeSeconds(),
    build: buildInfo(),
    journal: journalHealthOf(running.service),
  };
}
