import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { readFile } from 'node:fs/promises';
import { createDocument, linkPath, newEditor, openGerman, twoAuthors, type EditorPage } from './fixtures';

const WIDE = { width: 1400, height: 900 };

const toggle = (page: Page) => page.locator('[data-item="suggesting"]');
const panel = (page: Page) => page.locator('aside.suggestions-panel');
const cards = (page: Page) => panel(page).locator('li.suggestion-card');
const inserted = (page: Page) => page.locator('.tiptap ins.suggestion');
const deleted = (page: Page) => page.locator('.tiptap del.suggestion');

/** The document's text without the U+200B anchors of suggestions. */
const text = (editor: EditorPage): Promise<string> =>
  editor.page.evaluate(() => (window.__tandem?.editor.state.doc.textContent ?? '').replaceAll('\u200B', ''));

/** Selects the first occurrence of `phrase` (or puts the caret `offset` characters into it when `caret`). */
async function selectPhrase(editor: EditorPage, phrase: string, caret?: number): Promise<void> {
  // No click first: a click's own caret could land after this selection and replace it.
  const range = await editor.page.evaluate(
    ([wanted, offset]) => {
      const ed = window.__tandem?.editor;
      if (!ed) return null;
      let at = -1;
      ed.state.doc.descendants((node, pos) => {
        if (at >= 0 || !node.isTextblock) return at < 0;
        const index = node.textContent.indexOf(wanted);
        if (index >= 0) at = pos + 1 + index;
        return false;
      });
      if (at < 0) return null;
      const wantedRange =
        offset === null ? { from: at, to: at + wanted.length } : { from: at + offset, to: at + offset };
      ed.chain().focus().setTextSelection(wantedRange).run();
      return wantedRange;
    },
    [phrase, caret ?? null] as const,
  );
  expect(range).not.toBeNull();
  await expect(editor.content).toBeFocused();
  await expect
    .poll(() =>
      editor.page.evaluate(() => {
        const selection = window.__tandem?.editor.state.selection;
        return selection ? { from: selection.from, to: selection.to } : null;
      }),
    )
    .toEqual(range);
}

async function startSuggesting(page: Page): Promise<void> {
  await page.locator('.tiptap').click();
  await page.keyboard.press('Control+Shift+E');
  await expect(toggle(page)).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('[data-item="suggesting-status"]')).toBeVisible();
}

/** Ada and Bob on a new document at desktop width, both connected, with Ada's `text` arrived at Bob's. */
async function wideAuthorsWith(browser: Browser, request: APIRequestContext, title: string, text: string) {
  const authors = await twoAuthors(browser, request, title);
  for (const author of [authors.a, authors.b]) {
    await author.editor.page.setViewportSize(WIDE);
    await author.editor.waitConnected();
  }
  await authors.a.editor.typeFresh(text);
  await expect.poll(() => authors.b.editor.xml()).toContain(text.slice(-10));
  return { ...authors, pa: authors.a.editor.page, pb: authors.b.editor.page };
}

test('A suggests a deletion while B types inside it; B accepts while A keeps typing; both converge', async ({
  browser,
  request,
}) => {
  const { a, b, pa, pb, close } = await wideAuthorsWith(browser, request, 'Suggestions', 'The quick brown fox jumps.');

  await startSuggesting(pa);
  await selectPhrase(a.editor, 'quick brown ');
  await pa.keyboard.press('Backspace');
  // Nothing is gone: the words are struck through in Ada's colour, with her name on hover, for both.
  await expect(deleted(pa)).toHaveText('quick brown ');
  await expect(deleted(pb)).toHaveText('quick brown ');
  await expect(deleted(pb)).toHaveAttribute('data-author', 'Ada');
  await expect(deleted(pb)).toHaveAttribute('title', 'Deleted by Ada');
  expect(await text(a.editor)).toBe('The quick brown fox jumps.');

  // Bob, editing directly, types inside the range at the same time.
  await selectPhrase(b.editor, 'brown', 2);
  await pb.keyboard.insertText('XY');
  await expect.poll(() => text(a.editor)).toBe('The quick brXYown fox jumps.');

  // Bob accepts from the panel while Ada keeps typing (her typing is a suggestion too).
  await pb.locator('[data-item="suggestions"]').click();
  await expect(cards(pb)).toHaveCount(1);
  await expect(cards(pb).first()).toContainText('Ada');
  await selectPhrase(a.editor, 'jumps', 5);
  const typing = pa.keyboard.type(' high', { delay: 40 });
  await cards(pb).first().getByRole('button', { name: 'Accept the suggestion of Ada' }).click();
  await typing;
  // Both sides read inside the poll: B's state read once up front may still lack Ada's last key.
  await expect
    .poll(async () => {
      const [ax, bx, at, bt] = await Promise.all([a.editor.xml(), b.editor.xml(), text(a.editor), text(b.editor)]);
      return ax === bx && at === bt ? 'converged' : `${ax} | ${bx}`;
    })
    .toBe('converged');
  await expect.poll(() => text(b.editor)).toContain('jumps high.');
  await expect.poll(() => text(b.editor)).not.toContain('quick');
  await expect.poll(async () => (await a.editor.xml()) === (await b.editor.xml())).toBe(true);
  await expect(inserted(pb)).toHaveText(' high');
  await close();
});

test('accept all gives the text as typed; reject restores the exact text; undo after accept', async ({
  browser,
  request,
}) => {
  const { a, b, close } = await twoAuthors(browser, request, 'Accept all');
  const pa = a.editor.page;
  const pb = b.editor.page;
  await pa.setViewportSize(WIDE);
  await pb.setViewportSize(WIDE);
  await a.editor.waitConnected();
  await b.editor.waitConnected();
  const original = 'One two three.';
  await a.editor.typeFresh(original);
  await expect.poll(() => text(b.editor)).toBe(original);
  const originalXml = await b.editor.xml();

  await startSuggesting(pa);
  await selectPhrase(a.editor, 'two');
  await pa.keyboard.insertText('2');
  await selectPhrase(a.editor, 'three', 5);
  await pa.keyboard.insertText(' four');
  await pa.keyboard.press('Enter');
  await pa.keyboard.insertText('Five.');
  await expect(inserted(pb).first()).toBeVisible();

  // Reject all: exactly the text (and document) before.
  await pb.locator('[data-item="suggestions"]').click();
  await expect(cards(pb)).not.toHaveCount(0);
  await panel(pb).getByRole('button', { name: 'Reject all' }).click();
  await expect.poll(() => a.editor.xml()).toBe(originalXml);
  await expect(cards(pb)).toHaveCount(0);

  // The same again, accepted: the text as typed, no mark left.
  await selectPhrase(a.editor, 'two');
  await pa.keyboard.insertText('2');
  await selectPhrase(a.editor, 'three', 5);
  await pa.keyboard.insertText(' four');
  await expect(cards(pb)).toHaveCount(2);
  // The panel is reachable by keyboard and has no serious accessibility problem.
  expect(await seriousViolations(pb)).toEqual([]);
  await panel(pb).getByRole('button', { name: 'Reject all' }).focus();
  await pb.keyboard.press('Shift+Tab');
  await expect(panel(pb).getByRole('button', { name: 'Accept all' })).toBeFocused();
  await pb.keyboard.press('Enter');
  await expect.poll(() => text(a.editor)).toBe('One 2 three four.');
  await expect(inserted(pa)).toHaveCount(0);
  await expect(deleted(pa)).toHaveCount(0);

  // One more, accepted from the bubble at the caret; Bob's undo brings the suggestion back.
  await selectPhrase(a.editor, 'four', 4);
  await pa.keyboard.insertText(' five');
  await expect(inserted(pb)).toHaveText(' five');
  await selectPhrase(b.editor, 'five', 2);
  const bubble = pb.locator('.suggestion-bubble');
  await expect(bubble).toContainText('Suggestion by Ada');
  await bubble.getByRole('button', { name: 'Accept the suggestion of Ada' }).click();
  await expect(inserted(pb)).toHaveCount(0);
  await expect(b.editor.content).toBeFocused();
  await pb.keyboard.press('Control+z');
  await expect(inserted(pb)).toHaveText(' five');
  // (Ada's view holds Bob's caret label inside the mark: her document is compared instead.)
  await expect(inserted(pa)).toHaveAttribute('data-author', 'Ada');
  await expect.poll(async () => (await a.editor.xml()) === (await b.editor.xml())).toBe(true);
  expect(await text(a.editor)).toBe('One 2 three four five.');
  await close();
});

test('a picture inserted or deleted while suggesting is a suggestion for the other author too', async ({
  browser,
  request,
}) => {
  const { a, pa, pb, close } = await wideAuthorsWith(browser, request, 'Suggested pictures', 'Before after.');
  await startSuggesting(pa);
  await selectPhrase(a.editor, ' after', 0);
  await pa.evaluate(() =>
    window.__tandem?.editor
      .chain()
      .focus()
      .insertContent({ type: 'image', attrs: { src: 'https://example.com/suggested.png', alt: 'Suggested' } })
      .run(),
  );
  const picture = (page: Page, kind: 'ins' | 'del') => page.locator(`.tiptap ${kind}.suggestion img[alt="Suggested"]`);
  await expect(picture(pb, 'ins')).toHaveCount(1);
  await pb.locator('[data-item="suggestions"]').click();
  await panel(pb).getByRole('button', { name: 'Accept all' }).click();
  await expect(picture(pa, 'ins')).toHaveCount(0);
  await expect(pa.locator('.tiptap img[alt="Suggested"]')).toHaveCount(1);

  // Ada deletes the accepted picture while suggesting: struck out for both; Bob rejects, and it stays.
  await pa.evaluate(() => {
    const ed = window.__tandem?.editor;
    let at = -1;
    ed?.state.doc.descendants((node, pos) => {
      if (node.type.name === 'image') at = pos;
      return at < 0;
    });
    ed?.chain().focus().setNodeSelection(at).run();
  });
  await pa.keyboard.press('Backspace');
  await expect(picture(pb, 'del')).toHaveCount(1);
  await expect(pb.locator('.tiptap del.suggestion')).toHaveAttribute('data-author', 'Ada');
  await panel(pb).getByRole('button', { name: 'Reject all' }).click();
  await expect(picture(pa, 'del')).toHaveCount(0);
  await expect(pa.locator('.tiptap img[alt="Suggested"]')).toHaveCount(1);
  await expect(pb.locator('.tiptap img[alt="Suggested"]')).toHaveCount(1);
  await close();
});

test('an author suggests offline and the suggestion arrives with the reconnection', async ({ browser, request }) => {
  const { a, b, close } = await twoAuthors(browser, request, 'Offline suggestions');
  const pa = a.editor.page;
  const pb = b.editor.page;
  await pa.setViewportSize(WIDE);
  await a.editor.waitConnected();
  await b.editor.waitConnected();
  await a.editor.typeFresh('Written together.');
  await expect.poll(() => text(b.editor)).toBe('Written together.');
  await startSuggesting(pa);

  await a.context.setOffline(true);
  await expect(pa.locator('[data-status="connected"]')).toHaveCount(0);
  await selectPhrase(a.editor, 'together', 0);
  await pa.keyboard.insertText('almost ');
  await expect(inserted(pa)).toHaveText('almost ');
  await expect(inserted(pb)).toHaveCount(0);

  await a.context.setOffline(false);
  await a.editor.waitConnected();
  await expect(inserted(pb)).toHaveText('almost ');
  await expect(inserted(pb)).toHaveAttribute('data-author', 'Ada');
  await close();
});

test('German: the switch, the badge, the panel and the bubble', async ({ browser, request }) => {
  const { editor, context } = await openGerman(browser, request, 'Vorschläge');
  const page = editor.page;
  await page.setViewportSize(WIDE);
  await editor.waitConnected();
  await editor.typeFresh('Ein kurzer Satz.');
  await expect(toggle(page)).toHaveAttribute('aria-label', 'Änderungen vorschlagen');
  await startSuggesting(page);
  await expect(toggle(page)).toContainText('Vorschlagen');
  await expect(page.locator('[data-item="suggesting-status"]')).toContainText('Vorschlagen');
  await selectPhrase(editor, 'kurzer ');
  await page.keyboard.press('Delete');
  await expect(deleted(page)).toHaveAttribute('title', 'Gelöscht von Ada');
  await page.locator('[data-item="suggestions"]').click();
  await expect(panel(page).getByRole('heading', { name: 'Vorschläge' })).toBeVisible();
  await expect(panel(page).getByRole('button', { name: 'Alle annehmen' })).toBeVisible();
  await expect(cards(page).first()).toContainText('Löschen');
  expect(await seriousViolations(page)).toEqual([]);
  await selectPhrase(editor, 'kurzer', 2);
  await expect(page.locator('.suggestion-bubble')).toContainText('Vorschlag von Ada');
  await expect(page.locator('.suggestion-bubble').getByRole('button', { name: 'Ablehnen' })).toBeVisible();
  await context.close();
});

test('a commenter sees suggestions but no switch and no accept or reject', async ({ browser, request }) => {
  const { doc, a, close } = await twoAuthors(browser, request, 'Commenter and suggestions');
  const pa = a.editor.page;
  await pa.setViewportSize(WIDE);
  await a.editor.waitConnected();
  await a.editor.typeFresh('Reviewers read this.');
  await startSuggesting(pa);
  await selectPhrase(a.editor, 'this', 4);
  await pa.keyboard.insertText(' twice');

  const commenter = await newEditor(browser);
  const pc = commenter.editor.page;
  await pc.setViewportSize(WIDE);
  await commenter.editor.open(doc.commenterUrl, 'Cleo');
  await expect(inserted(pc)).toHaveText(' twice');
  await expect(toggle(pc)).toHaveCount(0);
  await pc.locator('[data-item="suggestions"]').click();
  await expect(cards(pc)).toHaveCount(1);
  await expect(panel(pc)).toContainText('Only editors can accept or reject suggestions.');
  await expect(panel(pc).getByRole('button', { name: /Accept|Reject/ })).toHaveCount(0);
  // The shortcut does nothing for a commenter.
  await commenter.editor.content.click();
  await pc.keyboard.press('Control+Shift+E');
  await expect(pc.locator('[data-item="suggesting-status"]')).toHaveCount(0);
  await commenter.context.close();
  await close();
});

test('a ?mode=suggesting link opens suggesting; downloads take suggestions accepted, or as marked when chosen', async ({
  browser,
  request,
}) => {
  const doc = await createDocument(request, 'Suggested export');
  const { context, editor } = await newEditor(browser);
  const { page } = editor;
  await page.setViewportSize(WIDE);
  await editor.open(doc.editorUrl, 'Ada');
  await editor.waitConnected();
  await editor.typeFresh('Keep the old word.');
  await expect(toggle(page)).toHaveAttribute('aria-pressed', 'false');

  const [path, fragment] = linkPath(doc.editorUrl).split('#');
  await page.goto(`${path ?? ''}?mode=suggesting#${fragment ?? ''}`);
  await expect(editor.content).toContainText('Keep the old word.');
  await expect(toggle(page)).toHaveAttribute('aria-pressed', 'true');
  await selectPhrase(editor, 'old');
  await page.keyboard.type('new');
  await expect(deleted(page)).toHaveText('old');
  await expect(inserted(page)).toHaveText('new');
  // The bubble at the caret is one Alt+F10 away from the text; Escape comes back.
  await selectPhrase(editor, 'new', 1);
  const bubble = page.locator('.suggestion-popup');
  await expect(bubble).toBeVisible();
  await page.keyboard.press('Alt+F10');
  await expect(bubble.getByRole('button', { name: 'Accept the suggestion of Ada' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(editor.content).toBeFocused();
  await expect(bubble).toHaveCount(0);

  const download = async (): Promise<string> => {
    await page.getByRole('button', { name: 'Download and print' }).click();
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'Markdown', exact: true }).click(),
    ]);
    return readFile(await file.path(), 'utf8');
  };
  // The server's copy is the one downloaded: wait until it holds the suggestion.
  await expect.poll(async () => (await download()).trim()).toBe('Keep the new word.');

  await page.getByRole('button', { name: 'Download and print' }).click();
  await page.getByRole('menuitem', { name: /^Suggestions: accepted/ }).click();
  const marked = await download();
  expect(marked).toMatch(/Keep the <del [^>]*data-author="Ada"[^>]*>old<\/del><ins [^>]*>new<\/ins> word\./);
  expect(marked).not.toContain('\u200B');

  // A suggestion carries its discussion: Comment on its card opens a thread on its text.
  await page.locator('[data-item="suggestions"]').click();
  await cards(page).first().getByRole('button', { name: 'Comment on the suggestion of Ada' }).click();
  const comments = page.locator('aside.comments-panel');
  await expect(panel(page)).toHaveCount(0);
  await expect(comments.locator('.comment-composer')).toContainText('oldnew');
  await comments.getByLabel('Write a comment').fill('Why new?');
  await comments.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(comments.locator('li.comment-thread')).toContainText('Why new?');
  await expect(page.locator('.tiptap .comment-anchor')).toHaveText(['old', 'new']);
  await context.close();
});
