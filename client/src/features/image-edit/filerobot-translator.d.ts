// The image editor library's translation table (a module of its own, not in its typings). Its editor
// applies `translations` only after the first render, so tool labels would stay English; the dialog
// sets the table before rendering.
declare module 'react-filerobot-image-editor/lib/utils/translator' {
  export function updateTranslations(translations?: Record<string, string>, language?: string): Record<string, string>;
}
