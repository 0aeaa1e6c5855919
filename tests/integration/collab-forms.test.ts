import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { CloseCode } from '@shared/collab/close-codes';
import { connectClient, contentOf, waitSynced, type Client, changeOf } from '../helpers/collab-client';
import { retryUntil } from '../helpers/retry-until';
import { openGuardRoom, type GuardRoom } from '../helpers/guard-room';

/**
 * The form control node (FROALA-REFERENCE §37) at the server's update guard: a valid control reaches the
 * other author; a bad kind, input type, name, label, option list, style or flag from a raw y-websocket
 * client is refused (4415), and the document stays as it was.
 */

/** A form control element with these raw attributes (a hostile client sends anything). */
function control(attrs: Record<string, unknown>): Y.XmlElement {
  const el = new Y.XmlElement('formControl');
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, value as string);
  return el;
}

describe('form controls at the update guard', () => {
  let room: GuardRoom;
  let authors: [Client, Client];

  beforeAll(async () => {
    room = await openGuardRoom();
    authors = room.authors;
  });
  afterAll(() => room.close());

  const sendUpdate = (update: Uint8Array): Promise<number> => room.sendUpdate(update);

  it('passes a valid control on to the other author', async () => {
    const [a, b] = authors;
    a.doc.transact(() => {
      contentOf(a.doc).insert(1, [
        control({
          control: 'select',
          name: 'colour',
          label: 'Colour <b>',
          options: ['Red', 'Green'],
          value: 'Green',
          required: true,
          styles: 'fr-rounded fr-large',
        }),
      ]);
    });
    await retryUntil(() => expect(contentOf(b.doc).toString()).toContain('<formcontrol'));
    const el = contentOf(b.doc).get(1) as Y.XmlElement;
    expect(el.getAttribute('options')).toEqual(['Red', 'Green']);
    expect(a.provider.wsconnected).toBe(true);
  });

  it.each<[string, Record<string, unknown>]>([
    ['an unknown kind', { control: 'iframe' }],
    ['a file input type', { inputType: 'file' }],
    ['a hidden input type', { inputType: 'hidden' }],
    ['a name with markup', { name: 'x" onfocus="alert(1)' }],
    ['a name starting with a digit', { name: '1x' }],
    ['a label with a line break', { label: 'a\nb' }],
    ['a label too long', { label: 'x'.repeat(201) }],
    ['options as a string', { options: 'a,b' }],
    ['options with numbers', { options: [1, 2] }],
    ['duplicate options', { options: ['a', 'a'] }],
    ['too many options', { options: Array.from({ length: 21 }, (_, i) => `o${String(i)}`) }],
    ['a class outside the styles', { styles: 'fr-rounded evil' }],
    ['required as a string', { required: 'true' }],
    ['an unknown attribute', { onclick: 'alert(1)' }],
  ])('refuses %s (4415) and keeps the document', async (_what, attrs) => {
    const before = contentOf(authors[0].doc).toString();
    const code = await sendUpdate(changeOf(authors[0].doc, (d) => contentOf(d).insert(0, [control(attrs)])));
    expect(code).toBe(CloseCode.INVALID_UPDATE.code);
    const fresh = connectClient(room.server.collabUrl, room.docId, room.token);
    await waitSynced(fresh);
    await retryUntil(() => expect(contentOf(fresh.doc).toString()).toBe(before));
    fresh.destroy();
  });
});
