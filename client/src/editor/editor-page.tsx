import { useEffect, useMemo, useState } from 'react';
import { EditorContent, useEditor } from '@tiptap/react';
import type { Editor } from '@tiptap/core';
import { useTranslation } from 'react-i18next';
import type * as Y from 'yjs';
import type { WebsocketProvider } from 'y-websocket';
import type { AwarenessUser } from '@shared/collab/awareness-user';
import { api, ApiError } from '../lib/api-client';
import { loadIdentity, saveIdentity } from '../lib/identity';
import { rememberDocument, roleOfToken, tokenFor, updateRecentTitle } from '../lib/recent-documents';
import type { CollabSession, SessionState } from './collab-provider';
import { ConnectionIndicator } from './connection-indicator';
import { editorExtensions } from './create-editor';
import { NameField } from './name-field';
import { PresenceList } from './presence-list';
import { TitleField } from './title-field';
import { Toolbar } from './toolbar/toolbar';
import { useCollabSession } from './use-collab-session';

declare global {
  interface Window {
    /** Test and debugging hook: the open document's objects. */
    __tandem?: { ydoc: Y.Doc; provider: WebsocketProvider; editor: Editor };
  }
}

function tokenFromLocation(docId: string): string | undefined {
  const fromHash = new URLSearchParams(window.location.hash.slice(1)).get('token') ?? undefined;
  if (fromHash) {
    rememberDocument(docId, fromHash);
    return fromHash;
  }
  return tokenFor(docId);
}

export function EditorPage({ docId }: { docId: string }) {
  const { t } = useTranslation();
  const token = useMemo(() => tokenFromLocation(docId), [docId]);
  const [session, state] = useCollabSession(docId, token);
  const [apiError, setApiError] = useState<ApiError | null>(null);

  useEffect(() => {
    if (!token) return;
    api.getDocument(docId, token).then(
      (meta) => updateRecentTitle(docId, meta.title),
      (error: unknown) => {
        // Offline: keep working on the local copy; other refusals are final.
        if (error instanceof ApiError && error.code !== 'NETWORK') setApiError(error);
      },
    );
  }, [docId, token]);

  if (!token)
    return (
      <p className="page-message" role="alert">
        {t('editor.noToken')}
      </p>
    );
  if (apiError)
    return (
      <p className="page-message" role="alert">
        {t(`errors.${apiError.code}`)}
      </p>
    );
  if (!session || !state.localReady) return <p className="page-message">{t('app.loading')}</p>;
  return <EditorShell session={session} state={state} readOnly={roleOfToken(token) === 'viewer'} />;
}

function EditorShell({ session, state, readOnly }: { session: CollabSession; state: SessionState; readOnly: boolean }) {
  const { t } = useTranslation();
  const [user, setUser] = useState<AwarenessUser>(loadIdentity);
  const editor = useEditor(
    {
      extensions: editorExtensions(session, user),
      editable: !readOnly,
      editorProps: { attributes: { 'aria-label': t('editor.content'), class: 'prose' } },
    },
    [session],
  );

  useEffect(() => {
    if (!editor) return;
    window.__tandem = { ydoc: session.doc, provider: session.provider, editor };
  }, [editor, session]);

  const changeUser = (next: AwarenessUser): void => {
    saveIdentity(next);
    setUser(next);
    editor?.commands.updateUser(next);
  };

  const refused = state.status.kind === 'refused' || state.status.kind === 'blocked';
  return (
    <div className="editor-shell" data-readonly={readOnly}>
      <header className="editor-header">
        <TitleField
          doc={session.doc}
          readOnly={readOnly}
          onTitle={(title) => updateRecentTitle(session.docId, title)}
        />
        <div className="editor-meta">
          {readOnly && <span className="badge">{t('editor.viewOnly')}</span>}
          <PresenceList awareness={session.provider.awareness} />
          <NameField user={user} onChange={changeUser} />
          <ConnectionIndicator state={state} />
        </div>
      </header>
      {refused && (
        <p className="connection-alert" role="alert">
          {state.status.kind === 'refused'
            ? t(`connection.refused.${state.status.closeCode}`)
            : t('connection.blocked')}
        </p>
      )}
      {editor && !readOnly && <Toolbar editor={editor} />}
      <main className="editor-content">
        <EditorContent editor={editor} />
      </main>
    </div>
  );
}
