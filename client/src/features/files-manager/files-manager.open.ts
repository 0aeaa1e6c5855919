import { createOpenState } from '../../editor/ui/open-state';

/** Open state of the "Insert Files" modal (toolbar button and quick-insert entry). */
export const filesManagerOpen = createOpenState();
