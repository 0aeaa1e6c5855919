import { expect, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
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

  async typeAtEnd(text: string): Promise<void> {
    await this.content.click();
    await this.page.keyboard.press('Control+End');
    await this.page.keyboard.insertText(text);
  }
}

export async function newEditor(browser: Browser): Promise<{ context: BrowserContext; editor: EditorPage }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  return { context, editor: new EditorPage(page) };
}
