import { CaseSensitive, ChevronDown, ChevronRight, ChevronUp, Regex, X } from 'lucide-react';
import { useEffect, useId, useLayoutEffect, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import type { Editor } from '@tiptap/core';
import { Icon, type IconComponent } from '../../editor/ui/icon';
import { useStore } from '../../lib/store';
import { useTranslation } from '../../i18n/use-translation';
import type { EditorUiProps } from '../../editor/core/capability';
import { findKeyOf } from './find-replace.extension';
import { findBarStrings } from './find-replace.strings';
import { useFindBar } from './use-find-bar';
import './find-replace.css';

/** English strings of this chunk (editor/core/lazy adds them when it arrives). */
export const strings = { findReplace: findBarStrings };

/** "ab" between word marks: the whole-word toggle (Lucide has no such icon). */
function WholeWordIcon() {
  return (
    <span className="find-word-icon" aria-hidden="true">
      ab
    </span>
  );
}

/** At or under this width the bar docks at the bottom: at the top it would cover the document's first lines. */
const PHONE_WIDTH = 600;

/**
 * Keeps the bar at the top right of the visible part of the document, under the sticky toolbar (whose
 * height changes with the window), written straight into the element's style while the page scrolls. On a
 * phone it docks at the bottom of the screen instead.
 */
function useBarPlacement(editor: Editor, bar: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const content = editor.view.dom.closest('.editor-content') ?? editor.view.dom;
    const toolbar = editor.view.dom.closest('.editor-shell')?.querySelector('.toolbar') ?? null;
    let frame = 0;
    const place = (): void => {
      frame = 0;
      const el = bar.current;
      if (!el) return;
      if (window.innerWidth <= PHONE_WIDTH) {
        el.style.setProperty('top', 'auto');
        el.style.setProperty('bottom', '6px');
        el.style.setProperty('right', '6px');
        el.style.setProperty('max-width', `${window.innerWidth - 12}px`);
        return;
      }
      const box = content.getBoundingClientRect();
      const under = toolbar ? toolbar.getBoundingClientRect().bottom : 0;
      el.style.setProperty('top', `${Math.max(box.top, under, 0) + 6}px`);
      el.style.setProperty('bottom', 'auto');
      const right = Math.max(6, window.innerWidth - box.right + 6);
      el.style.setProperty('right', `${right}px`);
      el.style.setProperty('max-width', `${window.innerWidth - right - 6}px`);
    };
    const schedule = (): void => {
      if (!frame) frame = requestAnimationFrame(place);
    };
    place();
    window.addEventListener('scroll', schedule, { passive: true, capture: true });
    window.addEventListener('resize', schedule);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule, { capture: true });
      window.removeEventListener('resize', schedule);
    };
  }, [editor, bar]);
}

function BarButton(props: {
  label: string;
  icon?: IconComponent;
  pressed?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children?: ReactNode;
  className?: string;
  expanded?: boolean;
}) {
  const { label, icon, pressed, disabled, onClick, children, className, expanded } = props;
  return (
    <button
      type="button"
      className={`find-button${className ? ` ${className}` : ''}`}
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      aria-expanded={expanded}
      disabled={disabled}
      onClick={onClick}
    >
      {icon ? <Icon of={icon} /> : children}
    </button>
  );
}

function FindBar({ editor }: EditorUiProps) {
  const { t } = useTranslation();
  const bar = useRef<HTMLDivElement>(null);
  const findField = useRef<HTMLInputElement>(null);
  const replaceField = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const f = useFindBar(editor, bar);
  const { options, setOptions, status } = f;
  useBarPlacement(editor, bar);

  // Every opening request (Mod-F again, the toolbar button) puts the focus in the field, text selected.
  useEffect(() => {
    findField.current?.focus();
    findField.current?.select();
  }, [f.focusRequest]);

  // Keys anywhere in the bar (fields and buttons): Escape closes; Mod-F selects the search; Mod-H goes to
  // the replace row.
  const onBarKeys = (e: KeyboardEvent<HTMLDivElement>): void => {
    const kind = findKeyOf(e.nativeEvent);
    if (kind) {
      e.preventDefault();
      if (kind === 'replace' && f.canReplace) {
        editor.storage.findReplace.state.replace.set(true);
        replaceField.current?.focus();
      } else {
        findField.current?.focus();
        findField.current?.select();
      }
    } else if (e.key === 'Escape') {
      e.preventDefault();
      f.close();
    }
  };
  const onEnter = (e: KeyboardEvent<HTMLInputElement>, action: (shift: boolean) => void): void => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    action(e.shiftKey);
  };

  // The buttons turn disabled when nothing is left to replace: the focus stays in the bar, on the field.
  const replaceThen = (action: () => void): void => {
    action();
    replaceField.current?.focus();
  };

  const count = (): string => {
    if (!f.active) return '';
    if (f.replaced !== null) return t('findReplace.replaced', { count: f.replaced });
    if (status.count === 0) return t('findReplace.noResults');
    if (status.index === 0) return t('findReplace.results', { count: status.count });
    return t('findReplace.position', { current: status.index, count: status.count });
  };

  return (
    <div
      ref={bar}
      className="find-bar"
      role="search"
      aria-label={t('findReplace.bar')}
      data-replace={f.showReplace}
      onKeyDown={onBarKeys}
    >
      <div className="find-row">
        {f.canReplace && (
          <BarButton
            label={t('findReplace.toggleReplace')}
            icon={f.showReplace ? ChevronDown : ChevronRight}
            expanded={f.showReplace}
            className="find-toggle-replace"
            onClick={f.toggleReplace}
          />
        )}
        <div className="find-field">
          <input
            ref={findField}
            type="text"
            className="find-input"
            data-find="query"
            aria-label={t('findReplace.find')}
            placeholder={t('findReplace.find')}
            value={options.text}
            spellCheck={false}
            aria-invalid={f.invalid || f.slow}
            aria-describedby={f.invalid || f.slow ? errorId : undefined}
            onChange={(e) => setOptions({ ...options, text: e.target.value })}
            onKeyDown={(e) => onEnter(e, (shift) => f.go(shift ? -1 : 1))}
          />
          <span className="find-count" role="status" data-find="count">
            {count()}
          </span>
        </div>
        <div className="find-toggles">
          <BarButton
            label={t('findReplace.matchCase')}
            icon={CaseSensitive}
            pressed={options.caseSensitive}
            onClick={() => setOptions({ ...options, caseSensitive: !options.caseSensitive })}
          />
          <BarButton
            label={t('findReplace.wholeWord')}
            pressed={options.wholeWord}
            onClick={() => setOptions({ ...options, wholeWord: !options.wholeWord })}
          >
            <WholeWordIcon />
          </BarButton>
          <BarButton
            label={t('findReplace.regex')}
            icon={Regex}
            pressed={options.regex}
            onClick={() => setOptions({ ...options, regex: !options.regex })}
          />
        </div>
        <div className="find-steps">
          <BarButton
            label={t('findReplace.previous')}
            icon={ChevronUp}
            disabled={status.count === 0}
            onClick={() => f.go(-1)}
          />
          <BarButton
            label={t('findReplace.next')}
            icon={ChevronDown}
            disabled={status.count === 0}
            onClick={() => f.go(1)}
          />
          <BarButton label={t('findReplace.close')} icon={X} onClick={f.close} />
        </div>
      </div>
      {(f.invalid || f.slow) && (
        <p className="find-error" id={errorId} role="alert">
          {t(f.invalid ? 'findReplace.invalidRegex' : 'findReplace.slowRegex')}
        </p>
      )}
      {f.showReplace && (
        <div className="find-row find-replace-row">
          <input
            ref={replaceField}
            type="text"
            className="find-input"
            data-find="replacement"
            aria-label={t('findReplace.replaceWith')}
            placeholder={t('findReplace.replaceWith')}
            value={f.replacement}
            spellCheck={false}
            onChange={(e) => f.setReplacement(e.target.value)}
            onKeyDown={(e) => onEnter(e, () => f.replaceOne())}
          />
          <button
            type="button"
            className="find-text-button"
            disabled={status.count === 0}
            onClick={() => replaceThen(f.replaceOne)}
          >
            {t('findReplace.replace')}
          </button>
          <button
            type="button"
            className="find-text-button"
            disabled={status.count === 0}
            onClick={() => replaceThen(f.replaceEvery)}
          >
            {t('findReplace.replaceAll')}
          </button>
        </div>
      )}
    </div>
  );
}

/** The find bar of one editor (rendered once per editor; shown while its open flag is set). */
export default function FindReplaceBar(props: EditorUiProps) {
  const open = useStore(props.editor.storage.findReplace.state.open);
  return open ? <FindBar {...props} /> : null;
}
