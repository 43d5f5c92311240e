/**
 * `npm test`: every check the project has, one stage after another:
 *
 *   1. `npm run check` (typecheck, lint with zero warnings, format check, bundle sizes);
 *   2. the unit tests (vitest project `unit`);
 *   3. the server tests on the embedded database (vitest project `server`, PGlite);
 *   4. the server tests on PostgreSQL, when TEST_DATABASE_URL is set;
 *   5. the browser tests (`npm run test:e2e`, Playwright in Chromium).
 *
 * Every stage runs even when an earlier one failed, so one run reports everything. The stages run
 * one at a time because each already keeps a two-core machine busy: measured on one, the five
 * took 925 s run one after another and 1,600 s in two lanes side by side, where every stage ran
 * three to seven times slower than alone and the browser tests' waits stretched with it.
 *
 * Each test stage writes a JSON report under test-results/, from which the summary counts tests
 * and names every test that failed (or, in the browser, passed only on a retry) with the first
 * line of its error, so that the tail of a CI log says what to look at; a test file that failed
 * outside its tests (a hook that threw) is named with that error. The last line is always
 * `tests: N passed, N failed` (plus `, N skipped` when some were), and the exit code is non-zero
 * when anything failed.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

/** A test that failed, or passed only on a retry, named so that the summary alone finds it. */
interface Failure {
  test: string;
  message: string;
}

interface Report {
  counts: Counts;
  failures: Failure[];
}

interface Stage {
  name: string;
  command: string[];
  env?: Record<string, string>;
  /** The JSON report the stage writes, and how to read counts and failures from it. */
  report?: {
    file: string;
    read: (json: unknown) => Report;
    /** Other files the stage writes for `read`, removed before it runs like `file`. */
    companions?: string[];
  };
  /** Why the stage does not run on this machine, if it does not. */
  skipBecause?: string;
}

interface Outcome {
  stage: Stage;
  status: 'passed' | 'failed' | 'not run';
  note?: string;
  counts?: Counts;
  failures?: Failure[];
  seconds?: number;
}

const RESULTS_DIR = 'test-results';

/** How many failed tests the summary names per stage. */
const FAILURES_LISTED = 10;

/** The first line of an error's message: enough to tell a timeout from a wrong value. */
function firstLine(message: string | undefined): string {
  const line = (message ?? '').split('\n').find((text) => text.trim() !== '') ?? '';
  // Terminal colours would only garble a log read as text.
  const plain = stripVTControlCharacters(line).trim();
  return plain.length > 300 ? `${plain.slice(0, 300)}…` : plain;
}

interface VitestReport {
  numPassedTests?: number;
  numFailedTests?: number;
  numPendingTests?: number;
  numTodoTests?: number;
  testResults?: {
    name: string;
    status?: string;
    message?: string;
    assertionResults?: { fullName: string; status: string; failureMessages?: string[] | null }[];
  }[];
}

/**
 * Vitest's json reporter (Jest's format); a file that failed outside any test counts too, with
 * the error that failed it from `outsideTestErrors` (outside-test-errors-reporter.ts).
 */
function readVitest(json: unknown, outsideTestErrors: Record<string, string[]>): Report {
  const report = json as VitestReport;
  const failures: Failure[] = [];
  for (const file of report.testResults ?? []) {
    const where = path.relative(process.cwd(), file.name);
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failed) {
      failures.push({
        test: `${where} › ${test.fullName}`,
        message: firstLine(test.failureMessages?.[0]),
      });
    }
    if (file.status === 'failed' && failed.length === 0) {
      const outside = outsideTestErrors[file.name] ?? [];
      failures.push({ test: where, message: firstLine(file.message || outside.join('; ')) });
    }
  }
  const unhandled = outsideTestErrors['(unhandled)'] ?? [];
  for (const message of unhandled) {
    failures.push({ test: 'an error no test caught', message: firstLine(message) });
  }
  return {
    counts: {
      passed: report.numPassedTests ?? 0,
      failed: report.numFailedTests ?? 0,
      skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    },
    failures,
  };
}

interface PlaywrightSuite {
  title?: string;
  file?: string;
  specs?: {
    title: string;
    file?: string;
    line?: number;
    tests?: { status?: string; results?: { error?: { message?: string } }[] }[];
  }[];
  suites?: PlaywrightSuite[];
}

/** Playwright's json reporter; a flaky test passed on a retry and is listed all the same. */
function readPlaywright(json: unknown): Report {
  const report = json as { stats?: Partial<Record<string, number>>; suites?: PlaywrightSuite[] };
  const stats = report.stats ?? {};
  const failures: Failure[] = [];
  const visit = (suite: PlaywrightSuite, titles: string[]) => {
    const here =
      suite.title && !suite.file?.endsWith(suite.title) ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
        const error = test.results?.find((result) => result.error)?.error;
        const name = [...here, spec.title].join(' › ');
        failures.push({
          test: `${spec.file ?? suite.file ?? ''}:${spec.line ?? ''} › ${name}${test.status === 'flaky' ? ' (flaky: passed on a retry)' : ''}`,
          message: firstLine(error?.message),
        });
      }
    }
    for (const child of suite.suites ?? []) visit(child, here);
  };
  for (const suite of report.suites ?? []) visit(suite, []);
  return {
    counts: {
      passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
      failed: stats.unexpected ?? 0,
      skipped: stats.skipped ?? 0,
    },
    failures,
  };
}

function vitestStage(
  name: string,
  projects: string[],
  file: string,
  options: { env?: Record<string, string> } = {},
) {
  const report = path.join(RESULTS_DIR, file);
  const outsideTestErrors = report.replace(/\.json$/, '.outside-tests.json');
  return {
    name,
    command: [
      'npx',
      'vitest',
      'run',
      ...projects.flatMap((project) => ['--project', project]),
      // Unit tests may not exist yet; an empty project is not a failure.
      '--passWithNoTests',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
      '--reporter=./tests/support/outside-test-errors-reporter.ts',
    ],
    env: { ...options.env, OUTSIDE_TEST_ERRORS_FILE: outsideTestErrors },
    report: {
      file: report,
      companions: [outsideTestErrors],
      read: (json) => {
        const errors = existsSync(outsideTestErrors)
          ? (JSON.parse(readFileSync(outsideTestErrors, 'utf8')) as Record<string, string[]>)
          : {};
        return readVitest(json, errors);
      },
    },
  } satisfies Stage;
}

const stages: Stage[] = [
  { name: 'check (typecheck, lint, format, bundle sizes)', command: ['npm', 'run', 'check'] },
  vitestStage('unit tests', ['unit', 'unit-isolated'], 'vitest-unit.json'),
  vitestStage('server tests on PGlite', ['server'], 'vitest-server-pglite.json', {
    env: { TEST_DB: 'pglite' },
  }),
  {
    ...vitestStage('server tests on PostgreSQL', ['server'], 'vitest-server-postgres.json', {
      env: { TEST_DB: 'postgres' },
    }),
    ...(process.env.TEST_DATABASE_URL ? {} : { skipBecause: 'TEST_DATABASE_URL is not set' }),
  },
  {
    name: 'browser tests (Playwright, Chromium)',
    command: ['npm', 'run', 'test:e2e'],
    // No Playwright traces here (E2E_TRACE=on keeps them): this run is read from its log, where
    // each failure is named with its error, and recording a trace of every test took about a
    // fifth of the stage's time on the two-core CI machine (172 and 176 s against 143 and 129 s
    // for three spec files). `npm run test:e2e` alone keeps the trace of a failed test.
    env: { E2E_TRACE: process.env.E2E_TRACE ?? 'off' },
    report: { file: path.join(RESULTS_DIR, 'e2e.json'), read: readPlaywright },
    ...(existsSync('tests/e2e/run-e2e.ts') ? {} : { skipBecause: 'there are no browser tests' }),
  },
];

/** Runs one stage with its output on ours. */
async function run(stage: Stage): Promise<Outcome> {
  for (const file of stage.report ? [stage.report.file, ...(stage.report.companions ?? [])] : []) {
    rmSync(file, { force: true });
  }
  console.log(`\n=== ${stage.name}: ${stage.command.join(' ')}\n`);
  const started = Date.now();
  const [command = '', ...args] = stage.command;
  const result = await new Promise<{
    status: number | null;
    signal: NodeJS.Signals | null;
    error?: Error;
  }>((resolve) => {
    const child = spawn(command, args, {
      stdio: 'inherit',
      env: { ...process.env, ...stage.env },
    });
    child.on('error', (error) => resolve({ status: null, signal: null, error }));
    child.on('close', (status, signal) => resolve({ status, signal }));
  });
  const seconds = Math.round((Date.now() - started) / 1000);
  let counts: Counts | undefined;
  let failures: Failure[] | undefined;
  let note: string | undefined;
  if (stage.report) {
    if (existsSync(stage.report.file)) {
      try {
        ({ counts, failures } = stage.report.read(
          JSON.parse(readFileSync(stage.report.file, 'utf8')),
        ));
      } catch (error) {
        note = `its report ${stage.report.file} could not be read: ${String(error)}`;
      }
    } else {
      note = `it wrote no report (${stage.report.file})`;
    }
  }
  if (result.error) note = `it could not start: ${result.error.message}`;
  const passed = result.status === 0 && (counts?.failed ?? 0) === 0;
  if (!passed && !note && result.signal) note = `it was stopped by ${result.signal}`;
  return { stage, status: passed ? 'passed' : 'failed', counts, failures, seconds, note };
}

function describe(outcome: Outcome): string {
  const mark = { passed: 'ok  ', failed: 'FAIL', 'not run': '-   ' }[outcome.status];
  const parts = [`${mark} ${outcome.stage.name}`];
  if (outcome.counts) {
    const { passed, failed, skipped } = outcome.counts;
    parts.push(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
  }
  if (outcome.seconds !== undefined) parts.push(`${outcome.seconds} s`);
  if (outcome.note) parts.push(outcome.note);
  return parts.join(' - ');
}

/**
 * The tests' scratch files (the database each server test file copies, the browser tests'
 * servers and browser profiles) go to a RAM disk where the machine has one and TMPDIR does not
 * say otherwise: on the two-core CI machine, copying one server's database took 8 s on its disk
 * and 0.6 s on /dev/shm.
 */
function useRamDiskForScratch(): (() => void) | undefined {
  if (process.env.TMPDIR || !existsSync('/dev/shm')) return undefined;
  let dir: string;
  try {
    dir = mkdtempSync('/dev/shm/mc-tests-');
  } catch {
    return undefined;
  }
  process.env.TMPDIR = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}

async function main(): Promise<number> {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const removeScratch = useRamDiskForScratch();
  const outcomes: Outcome[] = [];
  for (const stage of stages) {
    outcomes.push(
      stage.skipBecause ? { stage, status: 'not run', note: stage.skipBecause } : await run(stage),
    );
  }

  removeScratch?.();

  const total = outcomes.reduce<Counts>(
    (sum, { counts }) => ({
      passed: sum.passed + (counts?.passed ?? 0),
      failed: sum.failed + (counts?.failed ?? 0),
      skipped: sum.skipped + (counts?.skipped ?? 0),
    }),
    { passed: 0, failed: 0, skipped: 0 },
  );
  const failedStages = outcomes.filter((outcome) => outcome.status === 'failed');

  console.log('\n=== Summary\n');
  for (const outcome of outcomes) console.log(describe(outcome));
  console.log('');
  if (failedStages.length > 0) {
    console.log(`FAILED: ${failedStages.map((outcome) => outcome.stage.name).join(', ')}`);
  }
  // The tests by name at the end, because a CI log is often read from its tail only; a stage
  // that failed wholesale lists its first few, so the tail still holds the stages above.
  for (const outcome of outcomes) {
    const failures = outcome.failures ?? [];
    for (const failure of failures.slice(0, FAILURES_LISTED)) {
      console.log(`  ${outcome.stage.name}: ${failure.test}`);
      if (failure.message) console.log(`    ${failure.message}`);
    }
    if (failures.length > FAILURES_LISTED) {
      console.log(`  ${outcome.stage.name}: and ${failures.length - FAILURES_LISTED} more`);
    }
  }
  console.log(
    `tests: ${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`,
  );
  return failedStages.length > 0 || total.failed > 0 ? 1 : 0;
}

process.exitCode = await main();
