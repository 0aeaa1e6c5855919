import { X } from 'lucide-react';
import { Icon } from './icon';
import './side-panel.css';

/** The title row of a side panel (side-panel.css): its heading (named by `titleId`) and a Close button. */
export function SidePanelHeader({
  titleId,
  title,
  closeLabel,
  onClose,
}: {
  titleId: string;
  title: string;
  closeLabel: string;
  onClose: () => void;
}) {
  return (
    <header className="side-panel-header">
      <h2 id={titleId}>{title}</h2>
      <button type="button" className="side-panel-close" aria-label={closeLabel} title={closeLabel} onClick={onClose}>
        <Icon of={X} />
      </button>
    </header>
  );
}
