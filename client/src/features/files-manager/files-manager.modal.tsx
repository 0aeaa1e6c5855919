import { X } from 'lucide-react';
import { Icon } from '../../editor/ui/icon';
import { useEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from '../../i18n/use-translation';
import type { FileItem, UploadKind } from '@shared/api/media';
import type { ErrorCode } from '@shared/errors';
import { FileLimits, UploadLimits } from '@shared/limits';
import type { EditorUiProps } from '../../editor/core/capability';
import { filesManagerOpen } from './files-manager.open';
import { ConfirmDialog } from '../../editor/ui/confirm-dialog';
import { formatFileSize } from '../../editor/ui/file-size';
import { precheckUpload, type UploadCode } from '../uploads';
import { deleteFile, FilesManagerError, listFiles } from './files-manager.api';
import { formatTime, nodeForFile, previewKindOf, type InsertableFile } from './files-manager.data';
import './files-manager.css';
// Shows `errors.<CODE>` messages: they come with the catalogue.
import '../../lib/error-catalogue';
// The dialog's English strings come with it.
import './files-manager.strings';

const SEARCH_DEBOUNCE_MS = 300;

type UploadRow =
  | { key: string; name: string; size: number; status: 'uploading'; progress: number }
  | { key: string; name: string; size: number; status: 'error'; error: ErrorCode | 'NETWORK' }
  | { key: string; name: string; size: number; status: 'done'; item: InsertableFile };

let rowCounter = 0;

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
        {formatFileSize(item.size, i18n.language)} · {item.type}
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

/** `kit`: the uploads capability's request and error texts (fetched with this modal, see files-manager.toolbar). */
type ModalProps = EditorUiProps & { kit: UploadCode };

function ManagerBody({ editor, context, kit, onClose }: ModalProps & { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const session = context.session;
  const [rows, setRows] = useState<UploadRow[]>([]);
  const [tooMany, setTooMany] = useState(false);
  const [query, setQuery] = useState('');
  const [q, setQ] = useState('');
  const [kind, setKind] = useState<UploadKind | ''>('');
  const [offset, setOffset] = useState(0);
  const [reload, setReload] = useState(0);
  // The last list answer (or failure), with the query it belongs to.
  const [fetched, setFetched] = useState<{
    key: string;
    page: { items: FileItem[]; total: number } | null;
    error: ErrorCode | 'NETWORK' | null;
  } | null>(null);
  const [actionError, setActionError] = useState<ErrorCode | 'NETWORK' | null>(null);
  const [checked, setChecked] = useState<string[]>([]);
  const [active, setActive] = useState<InsertableFile | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const aborts = useRef(new Set<AbortController>());

  // Uploads still running when the modal closes are cancelled.
  useEffect(() => {
    const running = aborts.current;
    return () => running.forEach((a) => a.abort());
  }, []);

  useEffect(() => {
    const timer = window.setTimeout(() => {
      setQ(query);
      setOffset(0);
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [query]);

  const queryKey = JSON.stringify([q, kind, offset, reload]);
  useEffect(() => {
    if (!session) return undefined;
    const abort = new AbortController();
    listFiles(session, { q, kind, offset }, abort.signal).then(
      (page) => setFetched({ key: queryKey, page, error: null }),
      (failure: unknown) => {
        if (abort.signal.aborted) return;
        const code = failure instanceof FilesManagerError ? failure.code : 'FILES_MANAGER_LOAD_FAILED';
        setFetched((prev) => ({ key: queryKey, page: prev?.page ?? null, error: code }));
      },
    );
    return () => abort.abort();
  }, [session, q, kind, offset, queryKey]);
  const list = fetched?.page ?? null;
  const loading = session !== null && fetched?.key !== queryKey;
  const error = !session ? 'FILES_MANAGER_LOAD_FAILED' : (fetched?.error ?? actionError);

  const addFiles = (files: readonly File[]): void => {
    if (files.length === 0) return;
    setTooMany(files.length > UploadLimits.maxFilesPerBatch);
    const accepted = files.slice(0, UploadLimits.maxFilesPerBatch);
    const created: UploadRow[] = [];
    const tasks: (() => Promise<void>)[] = [];
    for (const file of accepted) {
      const key = `u${(rowCounter += 1)}`;
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
          const code = failure instanceof kit.UploadError ? failure.code : 'FILE_UPLOAD_FAILED';
          if (code === 'ABORTED') return;
          update({ key, name: file.name, size: file.size, status: 'error', error: code });
        } finally {
          aborts.current.delete(abort);
        }
      });
    }
    setRows((prev) => [...prev, ...created]);
    void runLimited(tasks, UploadLimits.clientConcurrency).then(() => setReload((n) => n + 1));
  };

  /** Every checkable entry, in display order: this session's uploads, then the listed files. */
  const entries = useMemo(() => {
    const out: { key: string; item: InsertableFile }[] = [];
    for (const row of rows) if (row.status === 'done') out.push({ key: row.key, item: row.item });
    for (const item of list?.items ?? []) out.push({ key: `f:${item.id}`, item });
    return out;
  }, [rows, list]);

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

  const remove = async (): Promise<void> => {
    if (!session) return;
    const targets = selected();
    const gone = new Set<string>();
    let failed: ErrorCode | 'NETWORK' | null = null;
    for (const item of targets) {
      try {
        await deleteFile(session, item.url);
        gone.add(item.url);
      } catch (failure) {
        failed = failure instanceof FilesManagerError ? failure.code : 'INTERNAL';
      }
    }
    setActionError(failed);
    setRows((prev) => prev.filter((r) => r.status !== 'done' || !gone.has(r.item.url)));
    setChecked((prev) =>
      prev.filter((key) => {
        const entry = entries.find((e) => e.key === key);
        return entry !== undefined && !gone.has(entry.item.url);
      }),
    );
    if (active && gone.has(active.url)) setActive(null);
    setReload((n) => n + 1);
  };

  const onDrop = (event: DragEvent<HTMLElement>): void => {
    event.preventDefault();
    setOver(false);
    addFiles([...event.dataTransfer.files]);
  };

  const total = list?.total ?? 0;
  const shown = list?.items.length ?? 0;
  const size = (bytes: number): string => formatFileSize(bytes, i18n.language);

  return (
    <>
      <div className="fm-main">
        <div className="fm-lists">
          <section className="fm-upload" aria-label={t('filesManager.upload')}>
            <button
              type="button"
              className={`fm-drop${over ? ' is-over' : ''}`}
              onClick={() => input.current?.click()}
              onDragOver={(e) => {
                e.preventDefault();
                setOver(true);
              }}
              onDragLeave={() => setOver(false)}
              onDrop={onDrop}
            >
              <span className="fm-drop-main">{t('filesManager.dropMain')}</span>
              <span className="fm-drop-or">{t('filesManager.dropOr')}</span>
              <span className="fm-drop-browse">{t('filesManager.dropBrowse')}</span>
            </button>
            <input
              ref={input}
              type="file"
              multiple
              className="visually-hidden"
              tabIndex={-1}
              aria-label={t('filesManager.choose')}
              onChange={(e) => {
                const files = [...(e.target.files ?? [])];
                e.target.value = '';
                addFiles(files);
              }}
            />
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
                value={query}
                onChange={(e) => setQuery(e.target.value)}
              />
              <label className="fm-kind">
                <span>{t('filesManager.kind')}</span>
                <select
                  value={kind}
                  onChange={(e) => {
                    setKind(e.target.value as UploadKind | '');
                    setOffset(0);
                  }}
                >
                  <option value="">{t('filesManager.kinds.all')}</option>
                  <option value="image">{t('filesManager.kinds.image')}</option>
                  <option value="file">{t('filesManager.kinds.file')}</option>
                  <option value="video">{t('filesManager.kinds.video')}</option>
                </select>
              </label>
            </div>
            {error && (
              <p className="fm-error" role="alert">
                {t(`errors.${error}`)}
              </p>
            )}
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
                {(list?.items ?? []).map((item) => {
                  const key = `f:${item.id}`;
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
                      <td>{item.type}</td>
                      <td>{formatTime(item.time, i18n.language)}</td>
                      <td>{item.uploader}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
            {loading && (
              <p className="fm-status" role="status">
                {t('filesManager.loading')}
              </p>
            )}
            {!loading && list && list.items.length === 0 && <p className="fm-status">{t('filesManager.empty')}</p>}
            {total > FileLimits.pageSize && (
              <div className="fm-paging">
                <button
                  type="button"
                  disabled={offset === 0}
                  onClick={() => setOffset(Math.max(0, offset - FileLimits.pageSize))}
                >
                  {t('filesManager.previous')}
                </button>
                <span>{t('filesManager.range', { from: offset + 1, to: offset + shown, total })}</span>
                <button
                  type="button"
                  disabled={offset + FileLimits.pageSize >= total}
                  onClick={() => setOffset(offset + FileLimits.pageSize)}
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
        <button type="button" className="fm-delete" disabled={selectedCount === 0} onClick={() => setConfirming(true)}>
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
        open={confirming}
        title={t('filesManager.confirmTitle')}
        text={t('filesManager.confirmText', { count: selectedCount })}
        okLabel={t('filesManager.confirmOk')}
        cancelLabel={t('filesManager.cancel')}
        onAnswer={(ok) => {
          setConfirming(false);
          if (ok) void remove();
        }}
      />
    </>
  );
}

/** The "Insert Files" modal (FROALA-REFERENCE §15); its toolbar button is files-manager.toolbar.tsx. */
export function FilesManagerModal({ editor, context, kit }: ModalProps) {
  const { t } = useTranslation();
  const open = filesManagerOpen.useOpen();
  return (
    <Dialog.Root open={open} onOpenChange={filesManagerOpen.set}>
      <Dialog.Portal>
        <Dialog.Overlay className="fm-overlay" />
        <Dialog.Content
          className="fm-dialog"
          aria-describedby={undefined}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            editor.commands.focus();
          }}
        >
          <div className="fm-header">
            <Dialog.Title className="fm-title">{t('filesManager.label')}</Dialog.Title>
            <Dialog.Close className="fm-close" aria-label={t('filesManager.close')}>
              <Icon of={X} />
            </Dialog.Close>
          </div>
          {open && (
            <ManagerBody editor={editor} context={context} kit={kit} onClose={() => filesManagerOpen.set(false)} />
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
