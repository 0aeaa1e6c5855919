import { useId } from 'react';
import { useTranslation } from '../i18n/use-translation';

/**
 * Another "My documents" link was opened in a browser that already shows a list: switch to it, or keep the
 * current one. Nothing changes until the user picks (the current list stays on the server either way).
 */
export function ListSwitchPanel({ onSwitch, onKeep }: { onSwitch: () => void; onKeep: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section className="list-switch" role="alertdialog" aria-labelledby={`${id}-title`} aria-describedby={`${id}-help`}>
      <h2 id={`${id}-title`} className="list-link-title">
        {t('home.switch.title')}
      </h2>
      <p id={`${id}-help`} className="list-link-help">
        {t('home.switch.help')}
      </p>
      <div className="list-switch-actions">
        {/* The choice is the next step: it gets the focus. */}
        <button type="button" className="list-link-keep" autoFocus onClick={onSwitch}>
          {t('home.switch.switch')}
        </button>
        <button type="button" className="list-switch-keep" onClick={onKeep}>
          {t('home.switch.keep')}
        </button>
      </div>
    </section>
  );
}
