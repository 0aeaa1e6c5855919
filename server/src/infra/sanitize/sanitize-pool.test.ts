import { afterEach, describe, expect, it } from 'vitest';
import { defaultEditorOptions } from '@shared/editor-options';
import { sanitizeHtml } from './html';
import { SanitizePool, SanitizeQueueFull } from './sanitize-pool';

const diesOnRequest = new URL('../../../../tests/fixtures/workers/dies-on-request.mjs', import.meta.url);

const pools: SanitizePool[] = [];
function pool(options: Partial<ConstructorParameters<typeof SanitizePool>[0]> = {}, worker?: URL) {
  const p = new SanitizePool({ size: 2, maxQueued: 8, idleMs: 60_000, ...options }, worker);
  pools.push(p);
  return p;
}

afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

// A cold worker loads jsdom and the document model (seconds on a busy 2-core machine): these tests check
// behaviour, so they allow for that start rather than time it.
describe('SanitizePool', { timeout: 60_000 }, () => {
  it('sanitizes in a worker thread exactly like sanitizeHtml', async () => {
    const dirty =
      '<p onclick="x()">Hi<script>alert(1)</script> <a href="javascript:alert(2)">x</a><img src=x onerror=y></p>';
    const p = pool();
    expect(p.workers).toBe(0);
    expect(await p.sanitize(dirty)).toBe(sanitizeHtml(dirty));
    expect(p.workers).toBe(1);
  });

  it('runs bodies on at most `size` workers and answers each its own result', async () => {
    const p = pool({ size: 2 });
    const bodies = Array.from({ length: 6 }, (_, i) => `<p>${i}<b onmouseover="z">b</b></p>`);
    const results = await Promise.all(bodies.map((b) => p.sanitize(b)));
    expect(results).toEqual(bodies.map((_, i) => `<p>${i}<strong>b</strong></p>`));
    expect(p.workers).toBeLessThanOrEqual(2);
    expect(p.inFlight).toBe(0);
  });

  it("sanitizes with the document model of the deployment's editor options", async () => {
    const editorOptions = { ...defaultEditorOptions, paragraphStyles: [{ label: 'Note', value: 'note' }] };
    const p = pool({ editorOptions });
    const dirty = '<p class="note fr-text-gray">a</p>';
    expect(await p.sanitize(dirty)).toBe('<p class="note">a</p>');
    expect(await p.sanitize(dirty)).toBe(sanitizeHtml(dirty, editorOptions));
  });

  it('refuses a body beyond the queue cap', async () => {
    const p = pool({ size: 1, maxQueued: 1 });
    const first = p.sanitize('<p>1</p>');
    const second = p.sanitize('<p>2</p>');
    await expect(p.sanitize('<p>3</p>')).rejects.toBeInstanceOf(SanitizeQueueFull);
    expect(await Promise.all([first, second])).toEqual(['<p>1</p>', '<p>2</p>']);
  });

  it('fails the running body when its worker dies, and starts a new worker for the next', async () => {
    const p = pool({ size: 1 }, diesOnRequest);
    await expect(p.sanitize('die')).rejects.toThrow(/exited with code:? 3/);
    expect(await p.sanitize('<p>b</p>')).toBe('<p>b</p>');
    expect(p.inFlight).toBe(0);
  });

  it('stops idle workers after idleMs', async () => {
    const p = pool({ idleMs: 10 });
    await p.sanitize('<p>x</p>');
    await expect.poll(() => p.workers).toBe(0);
  });
});
