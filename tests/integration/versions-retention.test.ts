import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import type { CreatedDocument } from '@shared/api/documents';
import type { VersionListItem } from '@shared/api/versions';
import { VersionLimits } from '@shared/limits';
import { api, createDoc } from '../helpers/api';
import { contentOf, textOf } from '../helpers/collab-client';
import { startServer, type TestServer } from '../helpers/start-server';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

let now = 0;
const clock = (): number => now;
let server: TestServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Appends text to the document on the server (so the next version differs), then records one. */
async function record(s: TestServer, doc: CreatedDocument, text = 'x', body: object = {}): Promise<VersionListItem> {
  await s.app.collab.withDocument(doc.id, (d) => {
    const first = contentOf(d).get(0);
    if (!(first instanceof Y.XmlElement)) throw new Error('no first paragraph');
    const t = textOf(first);
    t.insert(t.length, text);
  });
  const res = await api(s.url, 'POST', `/api/documents/${doc.id}/versions`, { token: doc.editorToken, body });
  expect(res.status).toBe(201);
  return res.body as unknown as VersionListItem;
}

async function allVersions(s: TestServer, doc: CreatedDocument): Promise<VersionListItem[]> {
  const items: VersionListItem[] = [];
  for (let offset = 0; ; offset += VersionLimits.pageSizeMax) {
    const page = await api(
      s.url,
      'GET',
      `/api/documents/${doc.id}/versions?offset=${offset}&limit=${VersionLimits.pageSizeMax}`,
      { token: doc.viewerToken },
    );
    const batch = page.body as unknown as VersionListItem[];
    items.push(...batch);
    if (batch.length < VersionLimits.pageSizeMax) return items;
  }
}

describe('version retention', () => {
  it('keeps the last day, then one version per hour for a week, then one per day; named ones stay', async () => {
    const start = Date.UTC(2026, 1, 1, 0, 0, 0);
    now = start;
    // 432 recordings in a few seconds: above the write rate limit the POST shares with snapshots.
    const rate = { TANDEM_RATE_SNAPSHOT_PER_IP: '10000', TANDEM_RATE_SNAPSHOT_PER_TOKEN: '10000' };
    server = await startServer(rate, undefined, { clock });
    const doc = await createDoc(server.url);
    // A version every 30 minutes for 9 days; the second one is named.
    const step = 30 * MINUTE;
    const steps = (9 * DAY) / step;
    let named = '';
    for (let i = 0; i < steps; i++) {
      now = start + i * step;
      const v = await record(server, doc);
      if (i === 1) {
        named = v.id;
        const r = await api(server.url, 'PATCH', `/api/documents/${doc.id}/versions/${v.id}`, {
          token: doc.editorToken,
          body: { name: 'Kept' },
        });
        expect(r.status).toBe(200);
      }
    }
    const items = await allVersions(server, doc);
    const ages = (from: number, to: number): VersionListItem[] =>
      items.filter((v) => now - v.createdAt >= from && now - v.createdAt < to && v.name === null);

    // Every version of the last day (one each 30 minutes).
    expect(ages(0, VersionLimits.keepAllMs)).toHaveLength(VersionLimits.keepAllMs / step);
    // One per hour until a week: 6 days of hours.
    const hourly = ages(VersionLimits.keepAllMs, VersionLimits.keepHourlyMs);
    expect(new Set(hourly.map((v) => Math.floor(v.createdAt / HOUR))).size).toBe(hourly.length);
    expect(hourly).toHaveLength((VersionLimits.keepHourlyMs - VersionLimits.keepAllMs) / HOUR);
    // One per day beyond: the two first days, each by its newest version.
    const daily = ages(VersionLimits.keepHourlyMs, Number.POSITIVE_INFINITY);
    expect(daily.map((v) => v.createdAt)).toEqual([
      start + DAY + 23 * HOUR + 30 * MINUTE,
      start + 23 * HOUR + 30 * MINUTE,
    ]);
    // The named version of the first hour is still there.
    expect(items.filter((v) => v.name !== null)).toMatchObject([{ id: named, name: 'Kept', createdAt: start + step }]);
    expect(items).toHaveLength(48 + 144 + 2 + 1);
    // Newest first, the newest version the last recorded.
    expect(items[0]?.createdAt).toBe(now);
  });

  it('keeps at most TANDEM_VERSIONS_MAX_PER_DOCUMENT versions, the oldest unnamed going first', async () => {
    now = Date.UTC(2026, 2, 1, 12, 0, 0);
    server = await startServer({ TANDEM_VERSIONS_MAX_PER_DOCUMENT: '5' }, undefined, { clock });
    const doc = await createDoc(server.url);
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) {
      now += MINUTE;
      ids.unshift((await record(server, doc, 'x', i === 1 ? { name: 'Named early' } : {})).id);
    }
    const items = await allVersions(server, doc);
    // Newest four unnamed, and the named second one.
    expect(items.map((v) => v.id)).toEqual([...ids.slice(0, 4), ids[6]]);
    expect(items.at(-1)?.name).toBe('Named early');
  });

  it('keeps the versions of a document within TANDEM_VERSIONS_MAX_BYTES', async () => {
    now = Date.UTC(2026, 2, 2, 12, 0, 0);
    const maxBytes = 3_000;
    server = await startServer({ TANDEM_VERSIONS_MAX_BYTES: String(maxBytes) }, undefined, { clock });
    const doc = await createDoc(server.url);
    const recorded: VersionListItem[] = [];
    for (let i = 0; i < 8; i++) {
      now += MINUTE;
      recorded.unshift(await record(server, doc, 'y'.repeat(100)));
    }
    const items = await allVersions(server, doc);
    expect(items.reduce((sum, v) => sum + v.bytes, 0)).toBeLessThanOrEqual(maxBytes);
    expect(items.length).toBeGreaterThan(1);
    expect(items.length).toBeLessThan(recorded.length);
    // The newest ones stay, in order.
    expect(items.map((v) => v.id)).toEqual(recorded.slice(0, items.length).map((v) => v.id));
    // A version larger than the whole budget still stays when it is the newest.
    now += MINUTE;
    const huge = await record(server, doc, 'z'.repeat(maxBytes));
    expect((await allVersions(server, doc)).map((v) => v.id)).toEqual([huge.id]);
  });
});
