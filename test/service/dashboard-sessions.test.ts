import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DashboardSessions } from '../../src/main/services/server/dashboard-sessions';
import { hashToken } from '../../src/main/services/intake/token-hash';

const sessionOf = (cookie: string): string => cookie.split(';')[0]?.split('=')[1] ?? '';

function fileIn(): string {
  return path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ticketera-sessions-')), 'sessions.json');
}

describe('dashboard sessions kept in the data folder (issue 32)', () => {
  it('survive a restart with the same token, and only their hash is written', () => {
    const file = fileIn();
    const before = new DashboardSessions(file);
    before.bindTo('caja-1');
    const session = sessionOf(before.start());
    const after = new DashboardSessions(file);
    after.bindTo('caja-1');
    expect(after.isValid(session)).toBe(true);
    const stored = fs.readFileSync(file, 'utf8');
    expect(stored).not.toContain(session);
    expect(stored).not.toContain('caja-1');
    expect(fs.statSync(file).mode & 0o077).toBe(0);
  });

  it('end when the token was changed while the service was stopped, or removed', () => {
    const file = fileIn();
    const before = new DashboardSessions(file);
    before.bindTo('caja-1');
    const session = sessionOf(before.start());
    const changed = new DashboardSessions(file);
    changed.bindTo('caja-2');
    expect(changed.isValid(session)).toBe(false);
    const other = sessionOf(changed.start());
    const removed = new DashboardSessions(file);
    removed.bindTo(undefined);
    expect(removed.isValid(other)).toBe(false);
    expect(fs.existsSync(file)).toBe(false);
  });

  it('with only the saved hash (no keychain), keep sessions while that hash is the same', () => {
    const file = fileIn();
    const saved = hashToken('caja-1');
    const before = new DashboardSessions(file);
    before.bindTo(saved);
    const session = sessionOf(before.start());
    const same = new DashboardSessions(file);
    same.bindTo(saved);
    expect(same.isValid(session)).toBe(true);
    const other = new DashboardSessions(file);
    other.bindTo(hashToken('caja-2'));
    expect(other.isValid(session)).toBe(false);
  });

  it('a new token keeps only the browser that set it, also after the restart it causes', () => {
    const file = fileIn();
    const sessions = new DashboardSessions(file);
    sessions.bindTo('caja-1');
    const old = sessionOf(sessions.start());
    const renewed = sessionOf(sessions.renew());
    sessions.bindTo('caja-2');
    expect(sessions.isValid(old)).toBe(false);
    expect(sessions.isValid(renewed)).toBe(true);
    const restarted = new DashboardSessions(file);
    restarted.bindTo('caja-2');
    expect(restarted.isValid(renewed)).toBe(true);
  });

  it('expire as before, also across a restart', () => {
    const file = fileIn();
    const sessions = new DashboardSessions(file);
    sessions.bindTo('caja-1');
    const session = sessionOf(sessions.start(Date.now() - 13 * 60 * 60 * 1000));
    const restarted = new DashboardSessions(file);
    restarted.bindTo('caja-1');
    expect(restarted.isValid(session)).toBe(false);
  });
});
