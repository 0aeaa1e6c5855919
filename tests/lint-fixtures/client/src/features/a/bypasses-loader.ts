// The loader's internals and string registration by hand: refused (lines 2, 3; the lazy import on 4).
export { retryableImport } from '../../editor/core/lazy/chunk';
export { registerEnglish } from '../../i18n/register-english';
export const radix = () => import('../../editor/core/lazy/lazy-radix');
