import type { CloseCodeName } from '@shared/collab/close-codes';
import { useTranslation } from '../i18n/use-translation';
import { LOCAL_STATE_REFUSALS } from '../editor/collab/collab-provider';
import { connectionProblemStrings } from './connection-problems.strings';

/** English strings of this chunk (editor/core/lazy adds them when it arrives). */
export const strings = { connection: connectionProblemStrings };

export interface ConnectionAlertProps {
  /** Refused with this close code, or the socket is blocked (a proxy, a firewall). */
  problem: { kind: 'refused'; closeCode: CloseCodeName } | { kind: 'blocked' };
  /** Downloads this browser's copy as HTML (offered when the refusal leaves it behind). */
  onDownload: () => void;
}

/** Under the header: why the server stopped listening, with the local copy's download where it matters. */
export default function ConnectionAlert({ problem, onDownload }: ConnectionAlertProps) {
  const { t } = useTranslation();
  if (problem.kind === 'blocked')
    return (
      <p className="connection-alert" role="alert">
        {t('connection.blocked')}
      </p>
    );
  return (
    <div className="connection-alert" role="alert">
      <p>{t(`connection.refused.${problem.closeCode}`)}</p>
      {LOCAL_STATE_REFUSALS.has(problem.closeCode) && (
        <p className="connection-alert-actions">
          <button type="button" onClick={onDownload}>
            {t('connection.downloadCopy')}
          </button>
          <button type="button" onClick={() => window.location.reload()}>
            {t('editor.failed.reload')}
          </button>
        </p>
      )}
    </div>
  );
}
