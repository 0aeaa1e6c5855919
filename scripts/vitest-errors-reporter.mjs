// A Vitest reporter that writes the run's unhandled errors, which Vitest's JSON report leaves out, to the
// file named by TANDEM_VITEST_ERRORS. summarize-tests.mjs lists them, so a CI log whose tail is all that
// is kept still says why a run with no failed test exited 1.
import fs from 'node:fs';

export default class ErrorsReporter {
  onTestRunEnd(_modules, unhandledErrors) {
    const file = process.env.TANDEM_VITEST_ERRORS;
    if (!file) return;
    const errors = (unhandledErrors ?? []).map((error) => ({
      message: [error?.stack || `${error?.name ?? 'Error'}: ${error?.message ?? String(error)}`]
        .concat(error?.VITEST_TEST_PATH ? [`in ${error.VITEST_TEST_PATH}`] : [])
        .concat(error?.VITEST_TEST_NAME ? [`last test: ${error.VITEST_TEST_NAME}`] : [])
        .join('\n'),
    }));
    fs.writeFileSync(file, JSON.stringify({ errors }));
  }
}
