import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll } from 'vitest';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

/**
 * React rendered into the test DOM, for a describe block: `render` mounts (inside `act`) into a fresh container,
 * which is unmounted and removed after each test.
 */
export function useReactRoot(): { render: (node: ReactNode) => HTMLElement; unmount: () => void } {
  let root: Root | undefined;
  let container: HTMLElement | undefined;
  const unmount = (): void => {
    act(() => root?.unmount());
    container?.remove();
    root = undefined;
    container = undefined;
  };
  beforeAll(() => {
    globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  });
  afterEach(unmount);
  return {
    render(node) {
      unmount();
      container = document.createElement('div');
      document.body.append(container);
      const mounted = createRoot(container);
      root = mounted;
      act(() => mounted.render(node));
      return container;
    },
    unmount,
  };
}
