import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Awareness } from 'y-protocols/awareness';
import { isValidAwarenessState } from '@shared/collab/awareness-state';
import type { AwarenessUser } from '@shared/collab/awareness-user';
import { sameValue } from './use-editor-ui-state';

interface Person extends AwarenessUser {
  clientId: number;
  self: boolean;
}

function readPeople(awareness: Awareness): Person[] {
  const people: Person[] = [];
  awareness.getStates().forEach((state, clientId) => {
    // The caret's check too: this list may subscribe before the editor installs its awareness guard.
    if (!isValidAwarenessState(state) || !state.user) return;
    const { name, color } = state.user;
    people.push({ clientId, name, color, self: clientId === awareness.clientID });
  });
  return people.sort((a, b) => Number(b.self) - Number(a.self) || a.name.localeCompare(b.name));
}

const initials = (name: string): string =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('') || '?';

/** Avatars of everybody in the document, from awareness. */
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
  return (
    <ul className="presence" aria-label={t('editor.present')}>
      {people.map((p) => {
        const name = p.self ? t('editor.you', { name: p.name }) : p.name;
        return (
          <li key={p.clientId} className="avatar" style={{ background: p.color }} title={name} aria-label={name}>
            <span aria-hidden="true">{initials(p.name)}</span>
          </li>
        );
      })}
    </ul>
  );
}
