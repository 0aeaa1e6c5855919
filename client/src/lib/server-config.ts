import { useEffect, useState } from 'react';
import type { PublicConfig } from '@shared/api/config';
import type { CapabilityContext } from '../editor/core/capability';
import { defaultCapabilityContext } from '../editor/core/capability-context';
import { api } from './api-client';

const KEY = 'tandem.config';

/**
 * The last configuration seen in this browser, checked against the shared schema. Only needed offline,
 * so the schema checker loads then and stays out of the initial bundle.
 */
async function cached(): Promise<PublicConfig | null> {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(KEY) ?? 'null');
    if (value === null) return null;
    const [{ Value }, { PublicConfig: schema }] = await Promise.all([
      import('typebox/value'),
      import('@shared/api/config'),
    ]);
    return Value.Check(schema, value) ? value : null;
  } catch {
    return null;
  }
}

function contextOf(config: PublicConfig | null): CapabilityContext {
  return config
    ? { ...defaultCapabilityContext, options: config.editor, counters: config.counters, uploads: config.uploads }
    : defaultCapabilityContext;
}

/**
 * The deployment's capability configuration: the server's answer, else the last one seen in this
 * browser (offline), else the shared defaults. `ready` turns true once there is an answer or none can come.
 */
export function useCapabilityContext(): { context: CapabilityContext; ready: boolean } {
  // Waits for the answer (or its failure) so the editor's extensions are built once, with the final values.
  const [state, setState] = useState(() => ({ context: contextOf(null), ready: false }));
  useEffect(() => {
    let live = true;
    api.config().then(
      (config) => {
        localStorage.setItem(KEY, JSON.stringify(config));
        if (live) setState({ context: contextOf(config), ready: true });
      },
      () => {
        // Offline: the last answer this browser saw, else the shared defaults.
        void cached().then((config) => {
          if (live) setState({ context: contextOf(config), ready: true });
        });
      },
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}
