// Inside the loader its own files and the string registration are allowed.
export { registerEnglish } from '../../../i18n/register-english';
export { whenIdle } from './idle';
