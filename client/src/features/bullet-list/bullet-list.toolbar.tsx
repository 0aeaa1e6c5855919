import { List } from 'lucide-react';
import { Icon } from '../../editor/ui/icon';
import type { ReactNode } from 'react';
import { useEditorUiState } from '../../editor/core/use-editor-ui-state';
import { useTranslation } from '../../i18n/use-translation';
import type { ToolbarControlProps } from '../../editor/core/capability';
import { ToolbarMenu } from '../../editor/ui/toolbar-menu';
import { currentListStyle, isInList, listStyleTypes, setListStyle, type ListName } from './list-style';

interface Props extends ToolbarControlProps {
  listName: ListName;
  types: readonly string[];
  display: ReactNode;
  footer?: ReactNode;
}

/** `lower-roman` → `lowerRoman` (the i18n key of a list type). */
const typeKey = (type: string): string => type.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());

/** The advanced list types of one list kind: Default plus the CSS `list-style-type`s (radio menu). */
export function ListTypeMenu({ editor, trigger, listName, types, display, footer }: Props) {
  const { t } = useTranslation();
  const state = useEditorUiState({
    editor,
    selector: ({ editor: e }) => ({ inList: isInList(e.state, listName), style: currentListStyle(e.state, listName) }),
  });
  const entries = [null, ...types].map((type) => ({
    id: type ?? 'default',
    label: t(`${listName}.types.${typeKey(type ?? 'default')}`),
    checked: state.inList && state.style === type,
    onSelect: () => {
      setListStyle(editor, listName, type);
    },
  }));
  return (
    <ToolbarMenu
      trigger={trigger}
      display={display}
      kind="radio"
      entries={entries}
      active={state.inList}
      footer={footer}
    />
  );
}

/** The "Unordered List Type" dropdown. */
export function BulletListTypeControl(props: ToolbarControlProps) {
  return (
    <ListTypeMenu {...props} listName="bulletList" types={listStyleTypes.bulletList} display={<Icon of={List} />} />
  );
}
