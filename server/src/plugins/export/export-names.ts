// The export's fixed names, apart from service.ts: the route (registered at start) names binary downloads
// without loading the text renderers, which load at the first text export (issue 29).

/** The `<title>` of an untitled document, as the editor in English writes it (the server has no locale). */
export const UNTITLED = 'Untitled';
/** The download name of an untitled document. */
export const FALLBACK_FILE_NAME = 'document';
/** `lang` of the exported HTML document (the editor writes its interface language). */
export const EXPORT_LANG = 'en';
