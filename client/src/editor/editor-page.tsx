import { useEffect, useMemo, useState } from 'react';
import type { Editor } from '@tiptap/core';
import { useTranslation } from 'react-i18next';
import type * as Y from 'yjs';
import type { WebsocketProvider } from 'y-websocket';
import { isValidDocId, type DocumentMeta } from '@shared/api/documents';
import { YDocKeys } from '@shared/document/ydoc-keys';
import { api, ApiError } from '../lib/api-client';
import { tokenFromLocation } from '../lib/link-token';
import { roleOfToken, updateRecentTitle } from '../lib/recent-documents';
import { useCapabilityContext } from '../lib/server-config';
import { EditorErrorBoundary } from './editor-error-boundary';
import { EditorShell } from './editor-shell';
import { useCollabSession } from './use-collab-session';

declare global {
  interface Window {
    /** Test and debugging hook: the open document's objects. */
    __tandem?: {
      ydoc: Y.Doc;
      provider: WebsocketProvider;
      editor: Editor;
      /** The HTML export (entities encoded as configured). */
      exportHtml: () => string;
      /** Makes the editor throw on its next render, to show the error boundary (tests). */
      crashEditor: () => void;
    };
  }
}

type Role = DocumentMeta['role'];

function Message({ text, alert = false }: { text: string; alert?: boolean }) {
  return (
    <p className="page-message" role={alert ? 'alert' : undefined}>
      {text}
    </p>
  );
}

/** `/d/:docId`: resolves the link token and role, then shows the editor once the local copy is loaded. */
export function EditorPage({ docId }: { docId: string }) {
  const { t } = useTranslation();
  const validId = isValidDocId(docId);
  const token = useMemo(() => (validId ? tokenFromLocation(docId) : undefined), [docId, validId]);
  const [apiError, setApiError] = useState<ApiError | null>(null);
  const [serverRole, setServerRole] = useState<Role | null>(null);
  // Only a link that says it may edit (or the server, for an admin token) gets a session that can write.
  const sessionReadOnly = serverRole ? serverRole === 'viewer' : !token || roleOfToken(token) !== 'editor';
  const [session, state] = useCollabSession(docId, token, sessionReadOnly);
  const [offlineApi, setOfflineApi] = useState(false);
  const capabilityContext = useCapabilityContext();

  useEffect(() => {
    if (!token) return;
    api.getDocument(docId, token).then(
      (meta) => {
        setServerRole(meta.role);
        updateRecentTitle(docId, meta.title);
      },
      (error: unknown) => {
        // Offline: keep working on the local copy; other refusals are final.
        if (error instanceof ApiError && error.code === 'NETWORK') setOfflineApi(true);
        else setApiError(error instanceof ApiError ? error : new ApiError('INTERNAL', 0));
      },
    );
  }, [docId, token]);

  if (!validId) return <Message alert text={t('errors.INVALID_DOC_ID')} />;
  if (!token) return <Message alert text={t('editor.noToken')} />;
  if (apiError) return <Message alert text={t(`errors.${apiError.code}`)} />;
  const tokenRole = roleOfToken(token);
  // The server's answer wins; the token's own claim lets the page open offline.
  const role: Role | null = serverRole ?? (tokenRole === 'unknown' ? null : tokenRole);
  if (!session || !state.localReady || !capabilityContext.ready || (role === null && !offlineApi))
    return <Message text={t('app.loading')} />;
  // Unknown role and no server to ask: show the local copy, but change nothing.
  const readOnly = role !== 'editor' && role !== 'admin';
  const empty = session.doc.getXmlFragment(YDocKeys.content).length === 0;
  const { status } = state;
  if (empty && !state.synced) {
    // Nothing local and no server: an explanation, not an empty editor.
    if (status.kind === 'refused') return <Message alert text={t(`connection.refused.${status.closeCode}`)} />;
    if (status.kind === 'blocked') return <Message alert text={t('connection.blocked')} />;
    // A viewer's editor must not bind to an empty fragment: normalising it would be a change it may not send.
    if (readOnly) return <Message text={t('app.loading')} />;
  }
  return (
    <EditorErrorBoundary>
      <EditorShell
        key={String(readOnly)}
        session={session}
        state={state}
        readOnly={readOnly}
        token={token}
        context={capabilityContext.context}
      />
    </EditorErrorBoundary>
  );
}
