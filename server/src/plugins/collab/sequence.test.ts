import { describe, expect, it } from 'vitest';
import { SequenceWindow } from './sequence';

describe('SequenceWindow', () => {
  it('advances through consecutive numbers from the loaded head', () => {
    const w = new SequenceWindow(4);
    expect(w.has(4)).toBe(true);
    w.add(5);
    w.add(6);
    expect(w.through).toBe(6);
    expect(w.hasGap).toBe(false);
  });

  it('holds numbers that came early and closes the gap when the missing one arrives', () => {
    const w = new SequenceWindow(0);
    w.add(2);
    w.add(3);
    expect(w.through).toBe(0);
    expect(w.hasGap).toBe(true);
    expect(w.has(3)).toBe(true);
    expect(w.has(1)).toBe(false);
    w.add(1);
    expect(w.through).toBe(3);
    expect(w.hasGap).toBe(false);
  });

  it('sees a head above what it holds as a gap, and a backfill covers it', () => {
    const w = new SequenceWindow(3);
    w.note(7);
    expect(w.hasGap).toBe(true);
    w.add(9);
    w.coverThrough(8);
    expect(w.through).toBe(9);
    expect(w.hasGap).toBe(false);
  });

  it('never moves back', () => {
    const w = new SequenceWindow(5);
    w.coverThrough(2);
    w.add(3);
    expect(w.through).toBe(5);
  });
});
