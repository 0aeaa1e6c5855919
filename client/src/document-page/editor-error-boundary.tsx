import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation';

function EditorFailed() {
  const { t } = useTranslation();
  return (
    <div className="page-message editor-failed" role="alert">
      <p>{t('editor.failed.message')}</p>
      <button type="button" onClick={() => window.location.reload()}>
        {t('editor.failed.reload')}
      </button>
    </div>
  );
}

interface State {
  failed: boolean;
}

/** Whatever the editor or a capability throws while rendering: a message and a reload, not a blank page. */
export class EditorErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('[tandem] the editor failed to render', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <EditorFailed /> : this.props.children;
  }
}
