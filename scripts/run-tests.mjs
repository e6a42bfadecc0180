// Runs every test runner (vitest, then Playwright), prints one closing line summed over both:
// "N passed, N failed, N skipped", and exits non-zero when anything failed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ticketera-tests-'));
const vitestJson = path.join(work, 'vitest.json');
const playwrightJson = path.join(work, 'playwright.json');
const bin = (name) => path.join('node_modules', '.bin', name);

const vitest = spawnSync(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`], {
  stdio: 'inherit',
});
const playwright = spawnSync(bin('playwright'), ['test'], {
  stdio: 'inherit',
  env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson },
});

const totals = { passed: 0, failed: 0, skipped: 0 };
const problems = [];

function readJson(file, runner) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    problems.push(`${runner} wrote no report`);
    return null;
  }
}

/** Every skipped Playwright test with the reason it gave, so a skip is never silent. */
function skippedWithReasons(suites, trail = []) {
  const lines = [];
  for (const suite of suites) {
    const path = suite.title ? [...trail, suite.title] : trail;
    for (const spec of suite.specs ?? []) {
      for (const run of spec.tests ?? []) {
        if (run.status !== 'skipped') continue;
        const reason = (run.annotations ?? []).find((note) => note.type === 'skip')?.description ?? 'no reason given';
        lines.push(`skipped: ${[...path, spec.title].join(' › ')}: ${reason}`);
      }
    }
    lines.push(...skippedWithReasons(suite.suites ?? [], path));
  }
  return lines;
}

const flaky = [];
/** An error's first line without colour codes, short enough for a log's tail. */
const COLOUR_CODE = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
const firstLine = (message) => (message ?? '').replace(COLOUR_CODE, '').split('\n')[0].slice(0, 300);

/** Every failed vitest test, one line each with its first error line: printed last so a tail of the log names it. */
function vitestFailures(report) {
  const lines = [];
  for (const file of report.testResults ?? []) {
    const where = path.relative(process.cwd(), file.name);
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failed) {
      const why = firstLine(test.failureMessages?.[0]);
      lines.push(`failed: ${where} › ${test.fullName ?? test.title}: ${why}`);
    }
    for (const test of file.assertionResults ?? []) {
      if (test.status === 'passed' && (test.failureMessages ?? []).length > 0) {
        flaky.push(`flaky (passed on its second try): ${where} › ${test.fullName ?? test.title}: ${firstLine(test.failureMessages[0])}`);
      }
    }
    if (failed.length === 0 && file.status === 'failed') lines.push(`failed: ${where}: ${firstLine(file.message)}`);
  }
  return lines;
}

/** Every failed Playwright test with its first error line (and those that passed only on their second try). */
function playwrightFailures(suites, trail = []) {
  const lines = [];
  for (const suite of suites) {
    const at = suite.title ? [...trail, suite.title] : trail;
    for (const spec of suite.specs ?? []) {
      for (const run of spec.tests ?? []) {
        if (run.status !== 'unexpected' && run.status !== 'flaky') continue;
        const failedTry = run.results?.find((result) => result.status !== 'passed' && result.status !== 'skipped');
        const why = firstLine(failedTry?.error?.message);
        const name = [...at, spec.title].join(' › ');
        if (run.status === 'flaky') flaky.push(`flaky (passed on its second try): ${name}: ${why}`);
        else lines.push(`failed: ${name}: ${why}`);
      }
    }
    lines.push(...playwrightFailures(suite.suites ?? [], at));
  }
  return lines;
}

const failures = [];
const v = readJson(vitestJson, 'vitest');
if (v) {
  failures.push(...vitestFailures(v));
  totals.passed += v.numPassedTests;
  totals.failed += v.numFailedTests + (v.numRuntimeErrorTestSuites ?? 0);
  totals.skipped += v.numPendingTests + v.numTodoTests;
  if (v.numFailedTestSuites > 0 && v.numFailedTests === 0) totals.failed += v.numFailedTestSuites;
}
const p = readJson(playwrightJson, 'playwright');
if (p) {
  totals.passed += p.stats.expected + p.stats.flaky;
  totals.failed += p.stats.unexpected;
  totals.skipped += p.stats.skipped;
  for (const error of p.errors ?? []) problems.push(`playwright: ${error.message?.split('\n')[0]}`);
  for (const line of skippedWithReasons(p.suites ?? [])) console.log(line);
  failures.push(...playwrightFailures(p.suites ?? []));
}
if (vitest.status !== 0 && totals.failed === 0) problems.push(`vitest exited with ${vitest.status}`);
if (playwright.status !== 0 && totals.failed === 0) problems.push(`playwright exited with ${playwright.status}`);
for (const problem of problems) console.error(`test run problem: ${problem}`);
for (const line of [...flaky, ...failures]) console.log(line);
totals.failed += problems.length;

console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 ? 1 : 0);
