import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AwarenessUser } from '@shared/collab/awareness-user';
import { MAX_NAME_CHARS } from '../lib/identity';

/** The author's display name, shown on their caret and avatar for everybody. */
export function NameField({ user, onChange }: { user: AwarenessUser; onChange: (u: AwarenessUser) => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(user.name);
  const commit = (): void => {
    const trimmed = name.trim().slice(0, MAX_NAME_CHARS);
    if (trimmed && trimmed !== user.name) onChange({ ...user, name: trimmed });
    else setName(user.name);
  };
  return (
    <label className="name-field">
      <span className="visually-hidden">{t('editor.yourName')}</span>
      <span className="name-swatch" style={{ background: user.color }} aria-hidden="true" />
      <input
        aria-label={t('editor.yourName')}
        value={name}
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
