import { Plus, Trash2, X } from 'lucide-react';
import { Icon } from '../../editor/ui/icon';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type UIEvent } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from '../../i18n/use-translation';
import type { Editor, EditorEvents } from '@tiptap/core';
import { ImageManagerLimits } from '@shared/limits';
import type { EditorUiProps } from '../../editor/core/capability';
import { closeImageManager, imageManagerOpen, takeReplacePos } from './image-manager.open';
import { deleteImage, ImageManagerError, loadImagePage, saveImageTag } from './image-manager.api';
import {
  aspectOf,
  columnsFor,
  imageManagerMessageKey,
  placeInColumns,
  splitTags,
  tagsOf,
  type ManagerImage,
} from './image-manager.data';
import { insertManagerImage, selectedImagePos } from './image-manager.insert';
import { ConfirmDialog } from '../../editor/ui/confirm-dialog';
import './image-manager.css';
// The dialog's English strings come with it.
import './image-manager.strings';

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
            <button
              type="button"
              className="im-insert"
              aria-label={t('imageManager.insertNamed', { name })}
              title={t('imageManager.insert')}
              onClick={onInsert}
            >
              <Icon of={Plus} />
            </button>
            <button
              type="button"
              className="im-delete"
              aria-label={t('imageManager.deleteNamed', { name })}
              title={t('imageManager.delete')}
              onClick={onDelete}
            >
              <Icon of={Trash2} />
            </button>
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

interface ListState {
  items: ManagerImage[];
  /** Raw entries received so far (the next page's offset). */
  offset: number;
  total: number | null;
  done: boolean;
}

const emptyList: ListState = { items: [], offset: 0, total: null, done: false };

function ManagerBody({ editor, context, onClose }: EditorUiProps & { onClose: () => void }) {
  const { t } = useTranslation();
  const session = context.session;
  const columns = useWindowColumns();
  const replacePos = useTrackedPos(editor, takeReplacePos() ?? selectedImagePos(editor));
  const [list, setList] = useState<ListState>(emptyList);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<number | null>(session ? null : 12);
  const [notices, setNotices] = useState<ReadonlySet<number>>(new Set());
  const [tagError, setTagError] = useState(false);
  const [activeTag, setActiveTag] = useState<string | null>(null);
  const [filterTags, setFilterTags] = useState<string[]>([]);
  const [deleting, setDeleting] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState<ManagerImage | null>(null);
  const scroller = useRef<HTMLDivElement>(null);
  // A tag change or a reset starts a new generation: late answers of the old one are ignored.
  const generation = useRef(0);
  const busy = useRef(false);

  const addNotices = useCallback((numbers: readonly number[]) => {
    if (numbers.length === 0) return;
    setNotices((prev) => new Set([...prev, ...numbers]));
  }, []);

  const loadNext = useCallback(() => {
    if (!session || busy.current || list.done || error !== null) return;
    busy.current = true;
    setLoading(true);
    const gen = generation.current;
    loadImagePage(session, list.offset, activeTag).then(
      (page) => {
        if (gen !== generation.current) return;
        busy.current = false;
        setLoading(false);
        addNotices(page.notices);
        setList((prev) => {
          const seen = new Set(prev.items.map((i) => i.id));
          const items = [...prev.items, ...page.items.filter((i) => !seen.has(i.id))];
          const offset = prev.offset + page.received;
          const total = page.total ?? prev.total;
          const done = total !== null ? offset >= total : page.received < ImageManagerLimits.pageSize;
          return { items, offset, total, done: done || page.received === 0 };
        });
      },
      (failure: unknown) => {
        if (gen !== generation.current) return;
        busy.current = false;
        setLoading(false);
        setError(failure instanceof ImageManagerError ? failure.baseline : 11);
      },
    );
  }, [session, list, error, activeTag, addNotices]);

  // First page, and more while the list does not fill the modal (or is scrolled to its end).
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || loading || list.done || error !== null) return;
    const nearEnd = el.scrollTop + el.clientHeight >= el.scrollHeight - ImageManagerLimits.scrollOffsetPx;
    if (list.offset === 0 || nearEnd) loadNext();
  }, [list, loading, error, loadNext, columns]);

  const onScroll = (event: UIEvent<HTMLDivElement>): void => {
    const el = event.currentTarget;
    if (el.scrollTop + el.clientHeight >= el.scrollHeight - ImageManagerLimits.scrollOffsetPx) loadNext();
  };

  const restart = (tag: string | null): void => {
    // While a filter is on, the chips stay those of the unfiltered list.
    if (activeTag === null) setFilterTags(tagsOf(list.items));
    generation.current += 1;
    busy.current = false;
    setLoading(false);
    setError(session ? null : 12);
    setActiveTag(tag);
    setList(emptyList);
  };

  const dropItem = (id: string): void => {
    setList((prev) => ({
      ...prev,
      items: prev.items.filter((i) => i.id !== id),
      total: prev.total === null ? null : Math.max(0, prev.total - 1),
      offset: Math.max(0, prev.offset - 1),
    }));
  };

  const remove = async (image: ManagerImage): Promise<void> => {
    if (!session) {
      setError(22);
      return;
    }
    setDeleting((prev) => new Set(prev).add(image.id));
    try {
      await deleteImage(session, image.thumb);
      dropItem(image.id);
    } catch {
      setError(21);
    } finally {
      setDeleting((prev) => {
        const next = new Set(prev);
        next.delete(image.id);
        return next;
      });
    }
  };

  const retag = (image: ManagerImage, tag: string): void => {
    if (!session) return;
    saveImageTag(session, image.id, tag).then(
      (stored) => {
        setTagError(false);
        setList((prev) => ({
          ...prev,
          items: prev.items.map((i) => (i.id === image.id ? { ...i, tag: stored, tags: splitTags(stored) } : i)),
        }));
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
  const noticeKeys = [...notices].sort((a, b) => a - b);

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
              onClick={() => restart(activeTag === tag ? null : tag)}
            >
              {tag}
            </button>
          ))}
        </div>
      )}
      {error !== null && (
        <div className="im-error" role="alert">
          <span>{t(imageManagerMessageKey(error))}</span>
          {(error === 11 || error === 13) && (
            <button type="button" onClick={() => restart(activeTag)}>
              {t('imageManager.retry')}
            </button>
          )}
          {error === 21 && (
            <button type="button" onClick={() => setError(null)}>
              {t('imageManager.dismiss')}
            </button>
          )}
        </div>
      )}
      {tagError && (
        <p className="im-error" role="alert">
          {t('imageManager.tagSaveFailed')}
        </p>
      )}
      {noticeKeys.length > 0 && (
        <ul className="im-notices" role="status">
          {noticeKeys.map((n) => (
            <li key={n} data-code={n}>
              {t(imageManagerMessageKey(n))}{' '}
              {t(
                n === 14
                  ? 'imageManager.notices.thumb'
                  : n === 15
                    ? 'imageManager.notices.url'
                    : 'imageManager.notices.broken',
              )}
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
                  deleting={deleting.has(image.id)}
                  onInsert={() => insert(image)}
                  onDelete={() => setConfirming(image)}
                  onBroken={() => {
                    addNotices([10]);
                    setList((prev) => ({ ...prev, items: prev.items.filter((i) => i.id !== image.id) }));
                  }}
                  onTag={(tag) => retag(image, tag)}
                />
              ))}
            </ul>
          ))}
        </div>
        {loading && (
          <p className="im-loading" role="status">
            {t('imageManager.loading')}
          </p>
        )}
        {!loading && error === null && list.done && list.items.length === 0 && (
          <p className="im-empty">{t('imageManager.empty')}</p>
        )}
      </div>
      <ConfirmDialog
        open={confirming !== null}
        title={t('imageManager.confirmTitle')}
        text={t('imageManager.confirmText')}
        okLabel={t('imageManager.confirmOk')}
        cancelLabel={t('imageManager.confirmCancel')}
        onAnswer={(ok) => {
          const target = confirming;
          setConfirming(null);
          if (ok && target) void remove(target);
        }}
      />
    </>
  );
}

/** The "Manage Images" modal (FROALA-REFERENCE §17), rendered once per editor. */
export function ImageManagerOverlay({ editor, context }: EditorUiProps) {
  const { t } = useTranslation();
  const open = imageManagerOpen.useOpen();
  const close = closeImageManager;
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? imageManagerOpen.set(true) : close())}>
      <Dialog.Portal>
        <Dialog.Overlay className="im-overlay" />
        <Dialog.Content
          className="im-dialog"
          aria-describedby={undefined}
          onCloseAutoFocus={(e) => {
            // Back to the document, where the image was inserted (or where the caret was).
            e.preventDefault();
            editor.commands.focus();
          }}
        >
          <div className="im-header">
            <Dialog.Title className="im-title">{t('imageManager.title')}</Dialog.Title>
            <Dialog.Close className="im-close" aria-label={t('imageManager.close')}>
              <Icon of={X} />
            </Dialog.Close>
          </div>
          {open && <ManagerBody editor={editor} context={context} onClose={close} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
