import type { EditorUiProps } from '../../editor/core/capability';
import { TableOverlay } from './table-editing';
import { needTableEditing } from './table-loader';

/**
 * The table overlay as index.ts declares it, fetched with table editing. It hands table.overlay the loader,
 * which table.overlay cannot import: table-loader's lazy import of table editing would close a cycle.
 */
export default function TableOverlayPart(props: EditorUiProps) {
  return <TableOverlay {...props} needTableEditing={needTableEditing} />;
}
