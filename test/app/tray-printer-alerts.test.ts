import { describe, expect, it } from 'vitest';
import type { ServiceStatus } from '../../src/shared/contract/types';
import type { PrinterLiveStatus } from '../../src/shared/printer-status/live-status';
import { PRINTER_ALERTS } from '../../src/shared/printer-status/printer-alerts';
import { originNotificationOf, trayNotificationOf } from '../../src/main/services/app-api/tray-notification';
import { trayStateOf } from '../../src/main/services/app-api/tray-state';
import { readyPrinter } from '../support/live-status';

const URI = 'tcp://10.0.0.9:9100';

const printer = (change: Partial<PrinterLiveStatus> = {}): PrinterLiveStatus => readyPrinter(URI, change);

const status = (printerStatuses: PrinterLiveStatus[], paused = false): ServiceStatus => ({
  queue: { current: 0, capacity: 100, paused, running: !paused, jobsProcessed: 0, jobsFailed: 0 },
  queueText: 'Queue: 0/100',
  printers: { status: 'ok', detected_count: 1, thermal_count: 1, default_name: URI },
  wsUrl: 'ws://localhost:8766/ws',
  env: 'development',
  tokenRequired: false,
  uptimeSeconds: 1,
  build: { date: '2026-01-01', time: '00:00:00' },
  journal: { status: 'ok' },
  printerStatuses,
});

describe('tray icon by what the watched printers say', () => {
  it.each([
    ['ready', {}, 'ok', undefined],
    ['not asked yet', { link: 'unknown' as const }, 'ok', undefined],
    ['paper near end', { paper: 'near-end' as const }, 'warning', '10.0.0.9:9100: paper low'],
    ['out of paper', { paper: 'out' as const, offline: true }, 'error', '10.0.0.9:9100: out of paper'],
    ['cover open', { coverOpen: true, offline: true }, 'error', '10.0.0.9:9100: cover open'],
    ['a fault', { faults: ['cutter' as const], offline: true }, 'error', '10.0.0.9:9100: printer error'],
    ['silent', { link: 'silent' as const }, 'error', '10.0.0.9:9100: not answering'],
  ])('%s', (_name, change, level, reason) => {
    const state = trayStateOf(status([printer(change)]), 'en');
    expect(state.level).toBe(level);
    if (reason) expect(state.tooltip.split('\n')).toContain(reason);
    else expect(state.tooltip).toBe('Ticketera\nQueue: 0/100');
  });

  it('the worst printer decides, and a paused queue stays amber only while no printer is blocked', () => {
    const low = printer({ uri: 'tcp://10.0.0.8:9100', paper: 'near-end' });
    expect(trayStateOf(status([low], true), 'es').level).toBe('warning');
    const state = trayStateOf(status([low, printer({ paper: 'out' })], true), 'es');
    expect(state.level).toBe('error');
    expect(state.tooltip.split('\n')).toEqual(['Ticketera', 'Cola: 0/100', 'Impresión en pausa', '10.0.0.8:9100: queda poco papel', '10.0.0.9:9100: sin papel']);
  });
});

describe('desktop notification per printer alert', () => {
  it('tells which printer and what to do, in the window language only', () => {
    expect(trayNotificationOf('paper-out', printer({ paper: 'out' }), 'es')).toEqual({
      title: 'La impresora se quedó sin papel',
      body: '10.0.0.9:9100: los tickets nuevos se rechazan hasta que ponga papel.',
    });
    expect(trayNotificationOf('paper-out', printer({ paper: 'out' }), 'en')).toEqual({
      title: 'The printer is out of paper',
      body: '10.0.0.9:9100: new tickets are refused until you load paper.',
    });
    expect(trayNotificationOf('offline', printer({ link: 'silent', uri: 'usb:04b8:0202' }), 'en')?.body).toBe('usb:04b8:0202: check that it is switched on and connected.');
  });

  it('has its own title for every alert but the cash drawer, which opens at every cash sale', () => {
    const titles = new Map<string, string>();
    for (const alert of PRINTER_ALERTS) {
      const shown = trayNotificationOf(alert, printer(), 'es');
      if (alert === 'drawer-opened' || alert === 'drawer-closed') {
        expect(shown).toBeNull();
        continue;
      }
      expect(shown?.body).toContain('10.0.0.9:9100');
      titles.set(alert, shown?.title ?? '');
    }
    expect(new Set(titles.values()).size).toBe(titles.size);
    expect([...titles.keys()]).toEqual(['paper-near-end', 'paper-out', 'paper-back', 'cover-open', 'cover-closed', 'offline', 'back-online', 'fault']);
  });
});

describe('desktop notification when a web site asks to print', () => {
  it('names the site and says where to answer, in the window language', () => {
    expect(originNotificationOf('https://tpv.mitienda.es', 'es')).toEqual({
      title: 'Un sitio web quiere imprimir',
      body: 'https://tpv.mitienda.es quiere imprimir en sus impresoras. Abra Ticketera para permitirlo o denegarlo.',
    });
    expect(originNotificationOf('https://pos.example', 'en').body).toBe('https://pos.example wants to print on your printers. Open Ticketera to allow or deny it.');
  });
});
