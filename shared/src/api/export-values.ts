import type { ExportSuggestions } from './export';

/** The export API's plain values, without schemas: the client imports these without the schema library. */

/** The treatment of suggestions when `suggestions` is absent. */
export const defaultExportSuggestions: ExportSuggestions = 'accepted';
