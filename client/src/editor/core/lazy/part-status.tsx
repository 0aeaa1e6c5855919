import { Component, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import './part-status.css';

export type Placement = 'inline' | 'floating';

/** "Loading…" or "could not be loaded" where a part will be: inside its popup, or floating over the page. */
export function PartStatus({
  failed,
  placement,
  onBox,
}: {
  failed: boolean;
  placement: Placement;
  /** Gets the element the message sits in (where the part's focus goes once it arrives). */
  onBox?: (box: HTMLElement) => void;
}) {
  const { t } = useTranslation();
  return (
    <p
      ref={(element) => {
        if (element?.parentElement) onBox?.(element.parentElement);
      }}
      className={`lazy-part-status lazy-part-${placement}${failed ? ' is-error' : ''}`}
      role={failed ? 'alert' : 'status'}
    >
      {failed ? t('app.loadFailed') : t('app.loading')}
    </p>
  );
}

/** The floating "could not be loaded" notice, with a button that hides it. */
export function FailedNotice({ onDismiss }: { onDismiss: () => void }) {
  const { t } = useTranslation();
  return (
    <p className="lazy-part-status lazy-part-floating is-error" role="alert">
      {t('app.loadFailed')}{' '}
      <button type="button" className="lazy-part-dismiss" onClick={onDismiss}>
        {t('app.dismiss')}
      </button>
    </p>
  );
}

/**
 * Keeps a lazily loaded part that throws while rendering from taking the editor down with it: the part
 * is replaced by the failure message, the document and every other part go on.
 */
export class PartBoundary extends Component<{ placement: Placement; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  componentDidCatch(error: unknown): void {
    console.error('[tandem] a part of the editor failed', error);
  }

  render() {
    return this.state.failed ? <PartStatus failed placement={this.props.placement} /> : this.props.children;
  }
}
