import { ListChecks, FilePenLine } from 'lucide-react';
import type { ToolbarControlProps } from '../../editor/core/capability';
import { Icon } from '../../editor/ui/icon';
import { PanelToggleButton } from '../../editor/ui/panel-toggle-button';
import { useTranslation } from '../../i18n/use-translation';
import { useStore } from '../../lib/store';
import { suggestionsOf, toggleSuggesting } from './suggestions-extension';

/**
 * The mode switch (Google Docs' Editing/Suggesting): pressed while this author suggests, with the word
 * "Suggesting" beside the icon then, so the mode is seen at a glance (hidden in the overflow menu's list).
 */
export function SuggestingModeControl({ editor, trigger, inOverflow }: ToolbarControlProps) {
  const { t } = useTranslation();
  const on = useStore(suggestionsOf(editor).suggesting);
  const title = `${trigger.title} – ${t(on ? 'suggestions.modeOn' : 'suggestions.modeOff')}`;
  return (
    <button
      {...trigger}
      type="button"
      title={title}
      aria-pressed={on}
      className={`${trigger.className} suggesting-toggle`}
      data-on={on || undefined}
      onMouseDown={(e) => e.preventDefault()}
      onClick={() => toggleSuggesting(editor)}
    >
      <Icon of={FilePenLine} />
      {on && !inOverflow && <span className="suggesting-toggle-text">{t('suggestions.mode')}</span>}
    </button>
  );
}

/** The "Suggestions" toggle: opens the side panel (its code loads on first open) or closes it. */
export function SuggestionsPanelButton({ editor, trigger }: ToolbarControlProps) {
  const state = suggestionsOf(editor);
  const open = useStore(state.panelOpen);
  return (
    <PanelToggleButton
      trigger={trigger}
      icon={ListChecks}
      open={open}
      onToggle={() => (open ? state.panel.close(editor) : state.setPanel(true))}
    />
  );
}
