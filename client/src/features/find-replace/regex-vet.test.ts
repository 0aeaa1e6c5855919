import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REGEX_VET_MS, REGEX_VET_START_MS, vetRegex } from './regex-vet';

/** A worker the test drives: it answers only when told to. */
class FakeWorker {
  static last: FakeWorker | null = null;
  onmessage: ((event: MessageEvent<unknown>) => void) | null = null;
  onerror: (() => void) | null = null;
  terminated = false;
  constructor() {
    FakeWorker.last = this;
  }
  postMessage(): void {}
  terminate(): void {
    this.terminated = true;
  }
  say(data: string): void {
    this.onmessage?.({ data } as MessageEvent<unknown>);
  }
}

const worker = (): FakeWorker => {
  if (!FakeWorker.last) throw new Error('no worker started');
  return FakeWorker.last;
};

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('Worker', FakeWorker);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  FakeWorker.last = null;
});

describe('vetRegex', () => {
  it('counts the budget from when the worker starts searching, not from its creation', async () => {
    const verdict = vetRegex(/a{10}/, ['a'.repeat(40)]);
    // A busy machine: the worker takes longer than the whole budget to start.
    vi.advanceTimersByTime(REGEX_VET_MS * 3);
    worker().say('started');
    vi.advanceTimersByTime(REGEX_VET_MS - 1);
    worker().say('done');
    await expect(verdict).resolves.toBe(true);
    expect(worker().terminated).toBe(true);
  });

  it('refuses a pattern still searching after the budget, and stops its worker', async () => {
    const verdict = vetRegex(/(a+)+$/, ['a'.repeat(40) + '!']);
    worker().say('started');
    vi.advanceTimersByTime(REGEX_VET_MS);
    await expect(verdict).resolves.toBe(false);
    expect(worker().terminated).toBe(true);
  });

  it('refuses when the worker never starts, and trusts one that cannot load', async () => {
    const never = vetRegex(/a/, ['a']);
    vi.advanceTimersByTime(REGEX_VET_START_MS);
    await expect(never).resolves.toBe(false);
    const blocked = vetRegex(/a/, ['a']);
    worker().onerror?.();
    await expect(blocked).resolves.toBe(true);
  });
});
