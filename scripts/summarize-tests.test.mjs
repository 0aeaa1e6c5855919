import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { countReport, failuresOf, unhandledErrorsOf } from './summarize-tests.mjs';

describe('summarize-tests', () => {
  it('names each failed Playwright test with the start of its error, colours removed', () => {
    const report = {
      stats: { expected: 1, unexpected: 1, flaky: 0 },
      errors: [],
      suites: [
        {
          title: 'code-view.spec.ts',
          file: 'code-view.spec.ts',
          specs: [
            { title: 'passes', file: 'code-view.spec.ts', line: 3, tests: [{ status: 'expected', results: [] }] },
            {
              title: 'pasted HTML stays',
              file: 'code-view.spec.ts',
              line: 193,
              tests: [
                {
                  status: 'unexpected',
                  results: [
                    {
                      errors: [
                        {
                          message:
                            '\u001b[31mError: expect(locator).toHaveText\u001b[39m\n\nExpected: "<p>"\nReceived: "<p>p>"',
                        },
                      ],
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    };
    expect(countReport(report)).toEqual({ passed: 1, failed: 1, errors: 0 });
    expect(failuresOf(report)).toEqual([
      {
        title: 'code-view.spec.ts:193 › pasted HTML stays',
        lines: ['Error: expect(locator).toHaveText', 'Expected: "<p>"', 'Received: "<p>p>"'],
      },
    ]);
  });

  it('names each failed Vitest test', () => {
    const report = {
      numPassedTests: 0,
      numFailedTests: 1,
      testResults: [
        {
          name: '/repo/a.test.ts',
          assertionResults: [{ status: 'failed', fullName: 'a b', failureMessages: ['AssertionError: x\n at y'] }],
        },
      ],
    };
    expect(failuresOf(report)).toEqual([{ title: '/repo/a.test.ts › a b', lines: ['AssertionError: x', ' at y'] }]);
  });

  it('lists the unhandled errors written beside a Vitest report, and none when there is no such file', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'summarize-'));
    try {
      const report = path.join(dir, 'unit.json');
      expect(unhandledErrorsOf(report)).toEqual([]);
      fs.writeFileSync(
        path.join(dir, 'unit.errors.json'),
        JSON.stringify({ errors: [{ message: 'Error: read ECONNRESET\n\n    at TCP.onStreamRead\nin a.test.mjs' }] }),
      );
      expect(unhandledErrorsOf(report)).toEqual([
        { title: 'outside any test', lines: ['Error: read ECONNRESET', '    at TCP.onStreamRead', 'in a.test.mjs'] },
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
