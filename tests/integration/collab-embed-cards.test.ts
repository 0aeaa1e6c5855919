import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { CloseCode } from '@shared/collab/close-codes';
import { connectClient, contentOf, waitSynced, type Client, changeOf } from '../helpers/collab-client';
import { retryUntil } from '../helpers/retry-until';
import { openGuardRoom, type GuardRoom } from '../helpers/guard-room';

/**
 * The embed card node (FROALA-REFERENCE §38) at the server's update guard: a card with valid fields reaches
 * the other author; a script address, a foreign picture, overlong or control-laden text is refused (4415)
 * from a raw y-websocket client, and the document stays as it was.
 */

/** One card element with these raw attributes (a hostile client sends anything). */
function card(attrs: Record<string, unknown>): Y.XmlElement {
  const el = new Y.XmlElement('embedCard');
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, value as string);
  return el;
}

const GOOD = {
  url: 'https://example.com/article',
  title: 'An article',
  description: 'What it is about.',
  image: '/uploads/0123456789abcdef0123456789abcdef.png',
  siteName: 'Example',
};

describe('embed cards at the update guard', () => {
  let room: GuardRoom;
  let authors: [Client, Client];

  beforeAll(async () => {
    room = await openGuardRoom();
    authors = room.authors;
  });
  afterAll(() => room.close());

  const sendUpdate = (update: Uint8Array): Promise<number> => room.sendUpdate(update);

  it('passes a card with valid fields on to the other author', async () => {
    const [a, b] = authors;
    a.doc.transact(() => {
      contentOf(a.doc).insert(1, [card(GOOD)]);
    });
    await retryUntil(() => expect(contentOf(b.doc).toString()).toContain('<embedcard'));
    expect(contentOf(b.doc).toString()).toContain('title="An article"');
    expect(a.provider.wsconnected).toBe(true);
  });

  it.each<[string, Record<string, unknown>]>([
    ['a javascript: address', { ...GOOD, url: 'javascript:alert(1)' }],
    ['a data: address', { ...GOOD, url: 'data:text/html,<script>alert(1)</script>' }],
    ['an address with credentials', { ...GOOD, url: 'https://user:pw@example.com/' }],
    ['an address that is not canonical', { ...GOOD, url: ' https://example.com/a b' }],
    ['a picture from another site', { ...GOOD, image: 'https://evil.example/pixel.png' }],
    ['a picture path that climbs out', { ...GOOD, image: '/uploads/../secret' }],
    ['an overlong title', { ...GOOD, title: 'x'.repeat(301) }],
    ['a description with control characters', { ...GOOD, description: 'a\u0000b' }],
    ['a number as the site name', { ...GOOD, siteName: 42 }],
    ['an unknown attribute', { ...GOOD, html: '<script>alert(1)</script>' }],
  ])('refuses %s (4415) and keeps the document', async (_what, attrs) => {
    const before = contentOf(authors[0].doc).toString();
    const code = await sendUpdate(changeOf(authors[0].doc, (d) => contentOf(d).insert(0, [card(attrs)])));
    expect(code).toBe(CloseCode.INVALID_UPDATE.code);
    const fresh = connectClient(room.server.collabUrl, room.docId, room.token);
    await waitSynced(fresh);
    await retryUntil(() => expect(contentOf(fresh.doc).toString()).toBe(before));
    fresh.destroy();
  });
});
