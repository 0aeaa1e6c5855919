import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
  type Route,
} from '@playwright/test';
import type { CreatedDocument } from '@shared/api/documents';

export async function createDocument(request: APIRequestContext, title = 'E2E document'): Promise<CreatedDocument> {
  const res = await request.post('/api/documents', { data: { title } });
  expect(res.status()).toBe(201);
  return (await res.json()) as CreatedDocument;
}

/** The path of a capability link (`/d/<id>#token=…`), relative to the test server. */
export const linkPath = (url: string): string => {
  const u = new URL(url);
  return `${u.pathname}${u.hash}`;
};

/** Page object of the editor screen. */
export class EditorPage {
  /** Browser console warnings and errors, e.g. Yjs's "already imported" (two copies of yjs bundled). */
  readonly consoleProblems: string[] = [];

  constructor(readonly page: Page) {
    page.on('console', (message) => {
      if (message.type() === 'warning' || message.type() === 'error') this.consoleProblems.push(message.text());
    });
  }

  get content() {
    return this.page.locator('.tiptap');
  }

  async open(url: string, name?: string): Promise<void> {
    if (name) {
      await this.page.addInitScript((n) => {
        localStorage.setItem('tandem.identity', JSON.stringify({ name: n, color: '#1971c2' }));
      }, name);
    }
    await this.page.goto(linkPath(url));
    await expect(this.content).toBeVisible();
  }

  async waitConnected(): Promise<void> {
    await expect(this.page.locator('[data-status="connected"]')).toBeVisible();
  }

  /** The shared XML of the document (innerText would include other authors' caret labels). */
  xml(): Promise<string> {
    return this.page.evaluate(() => window.__tandem?.ydoc.getXmlFragment('default').toString() ?? '');
  }

  /** The editor's HTML export (the DOM also holds other authors' caret labels). */
  html(): Promise<string> {
    return this.page.evaluate(() => window.__tandem?.editor.getHTML() ?? '');
  }

  async typeAtEnd(text: string): Promise<void> {
    await this.content.click();
    await this.page.keyboard.press('Control+End');
    await this.page.keyboard.insertText(text);
  }

  /** Replaces the whole content with `text`, leaving the caret after it. */
  async typeFresh(text: string): Promise<void> {
    await this.content.click();
    await this.page.keyboard.press('Control+A');
    await this.page.keyboard.insertText(text);
  }

  /** Extends the selection leftwards over `text` (the characters just before the caret). */
  async selectBack(text: string): Promise<void> {
    for (let i = 0; i < text.length; i++) await this.page.keyboard.press('Shift+ArrowLeft');
  }
}

/** One author: a browser context of its own, and the editor page in it. */
export interface Author {
  context: BrowserContext;
  editor: EditorPage;
}

export async function newEditor(browser: Browser): Promise<Author> {
  const context = await browser.newContext();
  const page = await context.newPage();
  return { context, editor: new EditorPage(page) };
}

/** Shows the UI in German from the page's next load on. */
async function useGerman(page: Page): Promise<void> {
  await page.addInitScript(() => localStorage.setItem('tandem.language', 'de'));
}

/** A new document opened by Ada (`a`) and then Bob (`b`); `close()` closes both contexts. */
export async function twoAuthors(
  browser: Browser,
  request: APIRequestContext,
  title?: string,
): Promise<{ doc: CreatedDocument; a: Author; b: Author; close: () => Promise<void> }> {
  const doc = await createDocument(request, title);
  const a = await newEditor(browser);
  const b = await newEditor(browser);
  await a.editor.open(doc.editorUrl, 'Ada');
  await b.editor.open(doc.editorUrl, 'Bob');
  const close = async (): Promise<void> => {
    await a.context.close();
    await b.context.close();
  };
  return { doc, a, b, close };
}

/** A new document opened by Ada with the German UI. */
export async function openGerman(
  browser: Browser,
  request: APIRequestContext,
  title: string,
): Promise<Author & { doc: CreatedDocument }> {
  const doc = await createDocument(request, title);
  const author = await newEditor(browser);
  await useGerman(author.editor.page);
  await author.editor.open(doc.editorUrl, 'Ada');
  return { doc, ...author };
}

/** A new document loaded in `page` with the German UI (no identity, no wait for the editor). */
export async function gotoGerman(page: Page, request: APIRequestContext, title: string): Promise<CreatedDocument> {
  const doc = await createDocument(request, title);
  await useGerman(page);
  await page.goto(linkPath(doc.editorUrl));
  return doc;
}

/**
 * Holds this page's requests to `url` (of `method`, if given; others pass) until `release()`; they then
 * go on unchanged. `seen` resolves at the first one; `count()` tells how many came.
 */
async function holdRequests(
  page: Page,
  url: RegExp,
  method?: string,
): Promise<{ release: () => void; seen: Promise<void>; count: () => number }> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let noteRequest: () => void = () => undefined;
  const seen = new Promise<void>((resolve) => {
    noteRequest = resolve;
  });
  let count = 0;
  await page.route(url, async (route: Route) => {
    if (method && route.request().method() !== method) return route.continue();
    count += 1;
    noteRequest();
    await released;
    // The client may have aborted meanwhile (Escape on an upload): then there is nothing left to send.
    await route.continue().catch(() => undefined);
  });
  return { release, seen, count: () => count };
}

/**
 * Holds back the lazy chunk `name` (`/assets/<name>-<hash>.js`) until `release()`, for tests of an author
 * acting before a part's code arrived.
 */
export function holdChunk(
  page: Page,
  name: string,
): Promise<{ release: () => void; seen: Promise<void>; count: () => number }> {
  return holdRequests(page, new RegExp(`/assets/${name.replaceAll('.', '\\.')}-[\\w-]{8}\\.js$`));
}

/**
 * Holds this page's upload requests of one kind until `release()`; they then go to the real server
 * unchanged (so collaborators can be seen watching the placeholder).
 */
export function gateUploads(
  page: Page,
  kind: 'images' | 'files' | 'videos',
): Promise<{ release: () => void; seen: Promise<void>; count: () => number }> {
  return holdRequests(page, new RegExp(`/api/documents/[^/]+/${kind}$`), 'POST');
}

const testFontDir = path.join(
  path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')),
  'ttf',
);
const pinnedCss = `
@font-face { font-family: 'Tandem Test Sans'; src: url(/__test-fonts/DejaVuSans.ttf); font-weight: 400; }
@font-face { font-family: 'Tandem Test Sans'; src: url(/__test-fonts/DejaVuSans-Bold.ttf); font-weight: 700; }
:root { font-family: 'Tandem Test Sans', 'Noto Emoji' !important; }
button, input, select, textarea { font-family: inherit !important; }
`;

/**
 * Draws the page's text with a font the tests bring (DejaVu Sans from npm) instead of the system's
 * sans-serif, so a pixel comparison does not change with the fonts a machine has installed. Call it
 * right before the screenshot; it waits for the fonts.
 */
export async function pinFonts(page: Page): Promise<void> {
  await page.route('**/__test-fonts/**', async (route) => {
    const name = new URL(route.request().url()).pathname.split('/').pop() ?? '';
    if (name === 'pinned.css') return route.fulfill({ contentType: 'text/css', body: pinnedCss });
    if (!/^DejaVuSans(-Bold)?\.ttf$/.test(name)) return route.fulfill({ status: 404 });
    return route.fulfill({ contentType: 'font/ttf', body: await readFile(path.join(testFontDir, name)) });
  });
  await page.addStyleTag({ url: '/__test-fonts/pinned.css' });
  await page.evaluate(async () => {
    await document.fonts.load('16px "Tandem Test Sans"');
    await document.fonts.load('bold 16px "Tandem Test Sans"');
    await document.fonts.ready;
  });
}

/**
 * The element's box once it is laid out. An element can be swapped for a new one between finding it and
 * measuring it (a table's view is rebuilt when the table editing plugins arrive), so this asks again.
 */
export async function boxOf(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  let box: Awaited<ReturnType<Locator['boundingBox']>> = null;
  await expect
    .poll(
      async () => {
        box = await locator.boundingBox();
        return box !== null;
      },
      { message: 'the element is laid out' },
    )
    .toBe(true);
  if (!box) throw new Error('the element is not laid out');
  return box;
}
