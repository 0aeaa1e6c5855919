import { optionLabel } from '../../lib/option-labels';
import { AlignCenter, AlignLeft, AlignRight, ArrowLeft } from 'lucide-react';
import { Icon, type IconComponent } from '../../editor/ui/icon';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import type { Editor } from '@tiptap/core';
import { useTranslation } from '../../i18n/use-translation';
import type { CapabilityContext } from '../../editor/core/capability';
import { LinkForm, preloadLinkForm } from '../link';
import { sanitizeHref } from '@shared/document/model/link-url';
import {
  closeUndoGroup,
  reselectImage,
  setImageAlign,
  setImageAlt,
  setImageCaption,
  setImageDisplay,
  setImageSize,
  toggleSelectedImageStyle,
  unlinkSelectedImage,
  type ImageAlign,
  type ImageAttrs,
  type ImageDisplay,
} from './image-edit-commands';
import { sizeFieldValue } from './image-size';
import { TextPopupField } from '../../editor/ui/text-popup-field';
import { ImageLimits } from '@shared/limits';
import { hasImageStyle } from './image-styles';

// The link panel's form is fetched with these panels, so it shows at once when first opened.
void preloadLinkForm();

export type Panel = 'main' | 'align' | 'display' | 'style' | 'alt' | 'caption' | 'size' | 'link';

export interface PanelProps {
  editor: Editor;
  context: CapabilityContext;
  pos: number;
  attrs: ImageAttrs;
  href: string | null;
  /** Back to the main row of buttons; `refocus` = give the editor the focus again. */
  back: (refocus: boolean) => void;
}

// Keeps the editor's focus (and so its selection) when a popup button is clicked with the mouse.
const keepFocus = (e: { preventDefault: () => void }): void => e.preventDefault();

export function PopupButton(props: {
  label: string;
  icon?: IconComponent;
  pressed?: boolean;
  disabled?: boolean;
  item?: string;
  onClick: () => void;
  /** Pointed at or focused: time to fetch what the button opens. */
  onHover?: () => void;
}) {
  return (
    <button
      type="button"
      className={`image-edit-button${props.pressed ? ' is-active' : ''}`}
      aria-label={props.icon ? props.label : undefined}
      aria-pressed={props.pressed}
      title={props.label}
      disabled={props.disabled}
      data-item={props.item}
      onMouseDown={keepFocus}
      onPointerEnter={props.onHover}
      onFocus={props.onHover}
      onClick={props.onClick}
    >
      {props.icon ? <Icon of={props.icon} /> : props.label}
    </button>
  );
}

function PanelFrame({ title, back, children }: { title: string; back: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="image-edit-panel">
      <div className="image-edit-row">
        <PopupButton label={t('imageEdit.back')} icon={ArrowLeft} item="back" onClick={back} />
        <span className="image-edit-title">{title}</span>
      </div>
      {children}
    </div>
  );
}

const ALIGNS: { value: ImageAlign; key: string; icon: IconComponent }[] = [
  { value: 'left', key: 'imageEdit.alignLeft', icon: AlignLeft },
  { value: 'center', key: 'imageEdit.alignCenter', icon: AlignCenter },
  { value: 'right', key: 'imageEdit.alignRight', icon: AlignRight },
];

export function AlignPanel({ editor, attrs, back }: PanelProps) {
  const { t } = useTranslation();
  return (
    <PanelFrame title={t('imageEdit.align')} back={() => back(false)}>
      <div className="image-edit-row">
        {ALIGNS.map((a) => (
          <PopupButton
            key={a.value}
            label={t(a.key)}
            pressed={attrs.align === a.value}
            item={`align-${a.value}`}
            onClick={() => setImageAlign(editor, a.value)}
          />
        ))}
      </div>
    </PanelFrame>
  );
}

const DISPLAYS: { value: ImageDisplay; key: string }[] = [
  { value: 'inline', key: 'imageEdit.inline' },
  { value: 'block', key: 'imageEdit.breakText' },
];

export function DisplayPanel({ editor, attrs, back }: PanelProps) {
  const { t } = useTranslation();
  return (
    <PanelFrame title={t('imageEdit.display')} back={() => back(false)}>
      <div className="image-edit-row">
        {DISPLAYS.map((d) => (
          <PopupButton
            key={d.value}
            label={t(d.key)}
            pressed={attrs.display === d.value}
            item={`display-${d.value}`}
            onClick={() => setImageDisplay(editor, d.value)}
          />
        ))}
      </div>
    </PanelFrame>
  );
}

export function StylePanel({ editor, context, attrs, back }: PanelProps) {
  const { t } = useTranslation();
  const { imageStyles, imageMultipleStyles } = context.options;
  const values = imageStyles.map((s) => s.value);
  return (
    <PanelFrame title={t('imageEdit.style')} back={() => back(false)}>
      <div className="image-edit-row">
        {imageStyles.map(({ label, value }) => (
          <PopupButton
            key={value}
            label={optionLabel('imageStyles', { label, value }, t)}
            pressed={hasImageStyle(attrs.classes, value)}
            item={`style-${value}`}
            onClick={() => toggleSelectedImageStyle(editor, value, values, imageMultipleStyles)}
          />
        ))}
      </div>
    </PanelFrame>
  );
}

export function AltPanel({ editor, attrs, back }: PanelProps) {
  const { t } = useTranslation();
  return (
    <PanelFrame title={t('imageEdit.alt')} back={() => back(false)}>
      <TextPopupField
        label={t('imageEdit.alt')}
        applyLabel={t('imageEdit.update')}
        initial={attrs.alt}
        onApply={(alt) => {
          setImageAlt(editor, alt);
          back(true);
        }}
      />
    </PanelFrame>
  );
}

/** Edit in popup (§13): the caption's text in one field; empty keeps an empty caption (its placeholder shows). */
export function CaptionPanel({ editor, attrs, back }: PanelProps) {
  const { t } = useTranslation();
  return (
    <PanelFrame title={t('imageEdit.editCaption')} back={() => back(false)}>
      <TextPopupField
        label={t('imageEdit.captionText')}
        applyLabel={t('imageEdit.update')}
        initial={attrs.caption ?? ''}
        placeholder={t('image.captionPlaceholder')}
        maxLength={ImageLimits.maxCaptionChars}
        onApply={(caption) => {
          setImageCaption(editor, caption);
          back(true);
        }}
      />
    </PanelFrame>
  );
}

export function SizePanel({ editor, attrs, back }: PanelProps) {
  const { t } = useTranslation();
  const [width, setWidth] = useState(sizeFieldValue(attrs.width));
  const [height, setHeight] = useState(sizeFieldValue(attrs.height));
  const submit = (event: FormEvent): void => {
    event.preventDefault();
    setImageSize(editor, width, height);
    back(true);
  };
  return (
    <PanelFrame title={t('imageEdit.size')} back={() => back(false)}>
      <form className="image-edit-form" onSubmit={submit} noValidate>
        <div className="image-edit-size">
          <label className="image-edit-field">
            <span>{t('imageEdit.width')}</span>
            <input type="text" autoComplete="off" autoFocus value={width} onChange={(e) => setWidth(e.target.value)} />
          </label>
          <label className="image-edit-field">
            <span>{t('imageEdit.height')}</span>
            <input type="text" autoComplete="off" value={height} onChange={(e) => setHeight(e.target.value)} />
          </label>
        </div>
        <p className="image-edit-hint">{t('imageEdit.sizeHint')}</p>
        <div className="image-edit-buttons">
          <button type="submit" className="image-edit-button is-primary">
            {t('imageEdit.update')}
          </button>
        </div>
      </form>
    </PanelFrame>
  );
}

/** Link of the image: the link capability's own form, or Open/Edit/Unlink when there is one. */
export function LinkPanel({ editor, context, pos, href, back }: PanelProps) {
  const { t } = useTranslation();
  const [form, setForm] = useState(href === null);
  // Whatever came just before the form is not part of the link's undo step.
  useEffect(() => closeUndoGroup(editor), [editor]);
  const safeHref = href ? sanitizeHref(href) : null;
  if (form) {
    return (
      <PanelFrame title={t(href ? 'link.edit' : 'imageEdit.link')} back={() => back(false)}>
        <LinkForm
          editor={editor}
          context={context}
          onClose={() => {
            // The link is an undo step of its own; the form leaves the caret after the image, but the
            // image is what stays selected here.
            closeUndoGroup(editor);
            reselectImage(editor, pos);
            back(true);
          }}
        />
      </PanelFrame>
    );
  }
  return (
    <PanelFrame title={t('link.popup')} back={() => back(false)}>
      <div className="image-edit-row">
        <span className="image-edit-url" title={href ?? ''}>
          {href}
        </span>
      </div>
      <div className="image-edit-row">
        <PopupButton
          label={t('link.open')}
          disabled={!safeHref}
          onClick={() => {
            if (safeHref) window.open(safeHref, '_blank', 'noopener,noreferrer');
          }}
        />
        <PopupButton label={t('link.edit')} onClick={() => setForm(true)} />
        <PopupButton
          label={t('link.unlink')}
          onClick={() => {
            unlinkSelectedImage(editor);
            back(false);
          }}
        />
      </div>
    </PanelFrame>
  );
}
