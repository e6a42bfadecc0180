import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { INTERRUPTED_TEXT } from '../../src/main/services/journal/job-record';
import { tempDir } from '../support/service-harness';
import { spawnService, type ServiceProcess } from '../support/service-process';
import { startTcpSink, type TcpSink } from '../support/tcp-sink';
import { TestClient } from '../support/ws-client';

const JOBS = 80;
/** Big enough that printing takes a while, so the kill lands with jobs still waiting. */
const FILLER = 'x'.repeat(60_000);

const jobIdsIn = (bytes: Buffer): string[] => [...bytes.toString('latin1').matchAll(/JOB:(c\d+);/g)].map((match) => match[1] as string);

let sink: TcpSink | undefined;
let running: ServiceProcess | undefined;
afterEach(async () => {
  running?.child.kill('SIGKILL');
  await sink?.close();
});

describe('crash recovery', () => {
  it('prints every acknowledged job exactly once across a kill -9, and marks the cut-off one interrupted', { timeout: 120_000 }, async () => {
    sink = await startTcpSink();
    const dataDir = tempDir();
    const args = ['--data-dir', dataDir, '--printer', sink.uri, '--rate-limit', '0', '--queue-capacity', '1000'];

    running = await spawnService(args);
    const client = await TestClient.open(`ws://127.0.0.1:${running.port}/ws`);
    for (let index = 0; index < JOBS; index += 1) {
      client.send({ tipo: 'ticket', id: `c${index}`, datos: { version: '1.0', commands: [{ type: 'text', data: { text: `JOB:c${index};${FILLER}` } }] } });
    }
    const acks = (): string[] => client.messages.flatMap((message) => (message.tipo === 'ack' ? [message.id] : []));
    await client.until(() => acks().length === JOBS, `${JOBS} acks`, 30_000);
    const acked = acks();

    running.child.kill('SIGKILL');
    expect(await running.exited).toBe('SIGKILL');
    const printedBeforeKill = sink.jobs.length;
    expect(printedBeforeKill).toBeLessThan(JOBS);

    running = await spawnService(args);
    expect(running.output()).toMatch(/resuming \d+ acknowledged job/);
    const journal = new Database(path.join(dataDir, 'journal.sqlite'), { readonly: true });
    const unfinished = journal.prepare(`SELECT COUNT(*) AS n FROM jobs WHERE state IN ('queued', 'printing')`);
    const deadline = Date.now() + 60_000;
    while ((unfinished.get() as { n: number }).n > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));

    const rows = journal.prepare('SELECT id, state, result_text FROM jobs').all() as Array<{ id: string; state: string; result_text: string }>;
    journal.close();
    expect(acked.filter((id) => !rows.some((row) => row.id === id))).toEqual([]);
    expect(rows).toHaveLength(JOBS);
    const interrupted = rows.filter((row) => row.result_text === INTERRUPTED_TEXT).map((row) => row.id);
    expect(interrupted.length).toBeLessThanOrEqual(1);
    expect(rows.filter((row) => row.state !== 'success' && !interrupted.includes(row.id))).toEqual([]);

    const printCounts = new Map<string, number>();
    for (const job of sink.jobs) for (const id of jobIdsIn(job)) printCounts.set(id, (printCounts.get(id) ?? 0) + 1);
    for (const id of acked) {
      const times = printCounts.get(id) ?? 0;
      if (interrupted.includes(id)) expect(times, `${id} (interrupted)`).toBeLessThanOrEqual(1);
      else expect(times, id).toBe(1);
    }
    const completeJobs = sink.jobs.filter((job) => job.length > FILLER.length && !interrupted.includes(jobIdsIn(job)[0] ?? ''));
    const bytesPerJob = completeJobs[0]?.length ?? 0;
    expect(completeJobs.every((job) => Math.abs(job.length - bytesPerJob) <= 8)).toBe(true);
    expect(completeJobs.length).toBe(JOBS - interrupted.length);
  });

  it('a ticket caught mid-print by a kill -9 says after the restart what that means for the cashier', { timeout: 120_000 }, async () => {
    // A printer that takes the bytes and never closes in turn: the ticket stays `printing` until the kill.
    sink = await startTcpSink(0, { kind: 'holds-open' });
    const dataDir = tempDir();
    const args = ['--data-dir', dataDir, '--printer', sink.uri, '--rate-limit', '0'];
    running = await spawnService(args);
    const client = await TestClient.open(`ws://127.0.0.1:${running.port}/ws`);
    client.send({ tipo: 'ticket', id: 'a-medias', datos: { version: '1.0', commands: [{ type: 'text', data: { text: 'Mesa 3: dos cafés' } }] } });
    await client.until(() => client.messages.some((message) => message.tipo === 'ack' && message.id === 'a-medias'), 'ack', 30_000);
    const file = path.join(dataDir, 'journal.sqlite');
    const stateOf = (): string | undefined => {
      const journal = new Database(file, { readonly: true });
      try {
        return (journal.prepare('SELECT state FROM jobs WHERE id = ?').get('a-medias') as { state: string } | undefined)?.state;
      } finally {
        journal.close();
      }
    };
    const deadline = Date.now() + 30_000;
    while (stateOf() !== 'printing' && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stateOf()).toBe('printing');
    client.close();

    running.child.kill('SIGKILL');
    expect(await running.exited).toBe('SIGKILL');
    running = await spawnService(args);
    expect(running.output()).toContain('1 job(s) were cut off by a crash and marked "EXECUTION: interrupted": they may be on paper already, so check before reprinting them by hand');

    const journal = new Database(file, { readonly: true });
    const row = journal.prepare('SELECT state, outcome, result_text FROM jobs WHERE id = ?').get('a-medias');
    journal.close();
    // The words a POS shows as they are; still starting with `EXECUTION: interrupted` for clients that match on it.
    expect(row).toEqual({
      state: 'error',
      outcome: 'failed',
      result_text: 'EXECUTION: interrupted: the service stopped while this ticket was printing; it may be on paper already, so check before printing it again',
    });
    expect(INTERRUPTED_TEXT).toBe((row as { result_text: string }).result_text);
  });
});
