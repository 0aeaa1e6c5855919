import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { MENU_CHEVRON_PX } from './icon';

/** What a menu button shows, before and after its Radix menu is loaded: the value or icon, and a caret. */
export function MenuButtonFace({ display }: { display: ReactNode }) {
  return (
    <>
      <span aria-hidden="true" className="toolbar-menu-display">
        {display}
      </span>
      <span aria-hidden="true" className="toolbar-menu-caret">
        <ChevronDown size={MENU_CHEVRON_PX} strokeWidth={2} />
      </span>
    </>
  );
}

/** Keys that open a menu button (WAI-ARIA), as Radix's trigger handles them. */
