import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, SerializedError, TestModule } from 'vitest/node';

/**
 * A vitest reporter for `npm test`'s summary: the errors raised outside any test (a file that
 * could not load, a `beforeAll` or `afterAll` that threw, an error nobody caught), which vitest's
 * JSON reporter leaves out. Without them the summary named a file whose tests were all skipped
 * and said nothing of why. Writes `{ [file]: message[] }` to the path in OUTSIDE_TEST_ERRORS_FILE;
 * unhandled errors are listed under "(unhandled)".
 */
export default class OutsideTestErrorsReporter implements Reporter {
  onTestRunEnd(
    testModules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<SerializedError>,
  ): void {
    const file = process.env.OUTSIDE_TEST_ERRORS_FILE;
    if (!file) return;
    const errors: Record<string, string[]> = {};
    for (const testModule of testModules) {
      const found = [
        ...testModule.errors(),
        ...[...testModule.children.allSuites()].flatMap((suite) => suite.errors()),
      ];
      if (found.length > 0) errors[testModule.moduleId] = found.map(describeError);
    }
    if (unhandledErrors.length > 0) errors['(unhandled)'] = unhandledErrors.map(describeError);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(errors, null, 2));
  }
}

/** The message, and the first line of the stack inside the project (where it was thrown). */
function describeError(error: SerializedError): string {
  const frame = (error.stack ?? '')
    .split('\n')
    .find((line) => line.includes(process.cwd()) && !line.includes('node_modules'));
  const where = frame ? ` (${frame.trim().replace(`${process.cwd()}/`, '')})` : '';
  return `${error.name ?? 'Error'}: ${error.message}${where}`;
}
