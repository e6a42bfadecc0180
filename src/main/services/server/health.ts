import type { HealthResponse } from '../../../shared/protocol';
import { buildInfo } from '../build-info';
import type { PrintService } from '../print-service';

export function healthOf(service: PrintService, env: string, now = Date.now()): HealthResponse {
  const queue = service.snapshot();
  return {
    status: 'ok',
    queue: {
      current: queue.current,
      capacity: queue.capacity,
      utilization: queue.capacity === 0 ? 0 : Math.round((queue.current / queue.capacity) * 10_000) / 100,
    },
    worker: { running: queue.running, jobs_processed: queue.jobsProcessed, jobs_failed: queue.jobsFailed },
    printers: service.printerSummary(),
    build: { env, ...buildInfo() },
    uptime: service.uptimeSeconds(now),
  };
}
