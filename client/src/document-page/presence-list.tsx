import { useEffect, useState } from 'react';
import { Eye } from 'lucide-react';
import { useTranslation } from '../i18n/use-translation';
import type { Awareness } from 'y-protocols/awareness';
import { isValidAwarenessState } from '@shared/collab/awareness-state';
import type { AwarenessUser } from '@shared/collab/awareness-user';
import { displayName, initialsOf } from '../lib/display-name';
import { Icon } from '../editor/ui/icon';
import { sameValue } from '../editor/core/use-editor-ui-state';

/** Avatars shown before the rest collapse into one "+N" circle (the header must not overflow). */
export const MAX_AVATARS = 5;

interface Person extends AwarenessUser {
  /** The person id, or the client id of a client without one. */
  key: string;
  self: boolean;
  /** How many tabs (clients) of this person are in the document. */
  tabs: number;
}

/** Everybody present, one entry per person: the tabs of one browser (same person id) are one avatar. */
export function readPeople(awareness: Pick<Awareness, 'getStates' | 'clientID'>): Person[] {
  const people = new Map<string, Person>();
  awareness.getStates().forEach((state, clientId) => {
    // The caret's check too: this list may subscribe before the editor installs its awareness guard.
    if (!isValidAwarenessState(state) || !state.user) return;
    const { name, color, viewer = false, person } = state.user;
    const key = person ?? `client:${clientId}`;
    const self = clientId === awareness.clientID;
    const known = people.get(key);
    if (!known) {
      people.set(key, { key, name, color, viewer, self, tabs: 1 });
      return;
    }
    known.tabs += 1;
    // An editor tab makes the person an editor; this tab's own name and colour are the ones shown.
    known.viewer &&= viewer;
    if (self) Object.assign(known, { name, color, self });
  });
  return [...people.values()].sort(
    (a, b) => Number(b.self) - Number(a.self) || Number(a.viewer) - Number(b.viewer) || a.name.localeCompare(b.name),
  );
}

/** Avatars of everybody in the document, from awareness; viewers carry an eye. */
export function PresenceList({ awareness }: { awareness: Awareness }) {
  const { t } = useTranslation();
  const [people, setPeople] = useState(() => readPeople(awareness));
  useEffect(() => {
    // Cursor moves change awareness on every keystroke; re-render only when the people changed.
    const onChange = (): void => {
      const next = readPeople(awareness);
      setPeople((prev) => (sameValue(prev, next) ? prev : next));
    };
    awareness.on('change', onChange);
    onChange();
    return () => awareness.off('change', onChange);
  }, [awareness]);
  const labelOf = (p: Person): string => {
    const shown = displayName(p.name, t);
    const named = p.self ? t('editor.you', { name: shown }) : shown;
    const role = p.viewer ? t('presence.viewer', { name: named }) : named;
    return p.tabs > 1 ? t('presence.tabs', { name: role, count: p.tabs }) : role;
  };
  // With one more than the limit the last avatar fits where "+1" would go.
  const visible = people.length > MAX_AVATARS + 1 ? people.slice(0, MAX_AVATARS) : people;
  const rest = people.slice(visible.length);
  const restLabel = rest.map(labelOf).join(', ');
  return (
    <ul className="presence" aria-label={t('editor.present')} data-count={people.length}>
      {visible.map((p) => {
        const label = labelOf(p);
        const initials = initialsOf(p.name);
        return (
          <li
            key={p.key}
            className="avatar"
            style={{ background: p.color }}
            title={label}
            aria-label={label}
            data-viewer={p.viewer || undefined}
            data-color={p.color}
          >
            <span aria-hidden="true" className={initials.length > 2 ? 'avatar-text avatar-text-long' : 'avatar-text'}>
              {initials}
            </span>
            {p.viewer && <Icon of={Eye} className="avatar-viewer" />}
            {p.tabs > 1 && (
              <span aria-hidden="true" className="avatar-tabs">
                {p.tabs}
              </span>
            )}
          </li>
        );
      })}
      {rest.length > 0 && (
        <li
          className="avatar avatar-more"
          title={restLabel}
          aria-label={t('presence.more', { count: rest.length, names: restLabel })}
        >
          <span aria-hidden="true" className="avatar-text">
            +{rest.length}
          </span>
        </li>
      )}
    </ul>
  );
}
