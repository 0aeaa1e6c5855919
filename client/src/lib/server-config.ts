import { useEffect, useState } from 'react';
import { Value } from 'typebox/value';
import { PublicConfig } from '@shared/api/config';
import type { CapabilityContext } from '../editor/capability';
import { defaultCapabilityContext } from '../editor/capability-context';
import { api } from './api-client';

const KEY = 'tandem.config';

function cached(): PublicConfig | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(KEY) ?? 'null');
    return Value.Check(PublicConfig, value) ? value : null;
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
  const [state, setState] = useState(() => ({ context: contextOf(cached()), ready: false }));
  useEffect(() => {
    let live = true;
    api.config().then(
      (config) => {
        localStorage.setItem(KEY, JSON.stringify(config));
        if (live) setState({ context: contextOf(config), ready: true });
      },
      () => {
        if (live) setState((s) => ({ ...s, ready: true }));
      },
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}
