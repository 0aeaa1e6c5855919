import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { VersionListItem } from '@shared/api/versions';
import { createDocumentModel } from '@shared/document/model/create-document-model';
import { diffDocuments } from '@shared/document/model/version-diff';
import { defaultEditorOptions } from '@shared/editor-options';
import { initI18n, setLanguage } from '../../i18n/setup';
import { registerEnglish } from '../../i18n/register-english';
import { DiffView } from './version-compare';
import { blockLabel, checkName, describeChange, isVersionListItem, placeLabel } from './version-format';
import { versionHistoryPanelStrings } from './version-history.strings';
import { VersionRow } from './version-row';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

const { schema } = createDocumentModel(defaultEditorOptions);
const p = (text: string) => ({ type: 'paragraph', content: text ? [{ type: 'text', text }] : [] });
const doc = (...texts: string[]) => schema.nodeFromJSON({ type: 'doc', content: texts.map(p) });

const item: VersionListItem = {
  id: 'v1',
  createdAt: Date.UTC(2026, 10, 26, 14, 32),
  reason: 'save',
  authors: ['Ada', 'Bob'],
  bytes: 100,
  chars: 40,
  inserted: 1234,
  deleted: 5,
  name: null,
};

let root: Root | undefined;
let container: HTMLElement = document.createElement('div');
let t: (key: string, options?: Record<string, unknown>) => string;

beforeAll(async () => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  registerEnglish({ versionHistory: versionHistoryPanelStrings });
  const i18n = await initI18n();
  await setLanguage(i18n, 'en');
  t = (key, options) => i18n.t(key, options);
});

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  container.remove();
});

function render(node: React.ReactNode): void {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() => root?.render(node));
}

const buttons = (): string[] => [...container.querySelectorAll('button')].map((b) => b.textContent ?? '');

describe('version format', () => {
  it('checks names: 1 to 100 characters after trimming', () => {
    expect(checkName('  Draft ', t)).toEqual({ name: 'Draft' });
    expect(checkName('   ', t)).toEqual({ error: 'Enter a name (1 to 100 characters).' });
    expect(checkName('x'.repeat(101), t)).toEqual({ error: 'A name can have at most 100 characters.' });
    expect(checkName('x'.repeat(100), t)).toEqual({ name: 'x'.repeat(100) });
  });

  it('drops list items that are not versions', () => {
    expect(isVersionListItem(item)).toBe(true);
    expect(isVersionListItem({ ...item, reason: 'hack' })).toBe(false);
    expect(isVersionListItem({ ...item, authors: [1] })).toBe(false);
    expect(isVersionListItem(null)).toBe(false);
    expect(isVersionListItem('v1')).toBe(false);
  });

  it('describes changes in words', () => {
    expect(blockLabel('heading2', t)).toBe('Heading 2');
    expect(blockLabel('mystery', t)).toBe('Block');
    expect(describeChange({ kind: 'mark', mark: 'bold', change: 'added', text: 'foo' }, t)).toBe('“foo”: bold added');
    expect(describeChange({ kind: 'link', text: 'docs', from: 'https://a/', to: 'https://b/' }, t)).toBe(
      '“docs”: link changed from https://a/ to https://b/',
    );
    expect(describeChange({ kind: 'media', node: 'image', attr: 'src', from: '/a.png', to: '/b.png' }, t)).toBe(
      'picture src changed from “/a.png” to “/b.png”',
    );
    expect(describeChange({ kind: 'align', from: '', to: 'center' }, t)).toBe('Alignment changed from none to center');
    expect(
      placeLabel(
        {
          type: 'paragraph',
          text: '',
          path: [
            { type: 'table', index: 0, attrs: {} },
            { type: 'tableRow', index: 1, attrs: {} },
            { type: 'tableCell', index: 2, attrs: {} },
            { type: 'paragraph', index: 0, attrs: {} },
          ],
        },
        t,
      ),
    ).toBe('table row 2, cell 3');
  });
});

describe('DiffView', () => {
  it('shows insertions and deletions inline and collapses unchanged runs', () => {
    const before = doc('a', 'b', 'c', 'The quick fox', 'gone');
    const after = doc('a', 'b', 'c', 'The slow fox');
    render(<DiffView diff={diffDocuments(before, after)} />);
    expect(container.querySelector('ins')?.textContent).toBe('slow');
    expect([...container.querySelectorAll('del')].map((d) => d.textContent)).toEqual(['quick', 'gone']);
    expect(container.textContent).toContain('3 unchanged blocks');
    expect(container.textContent).toContain('Removed · Paragraph');
  });

  it('says so when nothing changed', () => {
    render(<DiffView diff={diffDocuments(doc('same'), doc('same'))} />);
    expect(container.textContent).toBe('No differences.');
  });
});

describe('VersionRow', () => {
  const handlers = () => ({
    onPreview: vi.fn(),
    onCompare: vi.fn(),
    onRename: vi.fn(() => Promise.resolve(null)),
    onRestore: vi.fn(() => Promise.resolve(null)),
  });

  it('shows the time, authors, change size and reason', () => {
    render(<VersionRow item={item} canEdit {...handlers()} />);
    expect(container.textContent).toContain('by Ada, Bob');
    expect(container.textContent).toContain('+1,234 / −5 characters');
    expect(container.textContent).toContain('saved');
    expect(container.textContent).toContain('Unnamed version');
    expect(container.querySelector('time')?.getAttribute('datetime')).toBe('2026-11-26T14:32:00.000Z');
  });

  it('gives viewers preview and compare only', () => {
    render(<VersionRow item={item} canEdit={false} {...handlers()} />);
    expect(buttons()).toEqual(['Preview', 'Compare']);
  });

  it('asks before restoring, in the row', async () => {
    const h = handlers();
    render(<VersionRow item={item} canEdit {...h} />);
    expect(buttons()).toEqual(['Preview', 'Compare', 'Name', 'Restore']);
    act(() => container.querySelectorAll('button')[3]?.click());
    expect(container.textContent).toContain('The document becomes that version for everyone');
    expect(h.onRestore).not.toHaveBeenCalled();
    await act(async () => {
      container.querySelector<HTMLButtonElement>('.version-confirm .is-primary')?.click();
      await Promise.resolve();
    });
    expect(h.onRestore).toHaveBeenCalledTimes(1);
    expect(buttons()).toEqual(['Preview', 'Compare', 'Name', 'Restore']);
  });

  it('shows the name error the caller returns', async () => {
    const h = { ...handlers(), onRename: vi.fn(() => Promise.resolve('The name is not valid.')) };
    render(<VersionRow item={item} canEdit {...h} />);
    act(() => container.querySelectorAll('button')[2]?.click());
    const input = container.querySelector('input');
    expect(input).not.toBeNull();
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    act(() => {
      setValue?.call(input, 'Final');
      input?.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(async () => {
      container.querySelector('form')?.requestSubmit();
      await Promise.resolve();
    });
    expect(h.onRename).toHaveBeenCalledWith('Final');
    expect(container.querySelector('[role="alert"]')?.textContent).toBe('The name is not valid.');
  });
});
