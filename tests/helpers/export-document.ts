import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { CreatedDocument } from '@shared/api/documents';
import type { UploadResponse } from '@shared/api/media';
import { makeImage } from './media-fixtures';

export const RICH_HEADING = 'Quarterly export';
export const RICH_TEXT = 'Revenue grew in every region';

/** Uploads a real PNG to the document through the server's image endpoint. */
export async function uploadPicture(request: APIRequestContext, doc: CreatedDocument): Promise<UploadResponse> {
  const buffer = await makeImage('png', { width: 120, height: 60, seed: 4242 });
  const res = await request.post(`/api/documents/${doc.id}/images`, {
    headers: { authorization: `Bearer ${doc.editorToken}` },
    multipart: { file: { name: 'chart.png', mimeType: 'image/png', buffer } },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as UploadResponse;
}

/**
 * Gives the open document a title and content with a heading, bold text, a list, a table with a header
 * row and an uploaded picture (written through the editor, as an author would), and waits until the
 * server has it.
 */
export async function fillRichDocument(
  page: Page,
  request: APIRequestContext,
  doc: CreatedDocument,
  title: string,
): Promise<UploadResponse> {
  const picture = await uploadPicture(request, doc);
  await page.locator('.title-input').fill(title);
  await page.evaluate(
    ({ heading, text, src }) => {
      window.__tandem?.editor.commands.setContent(
        `<h1>${heading}</h1><p>${text} and <strong>bold words</strong> stay.</p>` +
          '<ul><li><p>first point</p></li><li><p>second point</p></li></ul>' +
          '<table><tbody><tr><th><p>Region</p></th><th><p>Sales</p></th></tr>' +
          '<tr><td><p>North</p></td><td><p>1200</p></td></tr><tr><td><p>South</p></td><td><p>900</p></td></tr></tbody></table>' +
          `<p>Chart: <img src="${src}" alt="sales chart"></p>`,
      );
    },
    { heading: RICH_HEADING, text: RICH_TEXT, src: picture.link },
  );
  await expect
    .poll(async () => {
      const res = await request.get(`/api/documents/${doc.id}/export?format=text`, {
        headers: { authorization: `Bearer ${doc.editorToken}` },
      });
      return (await res.text()).includes('1200') && (await res.text()).includes(RICH_HEADING);
    })
    .toBe(true);
  return picture;
}
