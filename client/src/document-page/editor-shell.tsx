import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../i18n/use-translation';
import type { AwarenessUser } from '@shared/collab/awareness-user';
import type { Editor } from '@tiptap/core';
import { EMOJI, loadEmojiFontFaces } from '../lib/emoji-font';
import { loadIdentity, saveIdentity } from '../lib/identity';
import { updateRecentTitle } from '../lib/recent-documents';
import type { Capability, CapabilityContext } from '../editor/core/capability';
import type { CollabSession, SessionState } from '../editor/collab/collab-provider';
import { ConnectionIndicator } from './connection-indicator';
import { Lazy, partComponent } from '../editor/core/lazy';
import { connectionAlert } from './connection-alert-part';
import { contentCheckOptions } from '../editor/core/content-check';
import { editorExtensions } from '../editor/core/create-editor';
import { NameField } from './name-field';
import { PresenceList } from './presence-list';
import { ShareDialog } from './share-dialog';
import { TitleField } from './title-field';
import { usePresenceColor } from '../editor/collab/use-presence-color';
import { useSurface } from '../editor/core/editor-surface';
import { useSessionEditor } from '../editor/core/use-session-editor';
import { EditorMount } from '../editor/core/editor-mount';
import { SelectionToolbar } from '../editor/core/toolbar/selection-toolbar';
import { ContextToolbars } from '../editor/core/toolbar/context-toolbar';
import { Toolbar } from '../editor/core/toolbar/toolbar';

/**
 * What the page takes from the composition root (client/src/capabilities.ts), handed down so that the page
 * imports no feature.
 */
export interface PageComposition {
  capabilities: readonly Capability[];
  /** The HTML export (the refusal alert's download, window.__tandem.exportHtml); its code loads on the first call. */
  htmlExport: {
    load: () => Promise<unknown>;
    exportHtml: (editor: Editor, context: CapabilityContext) => Promise<string>;
    download: (editor: Editor, context: CapabilityContext, untitled: string, lang: string) => Promise<void>;
  };
}

interface Props {
  session: CollabSession;
  state: SessionState;
  /** The text cannot be changed here (viewers, commenters, a link whose role is not known yet). */
  readOnly: boolean;
  /** Comments can be written (editors and commenters). */
  canComment: boolean;
  token: string;
  context: CapabilityContext;
  composition: PageComposition;
}

/** The name and colour this author shows in presence (the stored identity until awareness has them). */
function presenceAuthor(
  local: Record<string, unknown> | null,
  identity: AwarenessUser,
): { name: string; color: string } {
  const user: unknown = local?.user;
  if (typeof user === 'object' && user !== null && 'name' in user && 'color' in user) {
    const { name, color } = user;
    if (typeof name === 'string' && typeof color === 'string') return { name, color };
  }
  return { name: identity.name, color: identity.color };
}

/** Title, presence, identity, connection state, toolbar and content of one open document. */
export function EditorShell({ session, state, readOnly, canComment, token, context: baseContext, composition }: Props) {
  const { capabilities, htmlExport } = composition;
  const { statusBars, overlays, panes } = useMemo(
    () => ({
      statusBars: capabilities.flatMap((c) =>
        c.StatusBar ? [{ name: c.name, Component: partComponent(c.StatusBar) }] : [],
      ),
      overlays: capabilities.flatMap((c) =>
        c.Overlay
          ? [{ name: c.name, Component: partComponent(c.Overlay), forViewers: c.overlayForViewers === true }]
          : [],
      ),
      panes: new Map(
        capabilities
          .flatMap((c) => c.panes ?? [])
          .map((pane) => [pane.id, { ...pane, Component: partComponent(pane.Component) }]),
      ),
    }),
    [capabilities],
  );
  const { t, i18n } = useTranslation();
  const [user, setUser] = useState<AwarenessUser>(loadIdentity);
  // What the others see: the shown colour (moved on a clash) and, for viewers, the viewer mark.
  const color = usePresenceColor(session.provider.awareness, user.color);
  const presenceUser = useMemo<AwarenessUser>(
    () => ({
      name: user.name,
      color,
      ...(user.person ? { person: user.person } : {}),
      ...(readOnly && !canComment ? { viewer: true } : {}),
    }),
    [user.name, user.person, color, readOnly, canComment],
  );
  const context = useMemo<CapabilityContext>(
    () => ({
      ...baseContext,
      // The saved identity is the current one (changeUser saves before it sets state).
      session: {
        docId: session.docId,
        token,
        authorName: () => loadIdentity().name,
        author: () => presenceAuthor(session.provider.awareness.getLocalState(), loadIdentity()),
        canComment,
        onMessage: (type, listener) => session.onMessage(type, listener),
        onSynced: (listener) => {
          let synced = session.getState().synced;
          if (synced) listener();
          return session.subscribe(() => {
            const now = session.getState().synced;
            if (now && !synced) listener();
            synced = now;
          });
        },
      },
    }),
    [baseContext, session, token, canComment],
  );
  // Test hook (window.__tandem.crashEditor): this subtree throws on its next render, for the error boundary.
  const [crashRequested, setCrashRequested] = useState(false);
  const editor = useSessionEditor(() => ({
    extensions: editorExtensions(session, presenceUser, readOnly, context, capabilities),
    editable: !readOnly,
    ...contentCheckOptions(readOnly),
    // A named multi-line text box: axe (and screen readers) refuse a name on an element without a role.
    editorProps: {
      attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-label': t('editor.content'), class: 'prose' },
    },
  }));

  // After a final refusal nothing typed could ever reach the others, so stop accepting input.
  const locked = readOnly || state.status.kind === 'refused';
  useEffect(() => {
    editor.setEditable(!locked);
    window.__tandem = {
      ydoc: session.doc,
      provider: session.provider,
      editor,
      exportHtml: () => htmlExport.exportHtml(editor, context),
      crashEditor: () => setCrashRequested(true),
    };
    return () => {
      if (window.__tandem?.editor === editor) delete window.__tandem;
    };
  }, [editor, session, locked, context, htmlExport]);

  useEffect(() => {
    editor.commands.updateUser(presenceUser);
  }, [editor, presenceUser]);

  // The refusal alert offers a download of the local copy: fetch its code while the server still answers.
  const refused = state.status.kind === 'refused';
  useEffect(() => {
    if (refused) htmlExport.load().catch(() => undefined);
  }, [refused, htmlExport]);

  const surface = useSurface(editor);
  const Replacing = surface.replacedBy ? panes.get(surface.replacedBy)?.Component : undefined;
  const beside = surface.beside.flatMap((id) => {
    const pane = panes.get(id);
    return pane ? [pane] : [];
  });

  if (crashRequested) throw new Error('editor crash requested through window.__tandem.crashEditor');

  const changeUser = (next: AwarenessUser): void => {
    // The name field changes name and colour; the person id stays this browser's.
    const changed = { ...next, ...(user.person ? { person: user.person } : {}) };
    saveIdentity(changed);
    setUser(changed);
  };

  const { status } = state;
  return (
    <div className="editor-shell" data-readonly={readOnly}>
      <header className="editor-header">
        <TitleField
          doc={session.doc}
          readOnly={readOnly}
          inPopup={context.options.editInPopup}
          onTitle={(title) => {
            updateRecentTitle(session.docId, title);
            if (EMOJI.test(title)) void loadEmojiFontFaces();
            document.title = `${title || t('editor.titlePlaceholder')} – ${t('app.name')}`;
          }}
        />
        <div className="editor-meta">
          {readOnly && <span className="badge">{t(canComment ? 'editor.canComment' : 'editor.viewOnly')}</span>}
          <PresenceList awareness={session.provider.awareness} />
          <NameField user={user} color={color} onChange={changeUser} />
          <ShareDialog docId={session.docId} token={token} />
          <ConnectionIndicator state={state} />
        </div>
      </header>
      {(status.kind === 'refused' || status.kind === 'blocked') && (
        <Lazy
          part={connectionAlert}
          problem={status}
          onDownload={() =>
            void htmlExport
              .download(editor, context, t('editor.titlePlaceholder'), i18n.language)
              .catch((error: unknown) => console.error('[tandem] the HTML download could not be loaded', error))
          }
        />
      )}
      {!readOnly && <Toolbar editor={editor} context={context} />}
      <main className="editor-content" data-replaced={Replacing ? 'true' : undefined}>
        <div className="editor-panes" data-beside={beside.length > 0 ? 'true' : undefined}>
          {/* Kept mounted while a pane replaces it: the binding, carets and undo history stay alive. */}
          <div className="editor-rich" hidden={Replacing !== undefined}>
            <EditorMount editor={editor} />
          </div>
          {Replacing && <Replacing editor={editor} context={context} />}
          {!Replacing && beside.map(({ id, Component }) => <Component key={id} editor={editor} context={context} />)}
        </div>
        {!readOnly && !Replacing && <SelectionToolbar editor={editor} />}
        {!readOnly && !Replacing && <ContextToolbars editor={editor} context={context} />}
        {overlays.map(({ name, Component, forViewers }) =>
          !readOnly || forViewers ? <Component key={name} editor={editor} context={context} /> : null,
        )}
      </main>
      {statusBars.length > 0 && (
        <footer className="editor-status" aria-label={t('editor.status')}>
          {statusBars.map(({ name, Component }) => (
            <Component key={name} editor={editor} context={context} />
          ))}
        </footer>
      )}
    </div>
  );
}
