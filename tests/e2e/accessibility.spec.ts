import { expect, test } from '@playwright/test';
import { seriousViolations } from './axe';
import { createDocument, newEditor, type Author } from './fixtures';

// Issue 26 point 8: axe on the editor page and on every popup and dialog of the features, in English
// and in German: no serious or critical violation.

const LANGUAGES = [
  {
    lang: 'en',
    findBar: 'Find and replace',
    icons: 'Insert Icon',
    linkPopup: 'Link',
    editText: 'Edit Text',
    formControls: 'Form Controls',
    moreInsert: 'More Insert',
    textField: 'Text Field',
    properties: 'Properties',
    misspelt: 'recieve',
    spellMenu: 'Spelling suggestions for “recieve”',
  },
  {
    lang: 'de',
    findBar: 'Suchen und Ersetzen',
    icons: 'Symbol einfügen',
    linkPopup: 'Link',
    editText: 'Text bearbeiten',
    formControls: 'Formularelemente',
    moreInsert: 'Mehr Einfügen',
    textField: 'Textfeld',
    properties: 'Eigenschaften',
    misspelt: 'Grösse',
    spellMenu: 'Rechtschreibvorschläge für „Grösse“',
  },
] as const;

for (const names of LANGUAGES) {
  test(`axe (${names.lang}): the editor page, find and replace, icons, edit in popup, forms and spelling`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const doc = await createDocument(request, 'Accessible');
    const author: Author = await newEditor(browser);
    const page = author.editor.page;
    await page.addInitScript((l) => localStorage.setItem('tandem.language', l), names.lang);
    await author.editor.open(doc.editorUrl, 'Ada');
    await author.editor.waitConnected();
    await author.editor.typeFresh('Visit ');
    await page.evaluate(() =>
      window.__tandem?.editor.chain().focus().insertContent('<a href="https://example.com/">the site</a> today').run(),
    );
    // The check sees what it must: a nameless button put in on purpose is reported, then taken out again.
    await page.evaluate(() =>
      document.body.append(Object.assign(document.createElement('button'), { id: 'nameless' })),
    );
    expect((await seriousViolations(page)).join()).toContain('button-name');
    await page.evaluate(() => document.getElementById('nameless')?.remove());
    expect(await seriousViolations(page), 'the editor page').toEqual([]);
    // The page has been checked whole: each popup below is checked on its own (axe on the whole page is slow).

    await author.editor.content.click();
    await page.keyboard.press('Control+h');
    await expect(page.getByRole('search', { name: names.findBar })).toBeVisible();
    await page.keyboard.type('site');
    expect(await seriousViolations(page, '[role="search"]'), 'the find and replace bar').toEqual([]);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('search', { name: names.findBar })).toBeHidden();

    await page.getByRole('button', { name: names.icons }).click();
    await expect(page.getByRole('dialog', { name: names.icons })).toBeVisible();
    await expect(page.getByRole('dialog', { name: names.icons }).locator('.char-grid-cell').first()).toBeVisible();
    expect(await seriousViolations(page, '[role="dialog"]'), 'the icon picker').toEqual([]);
    await page.keyboard.press('Escape');

    await author.editor.content.getByRole('link').click();
    await page.getByRole('dialog', { name: names.linkPopup }).getByRole('button', { name: names.editText }).click();
    await expect(page.getByRole('dialog', { name: names.editText }).getByRole('textbox')).toBeFocused();
    expect(await seriousViolations(page, '[role="dialog"]'), 'the link text field').toEqual([]);
    await page.keyboard.press('Escape');

    // Forms: the insert menu and the properties dialog.
    await author.editor.content.click();
    await page.keyboard.press('Control+End');
    const insertForm = page.getByRole('button', { name: names.formControls });
    if (!(await insertForm.isVisible())) await page.getByRole('button', { name: names.moreInsert }).click();
    await insertForm.click();
    const formMenu = page.getByRole('group', { name: names.formControls });
    await expect(formMenu).toBeVisible();
    expect(await seriousViolations(page, '[role="group"]'), 'the form controls menu').toEqual([]);
    await formMenu.getByRole('button', { name: names.textField }).click();
    await expect(page.getByRole('dialog', { name: names.properties })).toBeVisible();
    expect(await seriousViolations(page, '[role="dialog"]'), 'the form properties dialog').toEqual([]);
    await page.keyboard.press('Escape');

    // Spell checking: a misspelt word's suggestions menu (the document language follows the UI language).
    await author.editor.typeFresh(`${names.misspelt} `);
    const marker = page.locator('.tiptap .spell-error');
    await expect(marker).toHaveText([names.misspelt], { timeout: 20_000 });
    await marker.first().click({ button: 'right' });
    await expect(page.getByRole('menu', { name: names.spellMenu })).toBeVisible();
    expect(await seriousViolations(page, '[role="menu"]'), 'the spelling suggestions menu').toEqual([]);
    await author.context.close();
  });
}
