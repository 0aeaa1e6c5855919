// nspell ships no types; this is the part of its API we use.
declare module 'nspell' {
  interface NSpell {
    correct(word: string): boolean;
    suggest(word: string): string[];
    add(word: string): NSpell;
  }
  export default function nspell(aff: string | Uint8Array, dic?: string | Uint8Array): NSpell;
}
