import { expect, test, type Page } from '@playwright/test';
import { newEditor, openGerman, twoAuthors } from './fixtures';

const SHOTS = '/tmp/shots-forms';

/** The insert menu behind the toolbar button (or behind "More Insert" when the row is full). */
async function openMenu(page: Page, labels: { insert: string; more: string }) {
  const button = page.getByRole('button', { name: labels.insert });
  if (!(await button.isVisible())) await page.getByRole('button', { name: labels.more }).click();
  await button.click();
  return page.getByRole('group', { name: labels.insert });
}

const formIn = (page: Page) => page.locator('.tiptap .fr-form');

test('two authors: insert, edit properties, style and button text; the other author sees it; one undo step', async ({
  browser,
  request,
}) => {
  const { a, b, doc, close } = await twoAuthors(browser, request, 'Forms');
  const page = a.editor.page;
  await a.editor.typeAtEnd('Contact');

  // A text field from the toolbar menu: its properties open at once.
  const menu = await openMenu(page, { insert: 'Form Controls', more: 'More Insert' });
  await menu.getByRole('button', { name: 'Text Field' }).click();
  const props = page.getByRole('dialog', { name: 'Properties' });
  await expect(props).toBeVisible();
  await props.getByLabel('Label', { exact: true }).fill('E-mail');
  await props.getByLabel('Name').fill('email');
  await props.getByLabel('Input type').selectOption('email');
  await props.getByLabel('Placeholder').fill('you@example.com');
  await props.getByLabel('Required').check();
  await page.screenshot({ path: `${SHOTS}/properties-en-1400.png` });
  // Enter in a one-line field applies.
  await props.getByLabel('Placeholder').press('Enter');
  await expect(props).toBeHidden();
  const input = formIn(page).locator('input[type="email"]');
  await expect(input).toHaveAttribute('placeholder', 'you@example.com');
  await expect(input).toHaveAttribute('required', '');
  // The control does not take typing in the editor (inert), and the block stays selected.
  await expect(formIn(page).locator('label')).toHaveJSProperty('inert', true);
  await expect(formIn(b.editor.page).locator('input[name="email"][type="email"]')).toBeVisible();

  // Enter on the selected control opens the properties (never a new paragraph, never a submit).
  const blocks = () => page.evaluate(() => document.querySelectorAll('.tiptap > *').length);
  const count = await blocks();
  await page.keyboard.press('Enter');
  await expect(props).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(props).toBeHidden();
  expect(await blocks()).toBe(count);

  // With the control's bubble open, a toolbar menu opens over it and keeps the focus (closing the
  // bubble by that click must not pull the focus back into the editor a frame later).
  const bubble = page.getByRole('toolbar', { name: 'Form control' });
  await expect(bubble).toBeVisible();
  const kinds = await openMenu(page, { insert: 'Form Controls', more: 'More Insert' });
  await expect(kinds.getByRole('button').first()).toBeFocused();
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await expect(kinds.getByRole('button').first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(kinds).toBeHidden();

  // A button: Edit Button in a compact field (Escape cancels, Enter applies), Style Rounded + Large.
  await page.keyboard.press('ArrowDown');
  await openMenu(page, { insert: 'Form Controls', more: 'More Insert' }).then((m) =>
    m.getByRole('button', { name: 'Button', exact: true }).click(),
  );
  await expect(props).toBeVisible();
  await props.getByRole('button', { name: 'Apply' }).click();
  await expect(bubble).toBeVisible();
  await bubble.getByRole('button', { name: 'Edit Button' }).click();
  const text = page.getByRole('dialog', { name: 'Form control' }).getByLabel('Button text');
  await text.fill('Nope');
  await text.press('Escape');
  await expect(formIn(page).locator('button')).toHaveText('Submit');
  await bubble.getByRole('button', { name: 'Edit Button' }).click();
  await text.fill('Send');
  await page.screenshot({ path: `${SHOTS}/edit-button-en-1400.png` });
  await text.press('Enter');
  await expect(formIn(page).locator('button')).toHaveText('Send');
  await bubble.getByRole('button', { name: 'Large' }).click();
  await bubble.getByRole('button', { name: 'Rounded' }).click();
  await expect(bubble.getByRole('button', { name: 'Large' })).toHaveAttribute('aria-pressed', 'true');
  await expect(formIn(page).locator('button')).toHaveClass('fr-large fr-rounded');
  await expect(formIn(b.editor.page).locator('button.fr-large.fr-rounded')).toHaveText('Send');
  await page.screenshot({ path: `${SHOTS}/bubble-en-1400.png` });

  // Undo takes the changes back for both authors (Yjs groups quick successive steps); redo restores them.
  await page.keyboard.press('Control+z');
  await expect(formIn(page).locator('button')).not.toHaveClass(/fr-rounded/);
  await expect(formIn(b.editor.page).locator('button')).not.toHaveClass(/fr-rounded/);
  await page.keyboard.press('Control+Shift+z');
  await expect(formIn(b.editor.page).locator('button')).toHaveClass('fr-large fr-rounded');

  // Double-click opens the properties of a select; options become the control's.
  await page.keyboard.press('Escape');
  await page.keyboard.press('ArrowDown');
  await openMenu(page, { insert: 'Form Controls', more: 'More Insert' }).then((m) =>
    m.getByRole('button', { name: 'Drop-down List' }).click(),
  );
  await props.getByLabel('Options (one per line)').fill('Red\nGreen\nBlue');
  await props.getByRole('combobox', { name: 'Default value' }).selectOption('Green');
  await props.getByRole('button', { name: 'Apply' }).click();
  await expect(formIn(b.editor.page).locator('select option')).toHaveText(['Red', 'Green', 'Blue']);
  await formIn(page).nth(0).dblclick();
  await expect(props.getByLabel('Name')).toHaveValue('email');
  await page.keyboard.press('Escape');

  // The export has the real controls.
  const html = await a.editor.html();
  expect(html).toContain('class="fr-form"');

  // A viewer fills the controls in, locally only: the shared document does not change.
  const viewer = await newEditor(browser);
  await viewer.editor.open(doc.viewerUrl, 'Vic');
  await viewer.editor.waitConnected();
  const vpage = viewer.editor.page;
  const before = await viewer.editor.xml();
  const field = formIn(vpage).locator('input[type="email"]');
  await field.click();
  await vpage.keyboard.type('me@example.com');
  await vpage.keyboard.press('Enter');
  await expect(field).toHaveValue('me@example.com');
  await formIn(vpage).locator('select').selectOption('Blue');
  await expect(formIn(vpage).locator('select')).toHaveValue('Blue');
  await formIn(vpage).locator('button').click();
  expect(vpage.url()).toContain('/d/');
  await vpage.setViewportSize({ width: 390, height: 800 });
  await vpage.screenshot({ path: `${SHOTS}/viewer-en-390.png` });
  expect(await viewer.editor.xml()).toBe(before);
  expect(await a.editor.xml()).toBe(before);
  await viewer.context.close();
  await close();
});

test('German, 390 px: quick insert, a checkbox, label edited in a compact field', async ({ browser, request }) => {
  const { editor, context } = await openGerman(browser, request, 'Formulare');
  const page = editor.page;
  await editor.typeAtEnd('');
  await page.keyboard.press('Enter');
  await page.keyboard.type('/formular');
  await page.getByRole('option', { name: 'Formularelement' }).click();
  const menu = page.getByRole('group', { name: 'Formularelemente' });
  await menu.getByRole('button', { name: 'Kontrollkästchen' }).click();
  const props = page.getByRole('dialog', { name: 'Eigenschaften' });
  await expect(props).toBeVisible();
  await props.getByLabel('Standardmäßig angekreuzt').check();
  await page.setViewportSize({ width: 390, height: 800 });
  await page.screenshot({ path: `${SHOTS}/properties-de-390.png` });
  await props.getByRole('button', { name: 'Übernehmen' }).click();
  const bubble = page.getByRole('toolbar', { name: 'Formularelement' });
  await bubble.getByRole('button', { name: 'Beschriftung bearbeiten' }).click();
  const field = page.getByRole('dialog', { name: 'Formularelement' }).getByLabel('Beschriftung');
  await field.fill('Ich stimme zu');
  await page.screenshot({ path: `${SHOTS}/label-de-390.png` });
  await field.press('Enter');
  await expect(formIn(page).locator('label')).toContainText('Ich stimme zu');
  await expect(formIn(page).locator('input[type="checkbox"]')).toHaveJSProperty('checked', true);
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.screenshot({ path: `${SHOTS}/bubble-de-1400.png` });
  await context.close();
});
