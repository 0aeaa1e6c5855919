import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { createDocument, linkPath } from './fixtures';

const t = {
  en: {
    home: 'Go to your documents',
    docNotFound: 'Document not found',
    badToken: 'This link does not work',
    noToken: 'This link is incomplete',
    pageNotFound: 'Page not found',
    docDeleted: 'Document in the trash',
    cannotConnect: 'Cannot connect',
    retry: 'Retry',
    blocked: 'a proxy or firewall may be blocking WebSocket connections',
    unreachable: 'the server cannot be reached',
    documents: 'Your documents',
  },
  de: {
    home: 'Zu Ihren Dokumenten',
    docNotFound: 'Dokument nicht gefunden',
    badToken: 'Dieser Link funktioniert nicht',
    noToken: 'Dieser Link ist unvollständig',
    pageNotFound: 'Seite nicht gefunden',
    docDeleted: 'Dokument im Papierkorb',
    cannotConnect: 'Keine Verbindung',
    retry: 'Erneut versuchen',
    blocked: 'ein Proxy oder eine Firewall blockiert vielleicht WebSocket-Verbindungen',
    unreachable: 'Der Server ist nicht erreichbar',
    documents: 'Ihre Dokumente',
  },
} as const;

async function expectErrorPage(page: Page, heading: string, lang: 'en' | 'de'): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.getByRole('alert')).not.toBeEmpty();
  // The app's frame stays: the app bar with the language switch.
  await expect(page.getByRole('link', { name: 'Tandem' })).toBeVisible();
  await expect(page.locator('.tiptap')).toHaveCount(0);
  await page.getByRole('link', { name: t[lang].home }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: t[lang].documents })).toBeVisible();
}

for (const lang of ['en', 'de'] as const) {
  const s = t[lang];
  test.describe(`[${lang}] error pages`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((l) => localStorage.setItem('tandem.language', l), lang);
    });

    test('a document that does not exist', async ({ page }) => {
      // Like a link to a document purged from the trash: a token the server accepts (the operator's admin
      // token, valid for any id) for an id nobody created. The socket is kept closed: with the admin token
      // it would create the document.
      await page.routeWebSocket(/\/collab\//, (ws) => ws.close({ code: 1011 }));
      const id = randomBytes(16).toString('base64url');
      await page.goto(`/d/${id}#token=e2e-admin-token`);
      await expectErrorPage(page, s.docNotFound, lang);
    });

    test('a token signed for another document', async ({ page, request }) => {
      const doc = await createDocument(request, 'Real');
      await page.goto(linkPath(doc.editorUrl).replace(`/d/${doc.id}`, '/d/AAAAAAAAAAAAAAAAAAAAAA'));
      await expectErrorPage(page, s.badToken, lang);
    });

    test('a wrong token', async ({ page, request }) => {
      const doc = await createDocument(request, 'Real');
      await page.goto(`/d/${doc.id}#token=v1.${doc.id}.e.wrongsignature`);
      await expectErrorPage(page, s.badToken, lang);
    });

    test('a link without a token', async ({ page, request }) => {
      const doc = await createDocument(request, 'Real');
      await page.goto(`/d/${doc.id}`);
      await expect(page.getByRole('alert')).toContainText(lang === 'en' ? 'no access token' : 'Zugriffsschlüssel');
      await expectErrorPage(page, s.noToken, lang);
    });

    test('an unknown page and an invalid document id', async ({ page }) => {
      await page.goto('/no/such/page');
      await expectErrorPage(page, s.pageNotFound, lang);
      await page.goto('/d/not%20an%20id#token=x');
      await expectErrorPage(page, s.pageNotFound, lang);
    });

    test('a document in the trash', async ({ page, request }) => {
      const doc = await createDocument(request, 'Old');
      const res = await request.delete(`/api/documents/${doc.id}`, {
        headers: { authorization: `Bearer ${doc.editorToken}` },
      });
      expect(res.ok()).toBe(true);
      await page.goto(linkPath(doc.editorUrl));
      await expectErrorPage(page, s.docDeleted, lang);
    });

    test('a first visit whose WebSocket cannot connect says why, promises nothing, and Retry connects', async ({
      page,
      request,
    }) => {
      const doc = await createDocument(request, 'Behind a proxy');
      let blocked = true;
      let attempts = 0;
      // Like a proxy that drops the upgrade: the socket never opens (until "the proxy is fixed").
      await page.routeWebSocket(/\/collab\//, (ws) => {
        attempts++;
        if (blocked) ws.close({ code: 1011 });
        else ws.connectToServer();
      });
      // The page keeps trying in the background too; its clock is held below so that only Retry can connect.
      await page.clock.install();
      await page.goto(linkPath(doc.editorUrl));
      await expect(page.getByRole('heading', { level: 1, name: s.cannotConnect })).toBeVisible();
      await expect(page.getByRole('alert')).toContainText(s.blocked);
      await expect(page.locator('main, body')).not.toContainText(/kept|behalten|gespeichert/i);
      await expect(page.getByRole('link', { name: 'Tandem' })).toBeVisible();
      await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
      const before = attempts;
      blocked = false;
      await page.getByRole('button', { name: s.retry }).click();
      await expect.poll(() => attempts).toBe(before + 1);
      await page.clock.resume();
      await expect(page.locator('.tiptap')).toBeVisible();
      await expect(page.locator('[data-status="connected"]')).toBeVisible();
    });

    test('a first visit with the whole server unreachable says so', async ({ page, request }) => {
      const doc = await createDocument(request, 'Server down');
      await page.routeWebSocket(/\/collab\//, (ws) => ws.close({ code: 1011 }));
      await page.route('**/api/documents/**', (route) => route.abort());
      await page.goto(linkPath(doc.editorUrl));
      await expect(page.getByRole('alert')).toContainText(s.unreachable);
      await expect(page.getByRole('button', { name: s.retry })).toBeEnabled();
    });
  });
}
