import { describe, expect, it } from 'vitest';
import type { ServiceStatus } from '../../src/shared/contract/types';
import { isAppPageUrl } from '../../src/main/services/app-api/sender-policy';
import { trayStateOf } from '../../src/main/services/app-api/tray-state';

const status = (
  overrides: { printers?: ServiceStatus['printers']['status']; paused?: boolean; running?: boolean; journal?: ServiceStatus['journal'] } = {},
): ServiceStatus => ({
  queue: { current: 3, capacity: 100, paused: overrides.paused ?? false, running: overrides.running ?? !(overrides.paused ?? false), jobsProcessed: 0, jobsFailed: 0 },
  queueText: 'Queue: 3/100',
  printers: { status: overrides.printers ?? 'ok', detected_count: 1, thermal_count: 1, default_name: 'POS-80' },
  wsUrl: 'ws://localhost:8766/ws',
  env: 'development',
  tokenRequired: false,
  uptimeSeconds: 1,
  build: { date: '2026-01-01', time: '00:00:00' },
  journal: overrides.journal ?? { status: 'ok' },
  printerStatuses: [],
});

describe('tray state', () => {
  it.each([
    ['ok', {}, 'ok'],
    ['only non-thermal printers', { printers: 'warning' as const }, 'warning'],
    ['no printer', { printers: 'error' as const }, 'error'],
    ['paused with a thermal printer', { paused: true }, 'warning'],
    ['paused without printers', { printers: 'error' as const, paused: true }, 'error'],
    ['worker stopped', { running: false }, 'error'],
    ['disk full', { journal: { status: 'disk-full' as const } }, 'error'],
    [
      'journal repaired at start',
      { journal: { status: 'ok' as const, damaged_at_start: { file: 'j', kept_at: 'k', lost: 'history' as const, mensaje: 'm' } } },
      'warning',
    ],
  ])('%s', (_name, overrides, level) => {
    const state = trayStateOf(status(overrides), 'es');
    expect(state.level).toBe(level);
    expect(state.tooltip.split('\n')).toContain('Cola: 3/100');
  });

  it('says why the icon is not green, in the window language only', () => {
    expect(trayStateOf(status({ paused: true }), 'en').tooltip).toBe('Ticketera\nQueue: 3/100\nPrinting paused');
    expect(trayStateOf(status({ printers: 'error' }), 'en').tooltip).toContain('No printer');
    expect(trayStateOf(status({ journal: { status: 'disk-full' } }), 'en').tooltip).toContain('Disk full: tickets refused');
    expect(trayStateOf(status({ paused: true }), 'es').tooltip).toBe('Ticketera\nCola: 3/100\nImpresión en pausa');
    expect(trayStateOf(status({ journal: { status: 'disk-full' } }), 'es').tooltip).toContain('Disco lleno: no se aceptan tickets');
  });
});

describe('IPC sender policy', () => {
  const page = { indexFile: '/opt/Ticketera/resources/app.asar/out/renderer/index.html' };

  it('accepts only the app page itself', () => {
    expect(isAppPageUrl('file:///opt/Ticketera/resources/app.asar/out/renderer/index.html', page)).toBe(true);
    expect(isAppPageUrl('file:///opt/Ticketera/resources/app.asar/out/renderer/index.html#/jobs', page)).toBe(true);
    expect(isAppPageUrl('file:///tmp/evil.html', page)).toBe(false);
    expect(isAppPageUrl('https://evil.example/index.html', page)).toBe(false);
    expect(isAppPageUrl('about:blank', page)).toBe(false);
    expect(isAppPageUrl(undefined, page)).toBe(false);
    expect(isAppPageUrl('not a url', page)).toBe(false);
  });

  it('accepts the dev server only when one is configured', () => {
    const dev = { ...page, devServerUrl: 'http://localhost:5173/' };
    expect(isAppPageUrl('http://localhost:5173/', dev)).toBe(true);
    expect(isAppPageUrl('http://localhost:5174/', dev)).toBe(false);
    expect(isAppPageUrl('http://localhost:5173/', page)).toBe(false);
  });
});
