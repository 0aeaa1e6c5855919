import { describe, expect, it } from 'vitest';
import { ErrorCodes } from '@shared/errors';
import { CloseCode } from '@shared/collab/close-codes';
import { germanResource } from './german';
import { englishResource } from './setup';
import { englishErrorStrings } from '../lib/error-catalogue';
import { homeStrings } from '../home/home.strings';
import { errorPageStrings } from '../error-page.strings';
import { connectionProblemStrings } from '../document-page/connection-problems.strings';
import { shareDialogStrings } from '../document-page/share-dialog.strings';
import { codeEditorStrings } from '../editor/ui/code-editor.strings';
import { colorPickerStrings } from '../editor/ui/color-picker.strings';
import { versionHistoryPanelStrings } from '../features/version-history/version-history.strings';
import { filesManagerDialogStrings } from '../features/files-manager/files-manager.strings';
import { imageManagerDialogStrings } from '../features/image-manager/image-manager.strings';
import { exportActionStrings } from '../features/export/export.strings';
import { tableToolbarStrings } from '../features/table/table-context.strings';
import { helpDialogStrings } from '../features/help/help.strings';
import { iconPickerStrings } from '../features/icons/icons.strings';
import { findBarStrings } from '../features/find-replace/find-replace.strings';
import { formsPopupStrings } from '../features/forms/forms.strings';
import { spellMenuStrings } from '../features/spell-check/spell-check.strings';
import { imageAdvancedEditButtonStrings } from '../features/image-edit/image-advanced-edit-button.strings';
import { imageAdvancedEditStrings } from '../features/image-edit/image-advanced-edit.strings';
import { embedCardPartStrings } from '../features/embed-card/embed-card.strings';
import { commentsPanelStrings } from '../features/comments/comments.strings';
import { suggestionsPanelStrings } from '../features/suggestions/suggestions.strings';

/** Every English string: the first load's and those that lazy modules export as `strings`. */
function allEnglish(): Record<string, unknown> {
  const first = englishResource();
  return {
    ...first,
    errors: { ...(first.errors as Record<string, string>), ...englishErrorStrings },
    home: homeStrings,
    connection: { ...(first.connection as Record<string, unknown>), ...connectionProblemStrings },
    errorPage: { ...(first.errorPage as Record<string, unknown>), ...errorPageStrings },
    share: { ...(first.share as Record<string, string>), ...shareDialogStrings },
    codeEditor: codeEditorStrings,
    colorPicker: colorPickerStrings,
    versionHistory: { ...(first.versionHistory as Record<string, unknown>), ...versionHistoryPanelStrings },
    filesManager: { ...(first.filesManager as Record<string, unknown>), ...filesManagerDialogStrings },
    imageManager: { ...(first.imageManager as Record<string, unknown>), ...imageManagerDialogStrings },
    export: { ...(first.export as Record<string, unknown>), ...exportActionStrings },
    help: { ...(first.help as Record<string, unknown>), ...helpDialogStrings },
    icons: { ...(first.icons as Record<string, unknown>), ...iconPickerStrings },
    findReplace: { ...(first.findReplace as Record<string, unknown>), ...findBarStrings },
    table: { ...(first.table as Record<string, unknown>), ...tableToolbarStrings },
    forms: { ...(first.forms as Record<string, unknown>), ...formsPopupStrings },
    spellCheck: { ...(first.spellCheck as Record<string, unknown>), ...spellMenuStrings },
    imageAdvancedEdit: { ...imageAdvancedEditButtonStrings, ...imageAdvancedEditStrings },
    embedCard: { ...(first.embedCard as Record<string, unknown>), ...embedCardPartStrings },
    comments: { ...(first.comments as Record<string, unknown>), ...commentsPanelStrings },
    suggestions: { ...(first.suggestions as Record<string, unknown>), ...suggestionsPanelStrings },
  };
}

function flatten(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) =>
    flatten(v, prefix ? `${prefix}.${k}` : k),
  );
}

describe('locales', () => {
  it('German has exactly the English keys', () => {
    expect(flatten(germanResource()).sort()).toEqual(flatten(allEnglish()).sort());
  });

  it('translates every error code and every close code', () => {
    const keys = new Set(flatten(germanResource()));
    for (const code of ErrorCodes) expect(keys.has(`errors.${code}`), code).toBe(true);
    for (const name of Object.keys(CloseCode)) expect(keys.has(`connection.refused.${name}`), name).toBe(true);
  });

  it('has no empty German string', () => {
    const walk = (v: unknown): void => {
      if (typeof v === 'string') expect(v.trim().length).toBeGreaterThan(0);
      else if (v && typeof v === 'object') Object.values(v).forEach(walk);
    };
    walk(germanResource());
  });
});
