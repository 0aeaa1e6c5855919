import type { BlobRow, UploadKindRow, UploadRow } from './store';

/* Media rows as both engines return them (the same column names), and their mapping to the store's types. */

export interface BlobDbRow {
  hash: string;
  stored_name: string;
  thumb_name: string | null;
  mime: string;
  bytes: number;
  width: number | null;
  height: number | null;
  created_at: number;
}

export interface UploadDbRow {
  id: string;
  doc_id: string;
  kind: UploadKindRow;
  hash: string;
  stored_name: string;
  thumb_name: string | null;
  name: string;
  mime: string;
  bytes: number;
  width: number | null;
  height: number | null;
  tag: string;
  uploader: string;
  created_at: number;
}

export const toBlob = (r: BlobDbRow): BlobRow => ({
  hash: r.hash,
  storedName: r.stored_name,
  thumbName: r.thumb_name,
  mime: r.mime,
  bytes: r.bytes,
  width: r.width,
  height: r.height,
  createdAt: r.created_at,
});

export const toUpload = (r: UploadDbRow): UploadRow => ({
  id: r.id,
  docId: r.doc_id,
  kind: r.kind,
  hash: r.hash,
  storedName: r.stored_name,
  thumbName: r.thumb_name,
  name: r.name,
  mime: r.mime,
  bytes: r.bytes,
  width: r.width,
  height: r.height,
  tag: r.tag,
  uploader: r.uploader,
  createdAt: r.created_at,
});
