import { describe, expect, it, vi } from 'vitest';
import { emitter, store } from './store';

describe('store', () => {
  it('notifies on change only, and not after unsubscribing', () => {
    const flag = store(false);
    const listener = vi.fn();
    const stop = flag.subscribe(listener);
    flag.set(false);
    expect(listener).not.toHaveBeenCalled();
    flag.set(true);
    expect(flag.get()).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
    flag.set(false);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('lets a listener unsubscribe while a change is delivered', () => {
    const count = store(0);
    const calls: string[] = [];
    const stopA = count.subscribe(() => {
      calls.push('a');
      stopA();
    });
    count.subscribe(() => calls.push('b'));
    count.set(1);
    count.set(2);
    expect(calls).toEqual(['a', 'b', 'b']);
  });
});

describe('emitter', () => {
  it('delivers each event to every listener until cleared', () => {
    const events = emitter<string>();
    const seen: string[] = [];
    events.on((e) => seen.push(`1${e}`));
    const off = events.on((e) => seen.push(`2${e}`));
    events.emit('a');
    off();
    events.emit('b');
    events.clear();
    events.emit('c');
    expect(seen).toEqual(['1a', '2a', '1b']);
  });
});
