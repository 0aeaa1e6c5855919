import { describe, expect, it } from 'vitest';
import { ConcurrencyGate } from './concurrency-gate';

describe('ConcurrencyGate', () => {
  it('admits up to the limit, refuses one more, and frees a place once per release', () => {
    const gate = new ConcurrencyGate(2);
    const first = gate.tryEnter();
    const second = gate.tryEnter();
    expect(first).not.toBeNull();
    expect(second).not.toBeNull();
    expect(gate.tryEnter()).toBeNull();
    first?.();
    first?.();
    expect(gate.inUse).toBe(1);
    expect(gate.tryEnter()).not.toBeNull();
    expect(gate.tryEnter()).toBeNull();
  });
});
