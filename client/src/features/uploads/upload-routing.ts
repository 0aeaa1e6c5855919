// The paste and drop routing of uploads: a chunk of its own, fetched when the author pauses after the editor
// opens or by the first paste or drop that needs it (the paste pipeline holds that input meanwhile).
import type { Editor } from '@tiptap/core';
import { Fragment, Slice, type Node as PmNode } from '@tiptap/pm/model';
import { MediaNodes, UPLOADS_PATH } from '@shared/api/media-values';
import type { CapabilityContext } from '../../editor/core/capability';
import { fetchableImg, routedKind } from './upload-kinds';
import { nodeFromUpload, remoteName } from './upload-nodes';
import { startRemoteImage, startUpload } from './upload-on-demand';
import { newUploadKey, uploadSessionOf, type Parked } from './upload-registry';
import { clientIdOf } from './upload-session';

/** Pasted pictures are parked behind this address between HTML parsing and the placeholder swap. */
const SENTINEL = 'https://tandem-pending.invalid/';
/** A parked picture whose paste never happened is forgotten after this long (ms). */
const PENDING_MS = 10_000;

/** Decodes a `data:` URL of an image into a File (null when it is not one). */
export function dataUrlToFile(url: string, baseName = 'pasted-image'): File | null {
  const match = /^data:([a-z]+\/[a-z0-9.+-]+)?((?:;[^,;]*)*),(.*)$/is.exec(url);
  if (!match) return null;
  const type = (match[1] ?? '').toLowerCase();
  if (!type.startsWith('image/')) return null;
  const payload = match[3] ?? '';
  let bytes: Uint8Array;
  try {
    if (/;base64/i.test(match[2] ?? '')) {
      const binary = atob(payload.replace(/\s+/g, ''));
      bytes = Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
    } else {
      bytes = new TextEncoder().encode(decodeURIComponent(payload));
    }
  } catch {
    return null;
  }
  const ext = (type.split('/')[1] ?? 'bin').replace(/\+.*$/, '').replace('jpeg', 'jpg');
  return new File([bytes as Uint8Array<ArrayBuffer>], `${baseName}.${ext}`, { type });
}

/** Whether an image address is already one of our uploads (kept as it is on paste). */
function isOwnUpload(src: string): boolean {
  if (src.startsWith(UPLOADS_PATH)) return true;
  try {
    const url = new URL(src);
    return url.origin === window.location.origin && url.pathname.startsWith(UPLOADS_PATH);
  } catch {
    return false;
  }
}

/**
 * Rewrites the `<img>` of pasted or dropped HTML: `data:` pictures and remote http(s) pictures are
 * parked in `pending` (the session's; uploaded, resp. fetched by the server, once pasted); `blob:` and
 * any other scheme are dropped.
 */
export function parkPastedImages(html: string, pending: Map<string, Parked>): string {
  if (!/<img/i.test(html)) return html;
  const dom = new DOMParser().parseFromString(html, 'text/html');
  let changed = false;
  for (const img of Array.from(dom.body.querySelectorAll('img'))) {
    const src = (img.getAttribute('src') ?? '').trim();
    if (src && isOwnUpload(src)) continue;
    changed = true;
    const key = newUploadKey();
    if (/^data:/i.test(src)) {
      const file = dataUrlToFile(src);
      if (!file) {
        img.remove();
        continue;
      }
      pending.set(key, { source: 'data', file, at: Date.now() });
    } else if (/^https?:\/\//i.test(src)) {
      pending.set(key, { source: 'remote', url: src, alt: img.getAttribute('alt') ?? '', at: Date.now() });
    } else {
      img.remove();
      continue;
    }
    img.setAttribute('src', `${SENTINEL}${key}`);
    img.removeAttribute('srcset');
  }
  return changed ? dom.body.innerHTML : html;
}

/** Swaps parked pictures in a parsed slice for placeholders of this client (anything else parked goes). */
export function placeholdersForParked(editor: Editor, slice: Slice): Slice {
  const { schema } = editor;
  const clientId = clientIdOf(editor);
  const session = uploadSessionOf(editor);
  const pending = session.parked;
  const placeholder = schema.nodes[MediaNodes.placeholder.node];
  if (!placeholder) return slice;
  let touched = false;
  const mapFragment = (fragment: Fragment): Fragment => {
    const nodes: PmNode[] = [];
    fragment.forEach((node) => {
      const src = typeof node.attrs.src === 'string' ? node.attrs.src : '';
      if (node.type.name === MediaNodes.image.node && src.startsWith(SENTINEL)) {
        touched = true;
        const key = src.slice(SENTINEL.length);
        const parked = pending.get(key);
        if (!parked) return;
        session.reserved.add(key);
        nodes.push(
          placeholder.create({
            key,
            kind: 'image',
            name: parked.source === 'data' ? parked.file.name : remoteName(parked.url),
            progress: 0,
            clientId,
            startedAt: Date.now(),
          }),
        );
        return;
      }
      nodes.push(node.isLeaf ? node : node.copy(mapFragment(node.content)));
    });
    return Fragment.fromArray(nodes);
  };
  const content = mapFragment(slice.content);
  return touched ? new Slice(content, slice.openStart, slice.openEnd) : slice;
}

/** Starts the uploads of parked pictures whose placeholders have reached the document. */
export function startParked(editor: Editor, context: CapabilityContext): void {
  const now = Date.now();
  const me = clientIdOf(editor);
  const session = uploadSessionOf(editor);
  const pending = session.parked;
  const found: string[] = [];
  editor.state.doc.descendants((node) => {
    if (node.type.name === MediaNodes.placeholder.node) {
      const key = String(node.attrs.key);
      if (pending.has(key) && node.attrs.clientId === me) found.push(key);
    }
    return true;
  });
  for (const key of found) {
    const parked = pending.get(key);
    pending.delete(key);
    if (!parked) continue;
    if (parked.source === 'data') {
      startUpload(editor, context, {
        kind: 'image',
        file: parked.file,
        existingKey: key,
        toNode: nodeFromUpload.image,
      });
    } else {
      startRemoteImage(editor, context, { url: parked.url, alt: parked.alt, existingKey: key });
    }
  }
  for (const [key, parked] of pending) {
    if (now - parked.at > PENDING_MS) {
      pending.delete(key);
      session.reserved.delete(key);
    }
  }
}

/** Uploads `files` at `pos` (or the selection), each as the node its type calls for. */
export function uploadFiles(editor: Editor, context: CapabilityContext, files: readonly File[], pos?: number): number {
  let count = 0;
  // Inserted back to front at the same position, so they end up in their original order.
  for (const file of [...files].reverse()) {
    const kind = routedKind(editor.schema, file);
    if (!kind) continue;
    startUpload(editor, context, { kind, file, pos, toNode: nodeFromUpload[kind] });
    count++;
  }
  return count;
}

/** Pasted files (with no loadable picture in the HTML) become uploads; true = the paste is taken. */
export function uploadPastedFiles(editor: Editor, context: CapabilityContext, event: ClipboardEvent): boolean {
  const files = Array.from(event.clipboardData?.files ?? []);
  if (files.length === 0) return false;
  const html = event.clipboardData?.getData('text/html') ?? '';
  if (fetchableImg.test(html)) return false;
  if (uploadFiles(editor, context, files) === 0) return false;
  event.preventDefault();
  return true;
}
