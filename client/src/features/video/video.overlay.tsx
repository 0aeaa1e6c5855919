import { AlignCenter, AlignLeft, AlignRight } from 'lucide-react';
import { Icon, type IconComponent } from '../../editor/ui/icon';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import type { Editor } from '@tiptap/core';
import { Popover } from '../../editor/core/lazy';
import { useTranslation } from '../../i18n/use-translation';
import type { EditorUiProps } from '../../editor/core/capability';
import { useEditorUiState } from '../../editor/core/use-editor-ui-state';
import '../../editor/ui/toolbar-ui.css';
import { resizeVideo, selectedVideo } from './video-commands';
import { VideoForm } from './video-form-part';
import type { VideoAlign, VideoAttrs, VideoDisplay } from '@shared/document/html/video-html';
import './video-form.css';
import { nodeAnchor } from '../../editor/ui/node-anchor';

type Mode = 'main' | 'replace' | 'size';

const ALIGNS: { value: VideoAlign; key: string; icon: IconComponent }[] = [
  { value: 'left', key: 'video.alignLeft', icon: AlignLeft },
  { value: 'center', key: 'video.alignCenter', icon: AlignCenter },
  { value: 'right', key: 'video.alignRight', icon: AlignRight },
];
const DISPLAYS: { value: VideoDisplay; key: string }[] = [
  { value: 'inline', key: 'video.inline' },
  { value: 'block', key: 'video.block' },
];

function SizeForm({ editor, attrs, onDone }: { editor: Editor; attrs: VideoAttrs; onDone: () => void }) {
  const { t } = useTranslation();
  const [width, setWidth] = useState(attrs.width ?? '');
  const [height, setHeight] = useState(attrs.height ?? '');
  const submit = (event: FormEvent): void => {
    event.preventDefault();
    resizeVideo(editor, width, height);
    onDone();
  };
  return (
    <form className="video-size" onSubmit={submit} noValidate>
      <label className="video-form-field">
        <span>{t('video.width')}</span>
        <input type="text" autoComplete="off" autoFocus value={width} onChange={(e) => setWidth(e.target.value)} />
      </label>
      <label className="video-form-field">
        <span>{t('video.height')}</span>
        <input type="text" autoComplete="off" value={height} onChange={(e) => setHeight(e.target.value)} />
      </label>
      <div className="video-form-buttons">
        <button type="button" className="ui-button" onClick={onDone}>
          {t('video.back')}
        </button>
        <button type="submit" className="ui-button is-primary">
          {t('video.update')}
        </button>
      </div>
    </form>
  );
}

/**
 * The popup of the selected video (Froala's `video.edit`): Replace, Remove, Display, Align, Change Size.
 * Each change is one transaction; Escape closes the popup until the selection moves.
 */
export function VideoOverlay({ editor, context }: EditorUiProps) {
  const { t } = useTranslation();
  const at = useEditorUiState({
    editor,
    selector: ({ editor: e }) => {
      if (!e.isEditable) return null;
      const current = selectedVideo(e);
      return current ? { pos: current.pos, attrs: current.attrs, focused: e.isFocused } : null;
    },
  });
  const [mode, setMode] = useState<Mode>('main');
  const [dismissed, setDismissed] = useState<number | null>(null);
  const [focusInside, setFocusInside] = useState(false);
  const key = at ? at.pos : null;
  const lastKey = useRef<number | null>(null);

  // Another video (or none) selected: back to the buttons, and a dismissal no longer holds.
  useEffect(() => {
    if (lastKey.current === key) return;
    lastKey.current = key;
    setMode('main');
    setDismissed((d) => (d === key ? d : null));
  }, [key]);
  useEffect(() => {
    const dom = editor.view.dom;
    const reset = (): void => setDismissed(null);
    dom.addEventListener('mousedown', reset);
    return () => dom.removeEventListener('mousedown', reset);
  }, [editor]);

  const anchor = useMemo(
    () => nodeAnchor(editor, key),
    // A new anchor object per video, size and placement makes the popup re-measure.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [editor, key, at?.attrs.width, at?.attrs.height, at?.attrs.align, at?.attrs.display, mode],
  );

  const open = at !== null && (at.focused || focusInside) && dismissed !== key;
  // Closing by a click elsewhere leaves the focus where the click put it (a toolbar menu, another field).
  const close = (): void => {
    setMode('main');
    setFocusInside(false);
    setDismissed(key);
  };
  const back = (): void => {
    setMode('main');
    editor.commands.focus();
  };
  const keepFocus = (e: { preventDefault: () => void }): void => e.preventDefault();

  return (
    <Popover.Root open={open} onOpenChange={(next) => !next && close()} modal={false}>
      <Popover.Anchor virtualRef={anchor} />
      <Popover.Portal>
        <Popover.Content
          className="toolbar-popup video-popup"
          side="bottom"
          align="center"
          sideOffset={6}
          role="dialog"
          aria-label={t(mode === 'replace' ? 'video.replace' : mode === 'size' ? 'video.size' : 'video.popup')}
          onOpenAutoFocus={(e) => e.preventDefault()}
          onCloseAutoFocus={(e) => e.preventDefault()}
          onEscapeKeyDown={() => editor.commands.focus()}
          onInteractOutside={(e) => {
            // Clicks in the text move the selection; the selection decides whether the popup stays.
            if (e.target instanceof Node && editor.view.dom.contains(e.target)) e.preventDefault();
          }}
          onFocus={() => setFocusInside(true)}
          onBlur={(e) => {
            if (!(e.relatedTarget instanceof Node && e.currentTarget.contains(e.relatedTarget))) setFocusInside(false);
          }}
        >
          {at && mode === 'replace' && <VideoForm editor={editor} context={context} onClose={() => setMode('main')} />}
          {at && mode === 'size' && <SizeForm editor={editor} attrs={at.attrs} onDone={back} />}
          {at && mode === 'main' && (
            <div className="video-bubble" role="toolbar" aria-label={t('video.popup')}>
              <button type="button" className="ui-button" onMouseDown={keepFocus} onClick={() => setMode('replace')}>
                {t('video.replace')}
              </button>
              <button
                type="button"
                className="ui-button"
                onMouseDown={keepFocus}
                onClick={() => editor.chain().focus().removeVideo().run()}
              >
                {t('video.remove')}
              </button>
              <span className="video-bubble-group" role="group" aria-label={t('video.display')}>
                {DISPLAYS.map((d) => (
                  <button
                    key={d.value}
                    type="button"
                    className="ui-button"
                    aria-pressed={at.attrs.display === d.value}
                    onMouseDown={keepFocus}
                    onClick={() => editor.chain().focus().updateVideo({ display: d.value }).run()}
                  >
                    {t(d.key)}
                  </button>
                ))}
              </span>
              <span className="video-bubble-group" role="group" aria-label={t('video.align')}>
                {ALIGNS.map((a) => (
                  <button
                    key={a.value}
                    type="button"
                    className="ui-button"
                    aria-label={t(a.key)}
                    title={t(a.key)}
                    aria-pressed={at.attrs.align === a.value}
                    onMouseDown={keepFocus}
                    onClick={() => editor.chain().focus().updateVideo({ align: a.value }).run()}
                  >
                    <Icon of={a.icon} />
                  </button>
                ))}
              </span>
              <button type="button" className="ui-button" onMouseDown={keepFocus} onClick={() => setMode('size')}>
                {t('video.size')}
              </button>
            </div>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

export default VideoOverlay;
