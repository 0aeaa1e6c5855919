import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createDocument, EditorPage } from './fixtures';

// Chunks that hold UI used only on demand: none may be fetched while the editor page loads.
const LAZY_CHUNKS = [
  'german',
  'files-manager.dialog',
  'image-manager.dialog',
  'help.dialog',
  'emoticons.overlay',
  'special-characters.overlay',
  'video-form',
  'code-view-editor',
  'markdown-editor',
  'upload-start',
  'image-insert',
  'file-upload-form',
  'color-picker',
  'download-html',
  'version-history.panel',
];

const assetsDir = path.join(process.env.TANDEM_BUILD_DIR ?? 'dist/client', 'assets');

/** The bundler names a shared chunk after one of its importers: the modules it holds, from its source map. */
function modulesOf(file: string): string[] {
  const mapFile = path.join(assetsDir, `${file}.map`);
  // The bundler's runtime has no source map (and none of our modules).
  if (!existsSync(mapFile)) return [];
  const map = JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[] };
  return map.sources.map((source) => path.basename(source).replace(/\.[cm]?[jt]sx?$/, ''));
}

/** Every script the page requested so far, by chunk name (`assets/help.dialog-AbC123.js` → `help.dialog`). */
function recordScripts(page: Page, files: string[] = []): Set<string> {
  const names = new Set<string>();
  page.on('request', (request) => {
    const match = /\/assets\/((.+)-[\w-]{8}\.js)$/.exec(new URL(request.url()).pathname);
    if (match?.[1] && match[2]) {
      names.add(match[2]);
      files.push(match[1]);
    }
  });
  return names;
}

async function openEditor(page: Page, title: string): Promise<EditorPage> {
  const doc = await createDocument(page.request, title);
  const editor = new EditorPage(page);
  await editor.open(doc.editorUrl);
  await editor.waitConnected();
  return editor;
}

// Popup code every author needs (also offline): not in the page, fetched once the page is idle.
const IDLE_CHUNKS = ['toolbar-menu.radix', 'toolbar-popover.radix', 'radix-kit', 'export-actions', 'table-editing'];
// Menus and handles over the text (with Floating UI): idle too, or at once when first needed (lazy-menus.spec.ts).
IDLE_CHUNKS.push('selection-toolbar.menu', 'context-toolbar.view', 'draggable.overlay', 'slash-menu');
// Overlays that show only for some state (a picture selected, a download, a Word paste, an upload error).
IDLE_CHUNKS.push('image-edit.overlay', 'video.overlay', 'export.overlay', 'word-paste.overlay', 'upload-toasts');
// Link detection with linkify (fetched with the first finished word at the latest) and the link popup.
IDLE_CHUNKS.push('link-detect', 'link.overlay');
// The home page and the share dialog (both work offline too).
IDLE_CHUNKS.push('home-page', 'share-dialog-content');
// Autosave's timing, election and requests (also fetched by the first change or the first Save).
IDLE_CHUNKS.push('save-session', 'save.status');

test('the editor page loads no on-demand chunk; each one arrives when its UI is first used', async ({ page }) => {
  const files: string[] = [];
  const scripts = recordScripts(page, files);
  const editor = await openEditor(page, 'Lazy loading');
  await editor.typeAtEnd('Hello');
  await expect(editor.content).toContainText('Hello');
  // By module, not by file name: a chunk of code the idle parts share may carry an on-demand part's name
  // (video.overlay and the video form share video-embed.ts in a chunk named "video-form").
  const fetchedModules = new Set(files.flatMap(modulesOf));
  for (const chunk of LAZY_CHUNKS)
    expect([...fetchedModules], `${chunk} is not part of the first load`).not.toContain(chunk);
  const html = await (await page.request.get('/')).text();
  for (const chunk of IDLE_CHUNKS) {
    expect(html, `${chunk} is not in the page`).not.toContain(chunk);
    await expect.poll(() => [...scripts], `${chunk} is fetched when idle`).toContain(chunk);
  }

  // A toolbar menu: its Radix code comes with the first open, which still opens it and gives the focus back.
  const format = page.getByRole('button', { name: 'Paragraph Format' });
  await format.click();
  await expect(page.getByRole('menu', { name: 'Paragraph Format' })).toBeVisible();
  expect(scripts).toContain('toolbar-menu.radix');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(format).toBeFocused();

  // A toolbar popup with a picker: popup, tabs and picker arrive on the first open; the search field gets the focus.
  await page.getByRole('button', { name: 'Emoticons' }).click();
  const picker = page.getByRole('dialog', { name: 'Emoticons' });
  await expect(picker.getByRole('tab', { name: 'Flags' })).toBeVisible();
  await expect(picker.getByRole('searchbox', { name: 'Search Emoticons' })).toBeFocused();
  expect(scripts).toContain('toolbar-popover.radix');
  expect(scripts).toContain('radix-kit');
  expect(scripts).toContain('emoticons.overlay');
  await page.keyboard.press('Escape');
  await expect(picker).toBeHidden();

  // Modals: the files manager from its toolbar button, the shortcuts dialog from Mod-/.
  expect(scripts).not.toContain('files-manager.dialog');
  await page.getByRole('button', { name: 'Insert Files' }).click();
  await expect(page.getByRole('dialog', { name: 'Insert Files' })).toBeVisible();
  expect(scripts).toContain('files-manager.dialog');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Insert Files' })).toBeHidden();

  expect(scripts).not.toContain('help.dialog');
  await editor.content.click();
  await page.keyboard.press('Control+/');
  await expect(page.getByRole('dialog', { name: 'Shortcuts' })).toBeVisible();
  expect(scripts).toContain('help.dialog');
  expect(scripts).not.toContain('german');
});

test('the share dialog arrives with the first click on Share and gives the focus back on close', async ({ page }) => {
  const scripts = recordScripts(page);
  await openEditor(page, 'Lazy share');
  const share = page.getByRole('button', { name: 'Share', exact: true });
  await share.click();
  await expect(page.getByRole('dialog', { name: 'Share this document' })).toBeVisible();
  expect(scripts).toContain('share-dialog-content');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(share).toBeFocused();
});

test('German strings are a chunk of their own, fetched before the first paint when German is chosen', async ({
  page,
}) => {
  const scripts = recordScripts(page);
  await page.addInitScript(() => localStorage.setItem('tandem.language', 'de'));
  await openEditor(page, 'Lazy Deutsch');
  expect(scripts).toContain('german');
  await expect(page.getByRole('button', { name: 'Hilfe' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
});

test('a chunk that cannot be fetched shows a translated message; the next open tries again', async ({ page }) => {
  let block = true;
  await page.route(/\/assets\/help\.dialog-[\w-]{8}\.js$/, (route) => (block ? route.abort() : route.continue()));
  const editor = await openEditor(page, 'Lazy failure');
  await editor.content.click();

  await page.getByRole('button', { name: 'Help' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'This part of the editor could not be loaded' });
  await expect(alert).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Shortcuts' })).toHaveCount(0);
  await alert.getByRole('button', { name: 'Dismiss' }).click();
  await expect(alert).toHaveCount(0);

  block = false;
  await page.getByRole('button', { name: 'Help' }).click();
  await expect(page.getByRole('dialog', { name: 'Shortcuts' })).toBeVisible();
});

test('the HTML download and the code view work right after the page opened (their code loads then)', async ({
  page,
}) => {
  const scripts = recordScripts(page);
  const editor = await openEditor(page, 'Lazy export');
  await editor.typeAtEnd('Café');
  await page.getByRole('button', { name: 'Download and print' }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'HTML', exact: true }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Lazy export.html');
  expect(scripts).toContain('download-html');
  await editor.content.click();
  await page.keyboard.press('Control+Alt+h');
  await expect(page.locator('.code-view .cm-content')).toContainText('<p>Caf&eacute;</p>');
});
