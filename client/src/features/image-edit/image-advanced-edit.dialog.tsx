import { useEffect, useMemo, useRef, useState } from 'react';
import FilerobotImageEditor, { TABS, TOOLS, type getCurrentImgDataFunction } from 'react-filerobot-image-editor';
import { updateTranslations } from 'react-filerobot-image-editor/lib/utils/translator';
import type { Editor } from '@tiptap/core';
import type { UploadResponse } from '@shared/api/media';
import type { CapabilityContext } from '../../editor/core/capability';
import { useTranslation } from '../../i18n/use-translation';
import { ApiError } from '../../lib/api-client';
import { imageNodeFromUpload, loadUploadCode, precheckUpload, startUpload } from '../uploads';
import {
  replaceEditedImage,
  resolveEditTarget,
  trackEditedImage,
  type EditedImage,
} from './image-advanced-edit-target';
import { imageAdvancedEditStrings } from './image-advanced-edit.strings';
import { repairEditorA11y } from './filerobot-a11y';
import './image-advanced-edit.css';

export const strings = { imageAdvancedEdit: imageAdvancedEditStrings };

type Size = { width: number; height: number };

/** The library's grey for secondary texts (the picture's size) is too pale to read; ours has 5:1 contrast. */
const THEME = { palette: { 'txt-placeholder': '#5f6b7a' } };

export interface AdvancedEditProps {
  editor: Editor;
  context: CapabilityContext;
  image: EditedImage & { alt: string; natural: Size | null };
  onClose: () => void;
}

type Phase =
  | { kind: 'editing' }
  | { kind: 'uploading'; percent: number }
  | { kind: 'conflict'; reason: 'deleted' | 'replaced'; file: File; uploaded: UploadResponse | null }
  | { kind: 'failed'; reason: string };

/** The library's keys, translated through ours (its own strings would otherwise be fetched from its service). */
function libraryTranslations(t: (key: string) => string): Record<string, string> {
  return Object.fromEntries(
    Object.keys(imageAdvancedEditStrings.lib).map((key) => [key, t(`imageAdvancedEdit.lib.${key}`)]),
  );
}

/** The picture's file type for the result: JPEG stays JPEG (photos), everything else becomes PNG. */
function outputType(src: string): { extension: 'png' | 'jpeg'; mime: string } {
  return /\.jpe?g(?:$|[?#])/i.test(src)
    ? { extension: 'jpeg', mime: 'image/jpeg' }
    : { extension: 'png', mime: 'image/png' };
}

function base64ToBytes(dataUrl: string): Uint8Array<ArrayBuffer> {
  const binary = atob(dataUrl.slice(dataUrl.indexOf(',') + 1));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * The advanced image editor (FROALA-REFERENCE §40) over the whole window: crop, rotate, flip, resize,
 * filters and adjustments, drawing, shapes and text. Save uploads the result through the upload kit and
 * puts it into the same image for everyone (one undo step); Cancel changes nothing. If another author
 * deleted or replaced the image meanwhile, it says so and offers to insert the result at the caret.
 */
export default function ImageAdvancedEdit({ editor, context, image, onClose }: AdvancedEditProps) {
  const { t, i18n } = useTranslation();
  const [phase, setPhase] = useState<Phase>({ kind: 'editing' });
  const current = useRef<getCurrentImgDataFunction | undefined>(undefined);
  const abort = useRef<AbortController | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const tracker = useRef<ReturnType<typeof trackEditedImage> | null>(null);
  useEffect(() => {
    const tracking = trackEditedImage(editor, image);
    tracker.current = tracking;
    return () => tracking.stop();
  }, [editor, image]);
  // Where the image is now (followed through this editor's transactions since the dialog opened).
  const edited = (): EditedImage => tracker.current?.current() ?? image;
  useEffect(() => () => abort.current?.abort(), []);
  useEffect(() => root.current?.querySelector<HTMLElement>('button')?.focus(), []);
  useEffect(() => {
    if (!root.current) return undefined;
    const dialog = root.current;
    return repairEditorA11y(dialog, (control) => {
      if (control instanceof HTMLInputElement) {
        if (control.name === 'fontSize') return t('imageAdvancedEdit.lib.size');
        // A finetune slider and its number: named after the tool they set (Brightness, Contrast…).
        return dialog.querySelector('[data-press][aria-pressed="true"]:not(.FIE_tab)')?.textContent?.trim() || null;
      }
      return t(control.closest('.FIE_crop-tool') ? 'imageAdvancedEdit.cropPresets' : 'imageAdvancedEdit.moreOptions');
    });
  }, [t]);
  const language = i18n.resolvedLanguage ?? 'en';
  const translations = useMemo(() => {
    const table = libraryTranslations(t);
    // Before the library renders: it would apply them only after its first render (English tool labels).
    updateTranslations(table, language);
    return table;
  }, [t, language]);
  const type = outputType(image.src);

  const close = (): void => {
    onClose();
    editor.view.focus();
  };

  const reasonOf = async (error: unknown): Promise<string> => {
    const kit = await loadUploadCode();
    const code = error instanceof ApiError && error.code !== 'ABORTED' ? error.code : 'NETWORK';
    return kit.uploadErrorText(code, context.uploads, t, language);
  };

  const save = async (): Promise<void> => {
    const grab = current.current;
    if (!grab || phase.kind !== 'editing') return;
    const { imageData, hideLoadingSpinner } = grab({ name: 'edited', extension: type.extension }, 1);
    hideLoadingSpinner();
    const after = imageData.width && imageData.height ? { width: imageData.width, height: imageData.height } : null;
    if (!imageData.imageBase64) return;
    const file = new File([base64ToBytes(imageData.imageBase64)], `edited.${type.extension}`, { type: type.mime });
    const refused = precheckUpload('image', file, context.uploads);
    if (refused) {
      setPhase({ kind: 'failed', reason: await reasonOf(new ApiError(refused, 0)) });
      return;
    }
    const before = resolveEditTarget(editor.state.doc, edited());
    if (before.status !== 'found') {
      setPhase({ kind: 'conflict', reason: before.status, file, uploaded: null });
      return;
    }
    const session = context.session;
    if (!session) {
      setPhase({ kind: 'failed', reason: await reasonOf(new ApiError('UNAUTHORIZED', 401)) });
      return;
    }
    setPhase({ kind: 'uploading', percent: 0 });
    abort.current = new AbortController();
    try {
      const kit = await loadUploadCode();
      const uploaded = await kit.sendUpload({
        session,
        kind: 'image',
        file,
        fileName: file.name,
        signal: abort.current.signal,
        onProgress: (fraction) => setPhase({ kind: 'uploading', percent: Math.round(fraction * 100) }),
      });
      if (editor.isDestroyed) return;
      const src = String(imageNodeFromUpload(uploaded).attrs?.src ?? '');
      const done = replaceEditedImage(
        editor,
        edited(),
        { src, uploadId: uploaded['data-id'] },
        { before: image.natural, after },
      );
      if (done.status === 'found') close();
      else setPhase({ kind: 'conflict', reason: done.status, file, uploaded });
    } catch (error) {
      if (abort.current.signal.aborted) return;
      setPhase({ kind: 'failed', reason: await reasonOf(error) });
    }
  };

  const insertAsNew = (conflict: Extract<Phase, { kind: 'conflict' }>): void => {
    const pos = editor.state.selection.from;
    if (conflict.uploaded) {
      editor.chain().insertContentAt(pos, imageNodeFromUpload(conflict.uploaded, image.alt)).run();
    } else {
      startUpload(editor, context, {
        kind: 'image',
        file: conflict.file,
        pos,
        toNode: (r) => imageNodeFromUpload(r, image.alt),
      });
    }
    close();
  };

  return (
    <div
      ref={root}
      className="image-advanced-edit"
      role="dialog"
      aria-modal="true"
      aria-labelledby="image-advanced-edit-title"
      data-testid="image-advanced-edit"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && phase.kind === 'editing') {
          e.stopPropagation();
          close();
        }
      }}
    >
      <header className="image-advanced-edit-header">
        <h2 id="image-advanced-edit-title">{t('imageAdvancedEdit.title')}</h2>
        <button type="button" onClick={close} disabled={phase.kind === 'uploading'}>
          {t('imageAdvancedEdit.cancel')}
        </button>
        <button
          type="button"
          className="image-advanced-edit-save"
          onClick={() => void save()}
          disabled={phase.kind !== 'editing'}
        >
          {t('imageAdvancedEdit.save')}
        </button>
      </header>
      {phase.kind === 'uploading' && (
        <p className="image-advanced-edit-status" role="status">
          {t('imageAdvancedEdit.uploading', { percent: phase.percent })}
          <progress max={100} value={phase.percent} aria-hidden="true" />
        </p>
      )}
      {phase.kind === 'failed' && (
        <div className="image-advanced-edit-status" role="alert">
          <p>{t('imageAdvancedEdit.failed', { reason: phase.reason })}</p>
          <button type="button" onClick={() => setPhase({ kind: 'editing' })}>
            {t('imageAdvancedEdit.backToEditing')}
          </button>
        </div>
      )}
      {phase.kind === 'conflict' && (
        <div className="image-advanced-edit-status" role="alert" data-testid="image-advanced-edit-conflict">
          <p>{t(`imageAdvancedEdit.${phase.reason}`)}</p>
          <button type="button" className="image-advanced-edit-save" onClick={() => insertAsNew(phase)}>
            {t('imageAdvancedEdit.insertAsNew')}
          </button>
          <button type="button" onClick={close}>
            {t('imageAdvancedEdit.discard')}
          </button>
        </div>
      )}
      <div className="image-advanced-edit-body" aria-busy={phase.kind === 'uploading'}>
        <FilerobotImageEditor
          source={image.src}
          theme={THEME}
          language={language}
          translations={translations}
          useBackendTranslations={false}
          tabsIds={[TABS.ADJUST, TABS.FINETUNE, TABS.FILTERS, TABS.ANNOTATE, TABS.RESIZE]}
          defaultTabId={TABS.ADJUST}
          defaultToolId={TOOLS.CROP}
          Rotate={{ angle: 90, componentType: 'buttons' }}
          Image={{ disableUpload: true }}
          removeSaveButton
          savingPixelRatio={1}
          previewPixelRatio={window.devicePixelRatio || 1}
          defaultSavedImageType={type.extension}
          getCurrentImgDataFnRef={current}
          avoidChangesNotSavedAlertOnLeave
          observePluginContainerSize
        />
      </div>
    </div>
  );
}
