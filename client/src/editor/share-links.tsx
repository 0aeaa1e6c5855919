import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { capabilityLink } from '@shared/api/links';
import { loadRecent, roleOfToken } from '../lib/recent-documents';

/** Copies the links this browser holds: the editor link (if it has one) and the viewer link. */
export function ShareLinks({ docId, token }: { docId: string; token: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState<'editor' | 'viewer' | null>(null);
  const role = roleOfToken(token);
  // Read once per document, not on every render of the editor header.
  const viewerToken = useMemo(
    () => (role === 'viewer' ? token : loadRecent().find((d) => d.id === docId)?.viewerToken),
    [role, token, docId],
  );
  const copy = (kind: 'editor' | 'viewer', linkToken: string): void => {
    const link = capabilityLink(window.location.origin, docId, linkToken);
    // No clipboard API on plain-http hosts: show the link so it can be copied by hand.
    const fallback = (): void =>
      void window.prompt(t(kind === 'editor' ? 'editor.shareEditor' : 'editor.shareViewer'), link);
    if (!('clipboard' in navigator)) return fallback();
    navigator.clipboard.writeText(link).then(() => setCopied(kind), fallback);
  };
  return (
    <div className="share-links">
      {role === 'editor' && (
        <button type="button" onClick={() => copy('editor', token)}>
          {copied === 'editor' ? t('editor.copied') : t('editor.shareEditor')}
        </button>
      )}
      {viewerToken && (
        <button type="button" onClick={() => copy('viewer', viewerToken)}>
          {copied === 'viewer' ? t('editor.copied') : t('editor.shareViewer')}
        </button>
      )}
    </div>
  );
}
