import { describe, expect, it } from 'vitest';
import imports from 'lucide-react/dynamicIconImports';
import { LUCIDE_DRAWINGS } from './lucide-drawings';
import { LUCIDE_NAMES } from './lucide-names';

/** What each icon module of lucide-react holds besides its component (React's keys are left out of ours). */
interface IconModule {
  __iconData: { name: string; node: Array<[string, Record<string, string>]> };
}

const hasIconData = (module: unknown): module is IconModule =>
  typeof module === 'object' && module !== null && '__iconData' in module;

/** The generated names and drawings are those of the installed lucide-react (run the generator after an upgrade). */
describe('the bundled Lucide set', () => {
  it('matches the installed lucide-react: every icon, its drawing, no alias as a name of its own', async () => {
    const fromPackage = new Map<string, Array<[string, Record<string, string>]>>();
    for (const load of Object.values(imports)) {
      const module: unknown = await load();
      if (!hasIconData(module)) throw new Error('lucide-react no longer exports __iconData');
      const { name, node } = module.__iconData;
      fromPackage.set(
        name,
        node.map(([tag, { key: _key, ...attrs }]) => [tag, attrs]),
      );
    }
    const names = LUCIDE_NAMES.split(' ');
    expect(names).toEqual([...fromPackage.keys()].sort());
    expect(Object.keys(LUCIDE_DRAWINGS)).toEqual(names);
    for (const name of names) expect(LUCIDE_DRAWINGS[name], name).toEqual(fromPackage.get(name));
  }, 60_000);
});
