/** Where a `.dic` entry's flags start: the first `/` not escaped as `\/`. */
function flagStart(line: string): number {
  for (let i = 0; i < line.length; i++) {
    if (line[i] === '\\') i++;
    else if (line[i] === '/') return i;
  }
  return -1;
}

const flagOf = (aff: string, name: string): string | null =>
  new RegExp(`^${name}\\s+(\\S+)`, 'm').exec(aff)?.[1] ?? null;

/**
 * nspell merges the flags of a word listed twice, so German's `gut/AU` + `gut/STozm` (the second only for
 * compounds) makes the plain word wrong, and with it about 1,500 verbs and adjectives (ändern, abbau).
 * Where a word also has an entry of its own (neither compound-only nor needing an affix), the
 * compound-only flag is dropped from its other entries. Only one-character flags are handled; other
 * dictionaries come back unchanged.
 */
export function keepStandaloneHomonyms(aff: string, dic: string): string {
  const onlyInCompound = flagOf(aff, 'ONLYINCOMPOUND');
  const format = flagOf(aff, 'FLAG');
  if (!onlyInCompound || (format !== null && format !== 'UTF-8') || [...onlyInCompound].length !== 1) return dic;
  const needAffix = flagOf(aff, 'NEEDAFFIX');
  const lines = dic.split('\n');
  const entries = lines.map((line) => {
    const slash = flagStart(line);
    if (slash < 0) return { word: line.split(/\s/)[0] ?? '', flags: '', slash };
    return { word: line.slice(0, slash), flags: line.slice(slash + 1).split(/\s/)[0] ?? '', slash };
  });
  const standalone = new Set<string>();
  const compoundOnly = new Set<string>();
  for (const { word, flags } of entries.slice(1)) {
    if (flags.includes(onlyInCompound)) compoundOnly.add(word);
    else if (!needAffix || !flags.includes(needAffix)) standalone.add(word);
  }
  let changed = false;
  for (let i = 1; i < lines.length; i++) {
    const entry = entries[i];
    const line = lines[i];
    if (!entry || line === undefined) continue;
    const { word, flags, slash } = entry;
    if (slash < 0 || !compoundOnly.has(word) || !standalone.has(word) || !flags.includes(onlyInCompound)) continue;
    const kept = flags.split(onlyInCompound).join('');
    lines[i] = `${line.slice(0, slash + 1)}${kept}${line.slice(slash + 1 + flags.length)}`;
    changed = true;
  }
  return changed ? lines.join('\n') : dic;
}
