import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startAppHost, type AppHost } from '../../src/main/services/app-api/app-host';
import { NO_ENCRYPTION } from '../../src/main/services/settings/encryptor';
import { SettingsStore } from '../../src/main/services/settings/settings-store';
import { tempDir } from '../support/service-harness';

/**
 * Issue 24: protection is never lost silently. When the saved token cannot be read back, Home, the tray and
 * `/health` say so; the plain dashboard the service serves must say it too, in red and in the window's language.
 */
const hosts: AppHost[] = [];

afterEach(async () => {
  for (const host of hosts.splice(0)) await host.stop();
});

/**
 * The service with its plain dashboard (no window build given), its saved token hash damaged as after a bad disk
 * write, in the given window language.
 */
async function serveWithLostToken(language: 'es' | 'en', damaged = true): Promise<number> {
  const dataDir = tempDir('ticketera-dashboard-lost-');
  const settingsFile = path.join(dataDir, 'settings.json');
  const tokenHash = damaged ? { tokenHash: { scheme: 'scrypt', hash: 'dañado' } } : {};
  fs.writeFileSync(settingsFile, JSON.stringify({ version: 1, settings: { language }, secrets: {}, ...tokenHash }));
  const host = await startAppHost({
    settings: SettingsStore.open(settingsFile, NO_ENCRYPTION),
    dataDir,
    printerDiscovery: [],
    configOverrides: { host: '127.0.0.1', port: 0 },
  });
  hosts.push(host);
  return host.running().address.port;
}

async function dashboard(port: number): Promise<{ status: number; html: string }> {
  const response = await fetch(`http://127.0.0.1:${port}/`);
  return { status: response.status, html: await response.text() };
}

/** The warning section as served: its language and its words. */
function lostWarning(html: string): { lang: string; text: string } | undefined {
  const match = /<section class="note lost" role="alert" lang="(\w+)"[^>]*>([\s\S]*?)<\/section>/.exec(html);
  return match ? { lang: match[1] ?? '', text: (match[2] ?? '').replace(/<[^>]+>/g, ' ') } : undefined;
}

describe('the plain dashboard when the access token was lost', () => {
  it('says in red, in Spanish, that protection is lost and where to set the token again', async () => {
    const { status, html } = await dashboard(await serveWithLostToken('es'));
    expect(status).toBe(200);
    const warning = lostWarning(html);
    expect(warning).toMatchObject({ lang: 'es' });
    expect(warning?.text).toContain('Protección perdida: vuelva a poner el token');
    expect(warning?.text).toContain('se imprimen tickets sin comprobarlo');
    expect(warning?.text).not.toContain('Protection lost');
    // Red: the style the section uses is the panel's error colour.
    expect(html).toMatch(/\.lost\{[^}]*color:#b3261e/);
  }, 90_000);

  it('says it in English when the window speaks English', async () => {
    const warning = lostWarning((await dashboard(await serveWithLostToken('en'))).html);
    expect(warning).toMatchObject({ lang: 'en' });
    expect(warning?.text).toContain('Protection lost: set the token again');
    expect(warning?.text).not.toContain('Protección');
  }, 90_000);

  it('says nothing of it when no token was ever lost', async () => {
    const { status, html } = await dashboard(await serveWithLostToken('es', false));
    expect(status).toBe(200);
    expect(lostWarning(html)).toBeUndefined();
    expect(html).not.toContain('Protección perdida');
  }, 90_000);
});
