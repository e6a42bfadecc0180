import { describe, expect, it } from 'vitest';
import type { ServiceStatus } from '../../src/shared/contract/types';
import { trayStateOf } from '../../src/main/services/app-api/tray-state';

const status = (tokenLost: boolean): ServiceStatus => ({
  queue: { current: 0, capacity: 100, paused: false, running: true, jobsProcessed: 0, jobsFailed: 0 },
  queueText: 'Queue: 0/100',
  printers: { status: 'ok', detected_count: 1, thermal_count: 1, default_name: 'tcp://10.0.0.9:9100' },
  wsUrl: 'ws://localhost:8766/ws',
  env: 'development',
  tokenRequired: false,
  tokenLost,
  uptimeSeconds: 1,
  build: { date: '2026-01-01', time: '00:00:00' },
  journal: { status: 'ok' },
  printerStatuses: [],
});

describe('tray when the access token was lost (issue 24)', () => {
  it('turns red and says so in both languages', () => {
    expect(trayStateOf(status(false), 'en').level).toBe('ok');
    const en = trayStateOf(status(true), 'en');
    expect(en.level).toBe('error');
    expect(en.tooltip).toContain('Protection lost: set the token again in Settings');
    expect(trayStateOf(status(true), 'es').tooltip).toContain('Protección perdida');
  });
});
