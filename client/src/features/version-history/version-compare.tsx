import { Fragment, useMemo, useState } from 'react';
import type { Editor } from '@tiptap/core';
import type { Node as PmNode } from '@tiptap/pm/model';
import type { VersionListItem } from '@shared/api/versions';
import { diffDocuments, type BlockDiff, type DiffSegment, type VersionDiff } from '@shared/document/model/version-diff';
import { withoutUploadPlaceholders } from '@shared/document/html/html-export';
import { useTranslation } from '../../i18n/use-translation';
import { useDetail } from './version-preview';
import type { DetailLoader } from './use-versions';
import { blockLabel, describeChange, formatCount, formatTime, placeLabel } from './version-format';
import { versionNode } from './version-node';

export const CURRENT = 'current';

function Segments({ segments }: { segments: readonly DiffSegment[] }) {
  const { t } = useTranslation();
  return (
    <>
      {segments.map((s, i) => {
        const text = s.atom ? `[${t(`versionHistory.atom.${s.atom}`)}${s.text ? `: ${s.text}` : ''}]` : s.text;
        if (s.op === 'ins')
          return (
            <ins key={i} title={t('versionHistory.inserted')}>
              {text}
            </ins>
          );
        if (s.op === 'del')
          return (
            <del key={i} title={t('versionHistory.deleted')}>
              {text}
            </del>
          );
        return <Fragment key={i}>{text}</Fragment>;
      })}
    </>
  );
}

function Block({ block }: { block: Exclude<BlockDiff, { kind: 'same' }> }) {
  const { t } = useTranslation();
  const place = placeLabel(block.block, t);
  const kind = block.kind === 'added' ? 'addedBlock' : block.kind === 'removed' ? 'removedBlock' : 'changedBlock';
  return (
    <li className={`version-diff-block is-${block.kind}`}>
      <p className="version-diff-label">
        {t(`versionHistory.${kind}`)} · {blockLabel(block.block.type, t)}
        {place && ` · ${place}`}
      </p>
      <p className="version-diff-text">
        <Segments segments={block.segments} />
      </p>
      {block.kind === 'changed' && block.attrs.length > 0 && (
        <ul className="version-diff-attrs">
          {block.attrs.map((change, i) => (
            <li key={i}>{describeChange(change, t)}</li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** The comparison as blocks: changed ones with inline insertions and deletions, unchanged runs collapsed. */
export function DiffView({ diff }: { diff: VersionDiff }) {
  const { t, i18n } = useTranslation();
  if (diff.blocks.every((b) => b.kind === 'same')) return <p role="status">{t('versionHistory.identical')}</p>;
  return (
    <>
      <p className="version-diff-summary" role="status">
        {t('versionHistory.compareSummary', {
          inserted: formatCount(diff.inserted, i18n.language),
          deleted: formatCount(diff.deleted, i18n.language),
        })}
      </p>
      {diff.coarse && <p className="version-diff-note">{t('versionHistory.coarse')}</p>}
      <ol className="version-diff" data-testid="version-diff">
        {diff.blocks.map((block, i) =>
          block.kind === 'same' ? (
            <li key={i} className="version-diff-same">
              {t('versionHistory.unchanged', { count: block.count })}
            </li>
          ) : (
            <Block key={i} block={block} />
          ),
        )}
      </ol>
    </>
  );
}

/** The current document as the comparison reads it (uploads under way are not content yet). */
function currentDoc(editor: Editor): PmNode {
  const { doc } = editor.state;
  const content = withoutUploadPlaceholders(doc);
  return content === doc.content ? doc : doc.copy(content);
}

interface Props {
  editor: Editor;
  item: VersionListItem;
  versions: readonly VersionListItem[];
  load: DetailLoader;
}

/** Compares a version with the current document or with another version (older → newer). */
export function VersionCompare({ editor, item, versions, load }: Props) {
  const { t, i18n } = useTranslation();
  const [against, setAgainst] = useState<string>(CURRENT);
  const other = versions.find((v) => v.id === against) ?? null;
  const left = useDetail(load, item.id);
  const right = useDetail(load, other?.id ?? item.id);
  // The current document as it was when the comparison was asked for.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- read again when another comparison is asked for
  const current = useMemo(() => currentDoc(editor), [editor, against, item.id]);

  const result = useMemo((): VersionDiff | 'invalid' | null => {
    if (left.kind !== 'ready') return null;
    const a = versionNode(editor.schema, left.detail.doc);
    if (!a) return 'invalid';
    if (!other) return diffDocuments(a, current);
    if (right.kind !== 'ready') return null;
    const b = versionNode(editor.schema, right.detail.doc);
    if (!b) return 'invalid';
    return other.createdAt >= item.createdAt ? diffDocuments(a, b) : diffDocuments(b, a);
  }, [editor, left, right, other, item.createdAt, current]);

  const failed = left.kind === 'failed' ? left.message : other && right.kind === 'failed' ? right.message : null;
  const time = (v: VersionListItem): string => formatTime(v.createdAt, i18n.language);
  return (
    <section className="version-compare" aria-label={t('versionHistory.compareTitle')}>
      <h3>{t('versionHistory.compareTitle')}</h3>
      <p className="version-compare-pick">
        <label>
          {t('versionHistory.compareWith')}{' '}
          <select value={against} onChange={(e) => setAgainst(e.target.value)}>
            <option value={CURRENT}>{t('versionHistory.currentDocument')}</option>
            {versions
              .filter((v) => v.id !== item.id)
              .map((v) => (
                <option key={v.id} value={v.id}>
                  {v.name ? `${v.name} – ${time(v)}` : t('versionHistory.versionOf', { time: time(v) })}
                </option>
              ))}
          </select>
        </label>
      </p>
      {failed && <p role="alert">{failed}</p>}
      {!failed && result === null && <p role="status">{t('app.loading')}</p>}
      {result === 'invalid' && <p role="alert">{t('versionHistory.invalidVersion')}</p>}
      {result !== null && result !== 'invalid' && <DiffView diff={result} />}
    </section>
  );
}
