import { useEffect, useMemo, useRef, useState } from 'react';
import type { Editor } from '@tiptap/core';
import { DOMSerializer } from '@tiptap/pm/model';
import type { VersionDetail, VersionListItem } from '@shared/api/versions';
import { useTranslation } from '../../i18n/use-translation';
import { errorCode, type DetailLoader } from './use-versions';
import { formatTime } from './version-format';
import { versionNode } from './version-node';

type Loaded = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready'; detail: VersionDetail };

/** A version's content, fetched once (see useVersionDetails). */
export function useDetail(load: DetailLoader, versionId: string): Loaded {
  const { t } = useTranslation();
  // The answer for the version it belongs to: another version asked for shows "loading" until its own arrives.
  const [answer, setAnswer] = useState<{ id: string; state: Loaded } | null>(null);
  useEffect(() => {
    let live = true;
    load(versionId).then(
      (detail) => live && setAnswer({ id: versionId, state: { kind: 'ready', detail } }),
      (error: unknown) =>
        live && setAnswer({ id: versionId, state: { kind: 'failed', message: t(`errors.${errorCode(error)}`) } }),
    );
    return () => {
      live = false;
    };
  }, [load, versionId, t]);
  return answer?.id === versionId ? answer.state : { kind: 'loading' };
}

/** A version shown read-only: its content rendered by the model's schema (renderHTML, validated attributes). */
export function VersionPreview({ editor, item, load }: { editor: Editor; item: VersionListItem; load: DetailLoader }) {
  const { t, i18n } = useTranslation();
  const state = useDetail(load, item.id);
  const host = useRef<HTMLDivElement>(null);
  const detail = state.kind === 'ready' ? state.detail : null;
  const node = useMemo(() => (detail ? versionNode(editor.schema, detail.doc) : null), [editor, detail]);

  useEffect(() => {
    const target = host.current;
    if (!target || !node) return;
    const content = DOMSerializer.fromSchema(editor.schema).serializeFragment(node.content, { document });
    target.replaceChildren(content);
  }, [editor, node]);

  return (
    <section
      className="version-preview"
      aria-label={t('versionHistory.previewTitle', { time: formatTime(item.createdAt, i18n.language) })}
    >
      <h3>{t('versionHistory.previewTitle', { time: formatTime(item.createdAt, i18n.language) })}</h3>
      {state.kind === 'loading' && <p role="status">{t('app.loading')}</p>}
      {state.kind === 'failed' && <p role="alert">{state.message}</p>}
      {state.kind === 'ready' && !node && <p role="alert">{t('versionHistory.invalidVersion')}</p>}
      {state.kind === 'ready' && node && (
        <>
          {state.detail.title && (
            <p className="version-preview-title">{t('versionHistory.versionTitle', { title: state.detail.title })}</p>
          )}
          <div ref={host} className="prose version-preview-content" data-testid="version-preview" />
        </>
      )}
    </section>
  );
}
