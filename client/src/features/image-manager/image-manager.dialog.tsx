import { Plus, Trash2 } from 'lucide-react';
import { Icon, type IconComponent } from '../../editor/ui/icon';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type UIEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import type { Editor, EditorEvents } from '@tiptap/core';
import type { ErrorCode } from '@shared/errors';
import { ImageManagerLimits } from '@shared/limits';
import type { EditorUiProps } from '../../editor/core/capability';
import { ApiError } from '../../lib/api-client';
import { ManagerDialog, ManagerError, ManagerStatus } from '../../editor/ui/manager/manager-dialog';
import { useManagerDelete } from '../../editor/ui/manager/use-manager-delete';
import { useManagerList } from '../../editor/ui/manager/use-manager-list';
import { useStore } from '../../lib/store';
import { deleteImage, loadImagePage, saveImageTag } from './image-manager.api';
import { aspectOf, columnsFor, placeInColumns, splitTags, tagsOf, type ManagerImage } from './image-manager.data';
import { insertManagerImage, selectedImagePos } from './insert-image';
import { ConfirmDialog } from '../../editor/ui/confirm-dialog';
import './image-manager.css';
import { imageManagerDialogStrings } from './image-manager.strings';

/** English strings of this chunk (editor/core/lazy adds them when it arrives). */
export const strings = { imageManager: imageManagerDialogStrings };
// The dialog's English strings come with it.

function useWindowColumns(): number {
  const [columns, setColumns] = useState(() => columnsFor(window.innerWidth));
  useEffect(() => {
    const onResize = (): void => setColumns(columnsFor(window.innerWidth));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return columns;
}

/** Follows a document position through every change while the modal is open (edits by others too). */
function useTrackedPos(editor: Editor, initial: number | null): () => number | null {
  const pos = useRef(initial);
  useEffect(() => {
    const onTransaction = ({ transaction }: EditorEvents['transaction']): void => {
      if (pos.current === null || !transaction.docChanged) return;
      const mapped = transaction.mapping.mapResult(pos.current);
      pos.current = mapped.deleted ? null : mapped.pos;
    };
    editor.on('transaction', onTransaction);
    return () => {
      editor.off('transaction', onTransaction);
    };
  }, [editor]);
  return () => pos.current;
}

/** A tile's icon button, named after the picture (`Insert photo.png`) and titled with the action. */
function TileAction({
  action,
  icon,
  name,
  onClick,
}: {
  action: 'insert' | 'delete';
  icon: IconComponent;
  name: string;
  onClick: () => void;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={`im-${action}`}
      aria-label={t(`imageManager.${action}Named`, { name })}
      title={t(`imageManager.${action}`)}
      onClick={onClick}
    >
      <Icon of={icon} />
    </button>
  );
}

interface TileProps {
  image: ManagerImage;
  deleting: boolean;
  onInsert: () => void;
  onDelete: () => void;
  onBroken: () => void;
  onTag: (tag: string) => void;
}

function Tile({ image, deleting, onInsert, onDelete, onBroken, onTag }: TileProps) {
  const { t } = useTranslation();
  // The field's text while it is being edited; otherwise it shows the stored tags.
  const [draft, setDraft] = useState<string | null>(null);
  const tag = draft ?? image.tag;
  const commit = (): void => {
    const next = splitTags(tag).join(', ');
    setDraft(null);
    if (next !== splitTags(image.tag).join(', ')) onTag(next);
  };
  const name = image.name || image.url;
  return (
    <li className="im-tile" data-id={image.id} aria-busy={deleting}>
      <div
        className="im-thumb"
        style={{ aspectRatio: image.width && image.height ? `${image.width} / ${image.height}` : '1 / 1' }}
      >
        <img src={image.thumb} alt={image.name} loading="lazy" onError={onBroken} draggable={false} />
        {deleting ? (
          <div className="im-deleting" role="status">
            {t('imageManager.deleting')}
          </div>
        ) : (
          <div className="im-actions">
            <TileAction action="insert" icon={Plus} name={name} onClick={onInsert} />
            <TileAction action="delete" icon={Trash2} name={name} onClick={onDelete} />
          </div>
        )}
      </div>
      <input
        className="im-tag"
        type="text"
        value={tag}
        maxLength={200}
        aria-label={t('imageManager.tagField', { name })}
        placeholder={t('imageManager.tagPlaceholder')}
        disabled={deleting}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            commit();
          }
        }}
      />
    </li>
  );
}

/** Per-item problems, in the baseline's order (10, 14, 15), each with its hint. */
const noticeHints: [ErrorCode, string][] = [
  ['IMAGE_MANAGER_BAD_LINK', 'imageManager.notices.broken'],
  ['IMAGE_MANAGER_NO_THUMB', 'imageManager.notices.thumb'],
  ['IMAGE_MANAGER_NO_URL', 'imageManager.notices.url'],
];

const idOf = (image: ManagerImage): string => image.id;
const frame = { className: 'im-dialog', titleKey: 'imageManager.title', closeKey: 'imageManager.close' };
function closeImageManager(editor: Editor): void {
  const state = editor.storage.imageManager;
  state.replacePos = undefined;
  state.open.set(false);
}

/** The "Manage Images" modal (FROALA-REFERENCE §17), rendered once per editor. */
export function ImageManagerOverlay({ editor, context }: EditorUiProps) {
  const state = editor.storage.imageManager;
  const open = useStore(state.open);
  const close = (): void => closeImageManager(editor);
  return (
    <ManagerDialog
      editor={editor}
      open={open}
      onOpenChange={(next) => (next ? state.open.set(true) : close())}
      frame={frame}
    >
      <ManagerBody editor={editor} context={context} onClose={close} />
    </ManagerDialog>
  );
}

function ManagerBody({ editor, context, onClose }: EditorUiProps & { onClose: () => void }) {
  const { t } = useTranslation();
  const session = context.session;
  const columns = useWindowColumns();
  const replacePos = useTrackedPos(editor, editor.storage.imageManager.replacePos ?? selectedImagePos(editor));
  const [notices, setNotices] = useState<ReadonlySet<ErrorCode>>(new Set());
  const [tagError, setTagError] = useState(false);
  const [filterTags, setFilterTags] = useState<string[]>([]);
  const scroller = useRef<HTMLDivElement>(null);

  const addNotices = (codes: readonly ErrorCode[]): void => {
    if (codes.length > 0) setNotices((prev) => new Set([...prev, ...codes]));
  };
  const list = useManagerList<ManagerImage, { tag: string | null }>({
    mode: 'more',
    pageSize: ImageManagerLimits.pageSize,
    idOf,
    initialQuery: { tag: null },
    unavailable: 'IMAGE_MANAGER_NO_LOAD_URL',
    failed: 'IMAGE_MANAGER_LOAD_FAILED',
    load: session
      ? async (query, offset, signal) => {
          const page = await loadImagePage(session, offset, query.tag, signal);
          if (!signal.aborted) addNotices(page.notices);
          return page;
        }
      : null,
  });
  const removal = useManagerDelete<ManagerImage>({
    idOf,
    failed: 'IMAGE_MANAGER_DELETE_FAILED',
    remove: (image) =>
      session ? deleteImage(session, image.thumb) : Promise.reject(new ApiError('IMAGE_MANAGER_NO_DELETE_URL', 0)),
    onDeleted: (gone) => gone.forEach((image) => list.drop(image.id)),
  });
  const activeTag = list.query.tag;
  const error = removal.failure ?? list.error;
  const canLoad = !list.loading && !list.done && error === null;

  // More while the list does not fill the modal (or is scrolled to its end).
  const nearEnd = (el: HTMLElement): boolean =>
    el.scrollTop + el.clientHeight >= el.scrollHeight - ImageManagerLimits.scrollOffsetPx;
  const { more } = list;
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && canLoad && nearEnd(el)) more();
  }, [list.items, canLoad, more, columns]);

  const onScroll = (event: UIEvent<HTMLDivElement>): void => {
    if (canLoad && nearEnd(event.currentTarget)) more();
  };

  const filter = (tag: string | null): void => {
    // While a filter is on, the chips stay those of the unfiltered list.
    if (activeTag === null) setFilterTags(tagsOf(list.items));
    removal.dismiss();
    list.setQuery(() => ({ tag }));
  };

  const retag = (image: ManagerImage, tag: string): void => {
    if (!session) return;
    saveImageTag(session, image.id, tag).then(
      (stored) => {
        setTagError(false);
        list.edit((items) =>
          items.map((i) => (i.id === image.id ? { ...i, tag: stored, tags: splitTags(stored) } : i)),
        );
      },
      () => setTagError(true),
    );
  };

  const insert = (image: ManagerImage): void => {
    const pos = replacePos();
    onClose();
    insertManagerImage(editor, image, pos);
  };

  const placed = useMemo(() => placeInColumns(list.items, columns, aspectOf), [list.items, columns]);
  // Unused tags disappear once no loaded image carries them (the active one stays while it filters).
  const knownTags = activeTag === null ? tagsOf(list.items) : filterTags;
  const chips = activeTag !== null && !knownTags.includes(activeTag) ? [...knownTags, activeTag] : knownTags;

  return (
    <>
      {chips.length > 0 && (
        <div className="im-tags" role="group" aria-label={t('imageManager.tags')}>
          {chips.map((tag) => (
            <button
              key={tag}
              type="button"
              className="im-chip"
              aria-pressed={activeTag === tag}
              onClick={() => filter(activeTag === tag ? null : tag)}
            >
              {tag}
            </button>
          ))}
        </div>
      )}
      <ManagerError code={error} className="im-error">
        {(error === 'IMAGE_MANAGER_LOAD_FAILED' || error === 'IMAGE_MANAGER_BAD_RESPONSE') && (
          <button type="button" onClick={list.reload}>
            {t('imageManager.retry')}
          </button>
        )}
        {error === 'IMAGE_MANAGER_DELETE_FAILED' && (
          <button type="button" onClick={removal.dismiss}>
            {t('imageManager.dismiss')}
          </button>
        )}
      </ManagerError>
      {tagError && (
        <p className="im-error" role="alert">
          {t('imageManager.tagSaveFailed')}
        </p>
      )}
      {notices.size > 0 && (
        <ul className="im-notices" role="status">
          {noticeHints
            .filter(([code]) => notices.has(code))
            .map(([code, hint]) => (
              <li key={code} data-code={code}>
                {t(`errors.${code}`)} {t(hint)}
              </li>
            ))}
        </ul>
      )}
      <div className="im-scroll" ref={scroller} onScroll={onScroll} data-columns={columns}>
        <div className="im-grid">
          {placed.map((column, index) => (
            <ul key={index} className="im-column">
              {column.map((image) => (
                <Tile
                  key={image.id}
                  image={image}
                  deleting={removal.deleting.has(image.id)}
                  onInsert={() => insert(image)}
                  onDelete={() => removal.ask([image])}
                  onBroken={() => {
                    addNotices(['IMAGE_MANAGER_BAD_LINK']);
                    list.edit((items) => items.filter((i) => i.id !== image.id));
                  }}
                  onTag={(tag) => retag(image, tag)}
                />
              ))}
            </ul>
          ))}
        </div>
        <ManagerStatus
          className="im-status"
          loading={list.loading}
          empty={error === null && list.done && list.items.length === 0}
          loadingText={t('imageManager.loading')}
          emptyText={t(activeTag === null ? 'imageManager.empty' : 'imageManager.emptyTag')}
        />
      </div>
      <ConfirmDialog
        open={removal.asking !== null}
        title={t('imageManager.confirmTitle')}
        text={t('imageManager.confirmText')}
        okLabel={t('imageManager.confirmOk')}
        cancelLabel={t('imageManager.confirmCancel')}
        onAnswer={removal.answer}
      />
    </>
  );
}

export default ImageManagerOverlay;
