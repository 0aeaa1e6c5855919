import { useTranslation } from '../i18n/use-translation';
import type { SessionState } from '../editor/collab/collab-provider';

/** Connection state and unsynced changes, announced politely to screen readers. */
export function ConnectionIndicator({ state }: { state: SessionState }) {
  const { t } = useTranslation();
  const { status } = state;
  const label =
    // The reason of a refusal is spelled out in the alert under the header; here only the state.
    status.kind === 'refused'
      ? t('connection.stopped')
      : status.kind === 'blocked'
        ? t('connection.offline')
        : t(`connection.${status.kind}`);
  return (
    <div className={`connection connection-${status.kind}`} role="status" aria-live="polite" data-status={status.kind}>
      <span className="connection-dot" aria-hidden="true" />
      <span className="connection-label">{label}</span>
      {state.unsynced > 0 && (
        <span className="connection-unsynced" data-testid="unsynced">
          {t('connection.unsynced')}
        </span>
      )}
    </div>
  );
}
