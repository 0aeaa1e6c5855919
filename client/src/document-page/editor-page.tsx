import { useEffect, useMemo, useState } from 'react';
import type { Editor } from '@tiptap/core';
import { useTranslation } from '../i18n/use-translation';
import type * as Y from 'yjs';
import type { WebsocketProvider } from 'y-websocket';
import { isValidDocId } from '@shared/api/doc-id';
import type { DocumentMeta } from '@shared/api/documents';
import { YDocKeys } from '@shared/document/yjs/ydoc-keys';
import { api, ApiError } from '../lib/api-client';
import { hideTokenFromAddressBar, showTokenInAddressBar, tokenFromLocation } from '../lib/link-token';
import { roleOfToken, updateRecentTitle } from '../lib/recent-documents';
import { useCapabilityContext } from '../lib/server-config';
import { ErrorPage, preloadErrorPage, type ErrorPageKind } from '../error-page';
import { preloadConnectionAlert } from './connection-alert-part';
import { EditorErrorBoundary } from './editor-error-boundary';
import { EditorShell, type PageComposition } from './editor-shell';
import { useCollabSession } from '../editor/collab/use-collab-session';
import type { CollabSession } from '../editor/collab/collab-provider';

const sessionKeys = new WeakMap<CollabSession, number>();
let lastSessionKey = 0;
function sessionKey(session: CollabSession): number {
  let key = sessionKeys.get(session);
  if (key === undefined) {
    key = ++lastSessionKey;
    sessionKeys.set(session, key);
  }
  return key;
}

declare global {
  interface Window {
    /** Test and debugging hook: the open document's objects. */
    __tandem?: {
      ydoc: Y.Doc;
      provider: WebsocketProvider;
      editor: Editor;
      /** The HTML export (entities encoded as configured; its code loads on the first call). */
      exportHtml: () => Promise<string>;
      /** Makes the editor throw on its next render, to show the error boundary (tests). */
      crashEditor: () => void;
    };
  }
}

type Role = DocumentMeta['role'];

function Message({ text }: { text: string }) {
  return (
    <p className="page-message" role="status">
      {text}
    </p>
  );
}

/** The error page for a refusal by the API (HTTP code) or the collaboration server (close code). */
function refusalPage(code: string): ErrorPageKind | null {
  if (code === 'DOC_NOT_FOUND') return 'docNotFound';
  if (code === 'DOC_DELETED') return 'docDeleted';
  if (code === 'UNAUTHORIZED') return 'badToken';
  if (code === 'INVALID_DOC_ID') return 'invalidDocId';
  if (code === 'READ_ONLY') return 'readOnly';
  return null;
}

function RefusedPage({ code, textKey }: { code: string; textKey: string }) {
  const kind = refusalPage(code);
  return kind ? <ErrorPage kind={kind} /> : <ErrorPage kind="failed" detailKey={textKey} />;
}

/** `/d/:docId`: resolves the link token and role, then shows the editor once the local copy is loaded. */
export function EditorPage({ docId, composition }: { docId: string; composition: PageComposition }) {
  const { t } = useTranslation();
  const validId = isValidDocId(docId);
  const token = useMemo(() => (validId ? tokenFromLocation(docId) : undefined), [docId, validId]);
  const [apiError, setApiError] = useState<ApiError | null>(null);
  const [serverRole, setServerRole] = useState<Role | null>(null);
  // Only a link that says it may edit or comment (or the server, for an admin token) gets a session that can
  // write; a commenter's writes are comment anchors only (the server refuses anything else).
  const claimed = token ? roleOfToken(token) : 'unknown';
  const sessionReadOnly = serverRole ? serverRole === 'viewer' : claimed !== 'editor' && claimed !== 'commenter';
  const [session, state] = useCollabSession(docId, token, sessionReadOnly);
  const [offlineApi, setOfflineApi] = useState(false);
  const [apiAttempt, setApiAttempt] = useState(0);
  const capabilityContext = useCapabilityContext();
  // Once a first visit could not connect, the page stays until the document arrives (Retry shows progress).
  const [cannotConnect, setCannotConnect] = useState(false);

  // The address bar shows this tab's link (a copied URL then works), unless the deployment hides it.
  const linkInAddressBar = capabilityContext.context.options.linkInAddressBar;
  useEffect(() => {
    if (!token || !capabilityContext.ready) return;
    if (linkInAddressBar) showTokenInAddressBar(token);
    else hideTokenFromAddressBar();
  }, [token, linkInAddressBar, capabilityContext.ready]);

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
  }, [docId, token, apiAttempt]);

  const { status } = state;
  // The first sign of trouble: fetch the error pages while the server may still answer.
  const troubled = status.kind !== 'connecting' && status.kind !== 'connected';
  useEffect(() => {
    if (!troubled) return;
    void preloadErrorPage();
    void preloadConnectionAlert();
  }, [troubled]);
  const empty = !session || session.doc.getXmlFragment(YDocKeys.content).length === 0;
  const firstVisitProblem =
    state.localReady && empty && !state.synced && (status.kind === 'blocked' || status.kind === 'offline');
  if (firstVisitProblem && !cannotConnect) setCannotConnect(true);
  if (state.synced && cannotConnect) setCannotConnect(false);

  if (!validId) return <ErrorPage kind="invalidDocId" />;
  if (!token) return <ErrorPage kind="noToken" />;
  if (apiError) return <RefusedPage code={apiError.code} textKey={`errors.${apiError.code}`} />;
  if (session && empty && !state.synced && status.kind === 'refused')
    return <RefusedPage code={status.closeCode} textKey={`connection.refused.${status.closeCode}`} />;
  if (session && cannotConnect) {
    const retrying = status.kind === 'connecting' || status.kind === 'reconnecting';
    const diagnosis =
      status.kind === 'offline' ? 'offline' : offlineApi || serverRole === null ? 'unreachable' : 'blocked';
    return (
      <ErrorPage kind="cannotConnect" detailKey={`connection.firstVisit.${diagnosis}`}>
        <button
          type="button"
          className="error-page-retry"
          aria-busy={retrying}
          disabled={retrying}
          onClick={() => {
            session.retry();
            if (offlineApi) {
              setOfflineApi(false);
              setApiAttempt((n) => n + 1);
            }
          }}
        >
          {t(retrying ? 'errorPage.retrying' : 'errorPage.retry')}
        </button>
      </ErrorPage>
    );
  }
  const tokenRole = roleOfToken(token);
  // The server's answer wins; the token's own claim lets the page open offline.
  const role: Role | null = serverRole ?? (tokenRole === 'unknown' ? null : tokenRole);
  // The server's copy is enough to show: this browser's stored copy merges in when it has loaded.
  const contentReady = state.localReady || state.synced;
  if (!session || !contentReady || !capabilityContext.ready || (role === null && !offlineApi))
    return <Message text={t('app.loading')} />;
  // Unknown role and no server to ask: show the local copy, but change nothing.
  const readOnly = role !== 'editor' && role !== 'admin';
  const canComment = role !== null && role !== 'viewer';
  // A viewer's editor must not bind to an empty fragment: normalising it would be a change it may not send.
  if (empty && !state.synced && readOnly) return <Message text={t('app.loading')} />;
  return (
    <EditorErrorBoundary>
      <EditorShell
        // One shell (and one editor) per session and role.
        key={`${sessionKey(session)}:${readOnly}:${canComment}`}
        session={session}
        state={state}
        readOnly={readOnly}
        canComment={canComment}
        token={token}
        context={capabilityContext.context}
        composition={composition}
      />
    </EditorErrorBoundary>
  );
}
