import { useState } from 'react';
import { useTranslation } from '../i18n/use-translation';
import type { AwarenessUser } from '@shared/collab/awareness-user';
import { displayName } from '../lib/display-name';
import { MAX_NAME_CHARS } from '../lib/identity';

/** The author's display name, shown on their caret and avatar for everybody. */
export function NameField({
  user,
  color,
  onChange,
}: {
  user: AwarenessUser;
  /** The colour shown to the others (the stored one may have moved on a clash). */
  color: string;
  onChange: (u: AwarenessUser) => void;
}) {
  const { t } = useTranslation();
  // A default name shows in this UI's language and is kept as it is unless the author types another.
  const shown = displayName(user.name, t);
  const [name, setName] = useState<string | null>(null);
  const commit = (): void => {
    const trimmed = (name ?? shown).trim().slice(0, MAX_NAME_CHARS);
    setName(null);
    if (trimmed && trimmed !== shown && trimmed !== user.name) onChange({ ...user, name: trimmed });
  };
  return (
    <label className="name-field">
      <span className="visually-hidden">{t('editor.yourName')}</span>
      <span className="name-swatch" style={{ background: color }} aria-hidden="true" />
      <input
        aria-label={t('editor.yourName')}
        value={name ?? shown}
        maxLength={MAX_NAME_CHARS}
        onChange={(e) => setName(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') (e.target as HTMLInputElement).blur();
        }}
      />
    </label>
  );
}
