import de from './locales/de.json';

// One German file per capability (locales/de/<name>.json), so capabilities never edit a shared file.
// This module is loaded only when German is shown (setup.ts imports it on demand).
const germanCapabilities = import.meta.glob<Record<string, unknown>>('./locales/de/*.json', {
  eager: true,
  import: 'default',
});

/** The complete German resource: app strings plus every capability's dictionary. */
export function germanResource(): Record<string, unknown> {
  const resource: Record<string, unknown> = { ...de };
  for (const [file, strings] of Object.entries(germanCapabilities)) {
    resource[file.replace(/^.*\/|\.json$/g, '')] = strings;
  }
  return resource;
}
