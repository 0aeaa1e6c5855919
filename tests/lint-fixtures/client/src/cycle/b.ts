import { a } from './a';

export const b = (): string => (a.length > 0 ? 'b' : '');
