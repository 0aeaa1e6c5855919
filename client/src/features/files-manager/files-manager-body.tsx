import { useEffect, useMemo, useRef, useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from '../../i18n/use-translation';
import type { FileItem, UploadKind } from '@shared/api/media';
import type { ErrorCode } from '@shared/errors';
import { FileLimits, UploadLimits } from '@shared/limits';
import type { EditorUiProps } from '../../editor/core/capability';
import { isApiError } from '../../lib/api-helpers';
import { ManagerError, ManagerStatus } from '../../editor/ui/manager/manager-dialog';
import { useManagerDelete } from '../../editor/ui/manager/use-manager-delete';
import { useManagerList } from '../../editor/ui/manager/use-manager-list';
import { ConfirmDialog } from '../../editor/ui/confirm-dialog';
import { FileDropButton } from '../../editor/ui/drop-zone';
import { formatFileSize } from '../../editor/ui/file-size';
import { precheckUpload, type UploadCode } from '../uploads';
import { deleteFile, listFiles } from './files-manager.api';
import { fileTypeNameOf, formatTime, nodeForFile, previewKindOf, type InsertableFile } from './files-manager.data';
import './files-manager.css';

const SEARCH_DEBOUNCE_MS = 300;

type UploadRow =
  | { key: string; name: string; size: number; status: 'uploading'; progress: number }
  | { key: string; name: string; size: number; status: 'error'; error: ErrorCode | 'NETWORK' }
  | { key: string; name: string; size: number; status: 'done'; item: InsertableFile };

const fileId = (item: FileItem): string => `f:${item.id}`;

function Progress({ name, fraction }: { name: string; fraction: number }) {
  const { t } = useTranslation();
  const percent = Math.round(fraction * 100);
  return (
    <span className="fm-progress-wrap">
      <span
        className="fm-progress"
        role="progressbar"
        aria-label={t('filesManager.progress', { name })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <span className="fm-progress-bar" style={{ width: `${percent}%` }} />
      </span>
      <span className="fm-progress-text">{t('filesManager.uploading', { percent })}</span>
    </span>
  );
}

/** The server's inline variant of a stored PDF (served as a download otherwise). */
function pdfPreviewUrl(url: string): string {
  const u = new URL(url, window.location.href);
  u.searchParams.set('inline', '1');
  return u.href;
}

function Preview({ item }: { item: InsertableFile | null }) {
  const { t, i18n } = useTranslation();
  if (!item) return <p className="fm-preview-empty">{t('filesManager.preview')}</p>;
  const kind = previewKindOf(item.type);
  return (
    <div className="fm-preview-body" data-preview={kind}>
      {kind === 'image' && <img src={item.url} alt={item.name} />}
      <p className="fm-preview-name">{item.name}</p>
      <p className="fm-preview-meta">
        {formatFileSize(item.size, i18n.language)} · {t(`filesManager.typeNames.${fileTypeNameOf(item.type)}`)}
      </p>
      {kind === 'pdf' && (
        <iframe className="fm-preview-pdf" src={pdfPreviewUrl(item.url)} title={t('filesManager.pdfPreview')} />
      )}
      {kind === 'none' && <p>{t('filesManager.noPreview')}</p>}
      {kind !== 'image' && (
        <a href={item.url} target="_blank" rel="noopener noreferrer" className="fm-open">
          {t('filesManager.open')}
        </a>
      )}
    </div>
  );
}

/** Runs `tasks` with at most `limit` running at once. */
async function runLimited(tasks: (() => Promise<void>)[], limit: number): Promise<void> {
  const queue = [...tasks];
  const worker = async (): Promise<void> => {
    for (let task = queue.shift(); task; task = queue.shift()) await task();
  };
  await Promise.all(Array.from({ length: Math.min(limit, queue.length) }, worker));
}

/** `kit`: the uploads capability's request and error texts (fetched with this modal, see files-manager.dialog). */
export type ModalProps = EditorUiProps & { kit: UploadCode };

export function ManagerBody({ editor, context, kit, onClose }: ModalProps & { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const session = context.session;
  const [rows, setRows] = useState<UploadRow[]>([]);
  const [tooMany, setTooMany] = useState(false);
  const [search, setSearch] = useState('');
  const [checked, setChecked] = useState<string[]>([]);
  const [active, setActive] = useState<InsertableFile | null>(null);
  const aborts = useRef(new Set<AbortController>());
  const list = useManagerList<FileItem, { q: string; kind: UploadKind | '' }>({
    mode: 'page',
    pageSize: FileLimits.pageSize,
    idOf: fileId,
    initialQuery: { q: '', kind: '' },
    unavailable: 'FILES_MANAGER_LOAD_FAILED',
    failed: 'FILES_MANAGER_LOAD_FAILED',
    load: session ? (query, offset, signal) => listFiles(session, { ...query, offset }, signal) : null,
  });
  /** Keys of the upload rows of this modal. */
  const rowCounter = useRef(0);

  // Uploads still running when the modal closes are cancelled.
  useEffect(() => {
    const running = aborts.current;
    return () => running.forEach((a) => a.abort());
  }, []);

  const { setQuery } = list;
  useEffect(() => {
    const timer = window.setTimeout(() => setQuery((prev) => ({ ...prev, q: search })), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [search, setQuery]);

  const addFiles = (files: readonly File[]): void => {
    if (files.length === 0) return;
    setTooMany(files.length > UploadLimits.maxFilesPerBatch);
    const accepted = files.slice(0, UploadLimits.maxFilesPerBatch);
    const created: UploadRow[] = [];
    const tasks: (() => Promise<void>)[] = [];
    for (const file of accepted) {
      const key = `u${(rowCounter.current += 1)}`;
      const refused = session ? precheckUpload('file', file, context.uploads) : 'FILE_UPLOAD_FAILED';
      if (refused || !session) {
        created.push({
          key,
          name: file.name,
          size: file.size,
          status: 'error',
          error: refused ?? 'FILE_UPLOAD_FAILED',
        });
        continue;
      }
      created.push({ key, name: file.name, size: file.size, status: 'uploading', progress: 0 });
      const update = (next: UploadRow): void => setRows((prev) => prev.map((r) => (r.key === key ? next : r)));
      tasks.push(async () => {
        const abort = new AbortController();
        aborts.current.add(abort);
        try {
          const response = await kit.sendUpload({
            session,
            kind: 'file',
            file,
            fileName: file.name,
            signal: abort.signal,
            onProgress: (fraction) =>
              update({ key, name: file.name, size: file.size, status: 'uploading', progress: fraction }),
          });
          update({
            key,
            name: file.name,
            size: file.size,
            status: 'done',
            item: {
              id: response['data-id'],
              url: response.link,
              name: response['data-name'],
              size: response['data-size'],
              type: response['data-type'],
            },
          });
          setChecked((prev) => (prev.includes(key) ? prev : [...prev, key]));
        } catch (failure) {
          const code = isApiError(failure) ? failure.code : 'FILE_UPLOAD_FAILED';
          if (code === 'ABORTED') return;
          update({ key, name: file.name, size: file.size, status: 'error', error: code });
        } finally {
          aborts.current.delete(abort);
        }
      });
    }
    setRows((prev) => [...prev, ...created]);
    void runLimited(tasks, UploadLimits.clientConcurrency).then(list.reload);
  };

  /** Every checkable entry, in display order: this session's uploads, then the listed files. */
  const entries = useMemo(() => {
    const out: { key: string; item: InsertableFile }[] = [];
    for (const row of rows) if (row.status === 'done') out.push({ key: row.key, item: row.item });
    for (const item of list.items) out.push({ key: fileId(item), item });
    return out;
  }, [rows, list.items]);

  const selected = (): InsertableFile[] => {
    const seen = new Set<string>();
    const picked: InsertableFile[] = [];
    for (const key of checked) {
      const entry = entries.find((e) => e.key === key);
      if (!entry || seen.has(entry.item.url)) continue;
      seen.add(entry.item.url);
      picked.push(entry.item);
    }
    return picked;
  };
  const selectedCount = selected().length;

  const toggle = (key: string, on: boolean): void =>
    setChecked((prev) => (on ? (prev.includes(key) ? prev : [...prev, key]) : prev.filter((k) => k !== key)));

  const insert = (): void => {
    const nodes = selected().map(nodeForFile);
    if (nodes.length === 0) return;
    onClose();
    editor.chain().focus().insertContent(nodes).run();
  };

  const removal = useManagerDelete<InsertableFile>({
    idOf: (item) => item.url,
    failed: 'INTERNAL',
    remove: (item) => (session ? deleteFile(session, item.url) : Promise.resolve()),
    onDeleted: (deleted) => {
      const gone = new Set(deleted.map((item) => item.url));
      setRows((prev) => prev.filter((r) => r.status !== 'done' || !gone.has(r.item.url)));
      setChecked((prev) =>
        prev.filter((key) => {
          const entry = entries.find((e) => e.key === key);
          return entry !== undefined && !gone.has(entry.item.url);
        }),
      );
      if (active && gone.has(active.url)) setActive(null);
      list.reload();
    },
  });

  const total = list.total ?? 0;
  const { offset } = list;
  const size = (bytes: number): string => formatFileSize(bytes, i18n.language);

  return (
    <>
      <div className="fm-main">
        <div className="fm-lists">
          <section className="fm-upload" aria-label={t('filesManager.upload')}>
            <FileDropButton className="fm-drop" inputLabel={t('filesManager.choose')} multiple onFiles={addFiles}>
              <span className="fm-drop-main">{t('filesManager.dropMain')}</span>
              <span className="fm-drop-or">{t('filesManager.dropOr')}</span>
              <span className="fm-drop-browse">{t('filesManager.dropBrowse')}</span>
            </FileDropButton>
            {tooMany && (
              <p className="fm-error" role="alert">
                {t('filesManager.tooMany', { max: UploadLimits.maxFilesPerBatch })}
              </p>
            )}
            {rows.length > 0 && (
              <ul className="fm-rows" aria-label={t('filesManager.uploads')}>
                {rows.map((row) => (
                  <li key={row.key} className="fm-row" data-status={row.status}>
                    <input
                      type="checkbox"
                      aria-label={t('filesManager.select', { name: row.name })}
                      disabled={row.status !== 'done'}
                      checked={row.status === 'done' && checked.includes(row.key)}
                      onChange={(e) => toggle(row.key, e.target.checked)}
                    />
                    <button
                      type="button"
                      className="fm-name"
                      disabled={row.status !== 'done'}
                      onClick={() => row.status === 'done' && setActive(row.item)}
                    >
                      {row.name}
                    </button>
                    <span className="fm-size">{size(row.size)}</span>
                    {row.status === 'uploading' && <Progress name={row.name} fraction={row.progress} />}
                    {row.status === 'done' && <span className="fm-done">{t('filesManager.uploaded')}</span>}
                    {row.status === 'error' && (
                      <span className="fm-row-error" role="alert">
                        {kit.uploadErrorText(row.error, context.uploads, t, i18n.resolvedLanguage ?? 'en')}
                      </span>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section className="fm-library" aria-label={t('filesManager.library')}>
            <div className="fm-filters">
              <input
                type="search"
                className="fm-search"
                aria-label={t('filesManager.search')}
                placeholder={t('filesManager.search')}
                maxLength={FileLimits.maxSearchChars}
                value={search}
                onChange={(e) => setSearch(e.target.value)}
              />
              <label className="fm-kind">
                <span>{t('filesManager.kind')}</span>
                <select
                  value={list.query.kind}
                  onChange={(e) => {
                    const kind = e.target.value as UploadKind | '';
                    setQuery((prev) => ({ ...prev, kind }));
                  }}
                >
                  <option value="">{t('filesManager.kinds.all')}</option>
                  <option value="image">{t('filesManager.kinds.image')}</option>
                  <option value="file">{t('filesManager.kinds.file')}</option>
                  <option value="video">{t('filesManager.kinds.video')}</option>
                </select>
              </label>
            </div>
            <ManagerError code={list.error ?? removal.failure} className="fm-error" />
            <table className="fm-table">
              <thead>
                <tr>
                  <th scope="col">
                    <span className="visually-hidden">{t('filesManager.columns.select')}</span>
                  </th>
                  <th scope="col">{t('filesManager.columns.name')}</th>
                  <th scope="col">{t('filesManager.columns.size')}</th>
                  <th scope="col">{t('filesManager.columns.type')}</th>
                  <th scope="col">{t('filesManager.columns.time')}</th>
                  <th scope="col">{t('filesManager.columns.uploader')}</th>
                </tr>
              </thead>
              <tbody>
                {list.items.map((item) => {
                  const key = fileId(item);
                  return (
                    <tr key={key} data-id={item.id} className={active?.url === item.url ? 'is-active' : undefined}>
                      <td>
                        <input
                          type="checkbox"
                          aria-label={t('filesManager.select', { name: item.name })}
                          checked={checked.includes(key)}
                          onChange={(e) => toggle(key, e.target.checked)}
                        />
                      </td>
                      <td>
                        <button type="button" className="fm-name" onClick={() => setActive(item)}>
                          {item.name}
                        </button>
                      </td>
                      <td>{size(item.size)}</td>
                      <td title={item.type}>{t(`filesManager.typeNames.${fileTypeNameOf(item.type)}`)}</td>
                      <td>{formatTime(item.time, i18n.language)}</td>
                      <td>{item.uploader}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
            <ManagerStatus
              className="fm-status"
              loading={list.loading}
              empty={list.answered && list.items.length === 0}
              loadingText={t('filesManager.loading')}
              emptyText={t('filesManager.empty')}
            />
            {total > FileLimits.pageSize && (
              <div className="fm-paging">
                <button
                  type="button"
                  disabled={offset === 0}
                  onClick={() => list.showPage(Math.max(0, offset - FileLimits.pageSize))}
                >
                  {t('filesManager.previous')}
                </button>
                <span>{t('filesManager.range', { from: offset + 1, to: offset + list.items.length, total })}</span>
                <button
                  type="button"
                  disabled={offset + FileLimits.pageSize >= total}
                  onClick={() => list.showPage(offset + FileLimits.pageSize)}
                >
                  {t('filesManager.next')}
                </button>
              </div>
            )}
          </section>
        </div>
        <aside className="fm-preview" aria-label={t('filesManager.preview')}>
          <Preview item={active} />
        </aside>
      </div>
      <div className="fm-footer">
        <button
          type="button"
          className="fm-delete"
          disabled={selectedCount === 0}
          onClick={() => removal.ask(selected())}
        >
          {t('filesManager.delete')}
        </button>
        <Dialog.Close asChild>
          <button type="button">{t('filesManager.cancel')}</button>
        </Dialog.Close>
        <button type="button" className="fm-insert" disabled={selectedCount === 0} onClick={insert}>
          {t('filesManager.insert')}
        </button>
      </div>
      <ConfirmDialog
        open={removal.asking !== null}
        title={t('filesManager.confirmTitle')}
        text={t('filesManager.confirmText', { count: selectedCount })}
        okLabel={t('filesManager.confirmOk')}
        cancelLabel={t('filesManager.cancel')}
        onAnswer={removal.answer}
      />
    </>
  );
}
