import { useEffect, useId, useRef, useState } from 'react';
import { Dialog } from '../editor/core/lazy';
import { Check, Copy, Eye, MessageSquare, PencilLine, X } from 'lucide-react';
import { useTranslation } from '../i18n/use-translation';
import { capabilityLink } from '@shared/api/links';
import type { ShareLinksResponse } from '@shared/api/documents';
import { api, ApiError } from '../lib/api-client';
import { loadRecent, roleOfToken } from '../lib/recent-documents';
import { useCopyLink } from '../lib/use-copy-link';
import { Icon } from '../editor/ui/icon';
import './share-dialog.css';
import { shareDialogStrings } from './share-dialog.strings';

/** English strings of this chunk (editor/core/lazy adds them when it arrives). */
export const strings = { share: shareDialogStrings };

type LinkKind = 'editor' | 'commenter' | 'viewer';

/** What this browser knows without the server: its own link and a viewer link it was given. */
function localLinks(docId: string, token: string): ShareLinksResponse | null {
  const origin = window.location.origin;
  const role = roleOfToken(token);
  if (role === 'viewer') return { viewerUrl: capabilityLink(origin, docId, token) };
  const viewerToken = loadRecent().find((d) => d.id === docId)?.viewerToken;
  if (!viewerToken) return null;
  return { viewerUrl: capabilityLink(origin, docId, viewerToken), editorUrl: capabilityLink(origin, docId, token) };
}

/** The server's links for this token, asked when the dialog opens (it knows the viewer link). */
function useShareLinks(docId: string, token: string, open: boolean) {
  const [links, setLinks] = useState<ShareLinksResponse | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!open) return undefined;
    let current = true;
    api.shareLinks(docId, token).then(
      (answer) => {
        if (!current) return;
        setLinks(answer);
        setFailed(false);
      },
      (error: unknown) => {
        if (!current) return;
        // Offline: what this browser knows is still right, the server only adds the viewer link.
        const known = localLinks(docId, token);
        if (known) setLinks(known);
        else setFailed(error instanceof ApiError);
      },
    );
    return () => {
      current = false;
    };
  }, [docId, token, open]);
  return { links, failed };
}

const ROLE_ICON = { editor: PencilLine, commenter: MessageSquare, viewer: Eye } as const;

function LinkRow({ kind, url }: { kind: LinkKind; url: string }) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const { state, copy } = useCopyLink(url, input);
  // The field shows the link's end, where the two links differ, rather than the common start.
  useEffect(() => {
    const field = input.current;
    if (field) field.scrollLeft = field.scrollWidth;
  }, [url]);
  return (
    <section className="share-link" data-kind={kind} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="share-link-title">
        {t(`share.${kind}.title`)}
      </h3>
      <p id={`${id}-help`} className="share-link-help">
        {t(`share.${kind}.help`)}
      </p>
      <div className="share-link-row">
        {/* The role first: the two URLs differ only in their last characters. */}
        <span className="share-link-role" data-kind={kind}>
          <Icon of={ROLE_ICON[kind]} />
          {t(`share.${kind}.role`)}
        </span>
        <input
          ref={input}
          className="share-link-url"
          readOnly
          value={url}
          aria-label={t(`share.${kind}.title`)}
          aria-describedby={`${id}-help`}
          onFocus={(e) => e.currentTarget.select()}
        />
        <button type="button" className="share-copy" onClick={copy} aria-label={t(`share.${kind}.copy`)}>
          <Icon of={state === 'copied' ? Check : Copy} />
          <span>{t(state === 'copied' ? 'share.copied' : 'share.copy')}</span>
        </button>
      </div>
      <p className="share-link-status" role="status">
        {state === 'copied' ? t('share.copiedLink') : state === 'manual' ? t('share.copyManually') : ''}
      </p>
    </section>
  );
}

/**
 * The share dialog's content (its own chunk, see share-dialog.tsx): the editor link (editors only), the
 * commenter link (editors and commenters) and the viewer link. It stays mounted once loaded, so a second open shows the links it already has.
 */
export function ShareDialogContent({ docId, token, open }: { docId: string; token: string; open: boolean }) {
  const { t } = useTranslation();
  const { links, failed } = useShareLinks(docId, token, open);
  return (
    <Dialog.Portal>
      <Dialog.Overlay className="share-overlay" />
      <Dialog.Content className="share-dialog">
        <div className="share-header">
          <Dialog.Title className="share-title">{t('share.title')}</Dialog.Title>
          <Dialog.Close className="share-close" aria-label={t('share.close')}>
            <Icon of={X} />
          </Dialog.Close>
        </div>
        <Dialog.Description className="share-intro">{t('share.intro')}</Dialog.Description>
        {links ? (
          <>
            {links.editorUrl && <LinkRow kind="editor" url={links.editorUrl} />}
            {links.commenterUrl && <LinkRow kind="commenter" url={links.commenterUrl} />}
            <LinkRow kind="viewer" url={links.viewerUrl} />
          </>
        ) : (
          <p className="share-link-status" role={failed ? 'alert' : 'status'}>
            {t(failed ? 'share.unavailable' : 'app.loading')}
          </p>
        )}
      </Dialog.Content>
    </Dialog.Portal>
  );
}
