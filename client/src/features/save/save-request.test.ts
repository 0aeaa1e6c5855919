import { describe, expect, it } from 'vitest';
import { EXPLICIT_SAVE_HEADER } from '@shared/api/versions';
import { defaultEditorOptions } from '@shared/editor-options';
import { AutosaveLimits } from '@shared/limits';
import { createDocumentModel } from '@shared/document/model/create-document-model';
import { saveBody, saveRequest, saveSettings, sendSave } from './save-request';

const ORIGIN = 'https://docs.example.com';

describe('saveSettings', () => {
  it('defaults: this document’s own endpoint, POST, body, the interval, the token', () => {
    expect(saveSettings(defaultEditorOptions, 'a b', 'tok', ORIGIN)).toEqual({
      interval: AutosaveLimits.intervalMs,
      target: {
        url: `${ORIGIN}/api/documents/a%20b/snapshots`,
        method: 'POST',
        param: 'body',
        params: [],
        token: 'tok',
      },
    });
  });

  it('never gives the token to another URL', () => {
    for (const url of [
      'https://cms.example.com/save/{id}',
      'http://docs.example.com/api/documents/{id}/snapshots',
      `${ORIGIN}/api/documents/other/snapshots`,
      `${ORIGIN}/api/documents/{id}/snapshots/../../other`,
    ]) {
      const target = saveSettings({ saveURL: url }, 'doc', 'tok', ORIGIN).target;
      expect(target?.token, url).toBeNull();
    }
    expect(
      saveSettings({ saveURL: `${ORIGIN}/api/documents/{id}/snapshots` }, 'doc', 'tok', ORIGIN).target?.token,
    ).toBe('tok');
  });

  it('reads the operator’s method, field and extra fields', () => {
    const { target, interval } = saveSettings(
      {
        saveURL: 'https://cms.example.com/s?doc={id}',
        saveMethod: 'PUT',
        saveParam: 'html',
        saveParams: { id: '7' },
        saveInterval: 500,
      },
      'd1',
      'tok',
      ORIGIN,
    );
    expect(interval).toBe(500);
    expect(target).toEqual({
      url: 'https://cms.example.com/s?doc=d1',
      method: 'PUT',
      param: 'html',
      params: [['id', '7']],
      token: null,
    });
  });

  it('null or unusable URLs mean "no save URL" (error 1); junk elsewhere falls back to defaults', () => {
    for (const saveURL of [null, '', 'javascript:alert(1)', 'http://[bad', 42]) {
      expect(saveSettings({ saveURL }, 'd', 't', ORIGIN).target).toBeNull();
    }
    const junk = saveSettings(
      { saveInterval: -5, saveMethod: 'DELETE', saveParam: '__proto__', saveParams: ['x'] },
      'd',
      't',
      ORIGIN,
    );
    expect(junk.interval).toBe(AutosaveLimits.intervalMs);
    expect(junk.target).toMatchObject({ method: 'POST', param: 'body', params: [] });
    expect(saveSettings({ saveInterval: Number.NaN }, 'd', 't', ORIGIN).interval).toBe(AutosaveLimits.intervalMs);
    expect(saveSettings({ saveInterval: 1e12 }, 'd', 't', ORIGIN).interval).toBe(AutosaveLimits.maxIntervalMs);
    expect(saveSettings({ saveParams: { ok: 'v', 'bad key': 'v', n: 5 } }, 'd', 't', ORIGIN).target?.params).toEqual([
      ['ok', 'v'],
    ]);
  });
});

describe('saveRequest', () => {
  it('is form-urlencoded body=<html>&<saveParams>, with the explicit header only on our endpoint', () => {
    const own = saveSettings({ saveParams: { a: '1&2' } }, 'd', 'tok', ORIGIN).target;
    if (!own) throw new Error('target');
    const request = saveRequest(own, '<p>a & b</p>', true);
    expect(request.init.body).toBe('body=%3Cp%3Ea+%26+b%3C%2Fp%3E&a=1%262');
    expect(request.init.headers).toMatchObject({ authorization: 'Bearer tok', [EXPLICIT_SAVE_HEADER]: 'explicit' });
    const foreign = saveSettings({ saveURL: 'https://cms.example.com/x' }, 'd', 'tok', ORIGIN).target;
    if (!foreign) throw new Error('target');
    const other = saveRequest(foreign, '<p></p>', true);
    expect(Object.keys(other.init.headers)).toEqual(['content-type']);
    expect(other.init.credentials).toBe('omit');
  });
});

describe('sendSave', () => {
  const request = { url: 'https://x.example/s', init: { method: 'POST', headers: {}, body: 'body=' } };
  it('is true only for 200', async () => {
    const answer = (status: number) => () => Promise.resolve(new Response(status === 204 ? null : 'x', { status }));
    expect(await sendSave(request, answer(200))).toBe(true);
    for (const status of [201, 204, 302, 400, 500, 503]) expect(await sendSave(request, answer(status))).toBe(false);
    expect(await sendSave(request, () => Promise.reject(new TypeError('offline')))).toBe(false);
  });
});

describe('saveBody', () => {
  it('is the exported body: no comment anchors, the text and its formatting kept', () => {
    const { schema } = createDocumentModel(defaultEditorOptions);
    const doc = schema.nodeFromJSON({
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'Hello ' },
            {
              type: 'text',
              text: 'world',
              marks: [{ type: 'bold' }, { type: 'comment', attrs: { thread: 't-12345678' } }],
            },
          ],
        },
      ],
    });
    expect(saveBody(doc, defaultEditorOptions.entities)).toBe('<p>Hello <strong>world</strong></p>');
  });
});
