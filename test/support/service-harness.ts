import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type WebSocket from 'ws';
import { afterEach } from 'vitest';
import { startPrintService, type HostOptions, type RunningService } from '../../src/main/service-host';
import { defaultConfig, type ServiceConfig } from '../../src/main/services/service-config';
import { TestClient } from './ws-client';

export interface TestService extends RunningService {
  config: ServiceConfig;
  wsUrl: string;
  httpUrl: string;
  connect(options?: WebSocket.ClientOptions): Promise<TestClient>;
}

export function tempDir(prefix = 'ticketera-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** Starts the real service (same composition root as `npm run service`) on a free loopback port. */
export async function startTestService(overrides: Partial<ServiceConfig> = {}, host: HostOptions = {}): Promise<TestService> {
  const config: ServiceConfig = { ...defaultConfig('development'), host: '127.0.0.1', port: 0, dataDir: tempDir(), ...overrides };
  // No printer sources: a real thermal queue on the machine (or another suite's CUPS queue) never gets these jobs.
  const running = await startPrintService(config, { printerDiscovery: [], ...host });
  const base = `127.0.0.1:${running.address.port}`;
  return {
    ...running,
    config,
    wsUrl: `ws://${base}/ws`,
    httpUrl: `http://${base}`,
    connect: async (options) => {
      const client = await TestClient.open(`ws://${base}/ws`, options);
      await client.next('info');
      return client;
    },
  };
}

/** A valid v1 document printing one line. */
export const ticketDoc = (text = 'Hola'): Record<string, unknown> => ({
  version: '1.0',
  profile: { model: 'epson', paper_width: 80 },
  commands: [{ type: 'text', data: { text } }],
});

/** For a test file: a `start` that launches services and stops every one of them after each test. */
export function withServices(): (overrides?: Partial<ServiceConfig>, host?: HostOptions) => Promise<TestService> {
  const started: TestService[] = [];
  afterEach(async () => {
    await Promise.all(started.splice(0).map((service) => service.stop()));
  });
  return async (overrides, host) => {
    const service = await startTestService(overrides, host);
    started.push(service);
    return service;
  };
}
