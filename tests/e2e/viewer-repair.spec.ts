import { expect, test, type Page } from '@playwright/test';
import * as Y from 'yjs';
import { connectClient, contentOf, paragraph, waitSynced } from '../helpers/collab-client';
import { createDocument, newEditor } from './fixtures';

/** Records the close code of every WebSocket the page opens (from before the app's own code runs). */
async function recordSockets(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const sockets = { opened: 0, closeCodes: [] as number[] };
    Object.assign(window, { __sockets: sockets });
    const Native = window.WebSocket;
    window.WebSocket = class extends Native {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        sockets.opened++;
        this.addEventListener('close', (event) => sockets.closeCodes.push(event.code));
      }
    };
  });
}

const sockets = (page: Page): Promise<{ opened: number; closeCodes: number[] }> =>
  page.evaluate(() => (window as unknown as { __sockets: { opened: number; closeCodes: number[] } }).__sockets);

function element(name: string, children: (Y.XmlElement | Y.XmlText)[]): Y.XmlElement {
  const e = new Y.XmlElement(name);
  e.insert(0, children);
  return e;
}

test('a viewer whose document needs repair stays connected, and an editor can still work in it', async ({
  browser,
  request,
}, testInfo) => {
  const baseURL = testInfo.project.use.baseURL ?? '';
  const doc = await createDocument(request, 'Needs repair');

  // Names the model knows, in an order it does not allow: a list item must start with a paragraph.
  // Every client's editor has to repair this; only an editor may write the repair.
  const writer = connectClient(`${baseURL.replace(/^http/, 'ws')}/collab`, doc.id, doc.editorToken);
  await waitSynced(writer);
  const list = element('bulletList', [element('listItem', [element('heading', [new Y.XmlText('misplaced')])])]);
  contentOf(writer.doc).insert(contentOf(writer.doc).length, [paragraph('readable paragraph'), list]);
  await expect.poll(() => writer.provider.synced && writer.closeCodes.length === 0).toBe(true);
  writer.destroy();

  const reader = await newEditor(browser);
  await recordSockets(reader.editor.page);
  await reader.editor.open(doc.viewerUrl, 'Reader');
  await expect(reader.editor.content).toContainText('readable paragraph');
  await reader.editor.waitConnected();
  // The viewer's editor dropped the list in its own view only: its copy of the shared document keeps it.
  await expect(reader.editor.content).not.toContainText('misplaced');
  expect(await reader.editor.xml()).toContain('<heading');

  // An editor opens the same document: it repairs it for everyone, and what it types reaches the viewer
  // over the viewer's first and only socket.
  const author = await newEditor(browser);
  await author.editor.open(doc.editorUrl, 'Author');
  await author.editor.waitConnected();
  await expect(author.editor.content).toContainText('readable paragraph');
  await author.editor.typeAtEnd(' typed by the editor');
  await expect.poll(() => author.editor.xml()).toContain('typed by the editor');
  await expect(reader.editor.content).toContainText('typed by the editor');
  await expect.poll(() => reader.editor.xml()).not.toContain('<heading');

  await expect(reader.editor.page.locator('[data-status="connected"]')).toBeVisible();
  await expect(reader.editor.page.getByRole('alert')).toHaveCount(0);
  expect(await sockets(reader.editor.page)).toEqual({ opened: 1, closeCodes: [] });
  await author.context.close();
  await reader.context.close();
});
