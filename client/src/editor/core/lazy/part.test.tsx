import { act, type ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n, setLanguage } from '../../../i18n/setup';
import { store, useStore } from '../../../lib/store';
import { noteBusy } from './idle';
import { Lazy, partComponent, preloadPart, type LazyPart, type PartModule } from './part';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

type Props = { name: string };
const Hello = ({ name }: Props) => <p className="hello">Hello {name}</p>;

/** A module load the test settles by hand. */
function deferred() {
  let settle: { resolve: (m: PartModule<Props>) => void; reject: (e: unknown) => void } | null = null;
  const load = vi.fn(
    () =>
      new Promise<PartModule<Props>>((resolve, reject) => {
        settle = { resolve, reject };
      }),
  );
  return {
    load,
    resolve: (m: PartModule<Props>) => act(async () => settle?.resolve(m)),
    reject: (e: unknown) => act(async () => settle?.reject(e)),
  };
}

let root: Root;
const text = (): string => document.body.textContent ?? '';

beforeAll(async () => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  await setLanguage(await initI18n(), 'en');
});

afterEach(() => {
  act(() => root.unmount());
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

function mount(element: ReactElement): void {
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() => root.render(element));
}

describe('a declared part', () => {
  it('loads when first rendered, says "Loading…" meanwhile, adds its strings and renders the default export', async () => {
    const chunk = deferred();
    const part: LazyPart<Props> = { ui: chunk.load };
    mount(<Lazy part={part} name="Ada" />);
    expect(text()).toContain('Loading');
    await chunk.resolve({ default: Hello, strings: { partTest: { title: 'Part title' } } });
    expect(text()).toContain('Hello Ada');
    const i18next = (await import('i18next')).default;
    expect(i18next.t('partTest.title')).toBe('Part title');
    expect(partComponent(part)).toBe(partComponent(part));
  });

  it('shows an error when the chunk fails, and tries again when rendered again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = vi
      .fn<() => Promise<PartModule<Props>>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce({ default: Hello });
    const part: LazyPart<Props> = { ui: load };
    mount(<Lazy part={part} name="Bo" />);
    await act(async () => undefined);
    expect(document.querySelector('[role="alert"]')?.textContent).toMatch(/could not be loaded/i);
    act(() => root.unmount());
    mount(<Lazy part={part} name="Bo" />);
    await act(async () => undefined);
    expect(text()).toContain('Hello Bo');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('catches a part that throws while rendering: the message replaces it and its siblings stay', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Broken = (): never => {
      throw new Error('render failed');
    };
    const part: LazyPart<Props> = { ui: () => Promise.resolve({ default: Broken }) };
    await preloadPart(part);
    mount(
      <div>
        <p>sibling</p>
        <Lazy part={part} name="x" />
      </div>,
    );
    expect(text()).toContain('sibling');
    expect(document.querySelector('[role="alert"]')).not.toBeNull();
  });

  it('with `open`, fetches nothing until the flag opens, then stays mounted', async () => {
    const chunk = deferred();
    const open = store(false);
    const part: LazyPart<Props> = { ui: chunk.load, preload: { open: () => open } };
    mount(<Lazy part={part} name="Cy" />);
    expect(chunk.load).not.toHaveBeenCalled();
    act(() => open.set(true));
    expect(chunk.load).toHaveBeenCalledTimes(1);
    await chunk.resolve({ default: Hello });
    expect(text()).toContain('Hello Cy');
    act(() => open.set(false));
    expect(text()).toContain('Hello Cy');
  });

  it('with `need`, renders nothing until the need says so, then fetches at once', async () => {
    const chunk = deferred();
    const needed = store(false);
    const useNeeded = (): boolean => useStore(needed);
    const part: LazyPart<Props> = { ui: chunk.load, preload: { need: useNeeded } };
    // Input just now: the idle prefetch waits, so only the need can fetch within this test.
    noteBusy();
    mount(<Lazy part={part} name="Di" />);
    expect(chunk.load).not.toHaveBeenCalled();
    act(() => needed.set(true));
    expect(chunk.load).toHaveBeenCalledTimes(1);
    await chunk.resolve({ default: Hello });
    expect(text()).toContain('Hello Di');
  });
});
