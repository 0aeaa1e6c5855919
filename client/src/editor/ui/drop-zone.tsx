import { useRef, useState, type DragEvent } from 'react';
import './drop-zone.css';

interface DropZoneProps {
  /** "Drop image", "Drop file", "Drop video". */
  label: string;
  /** "(or click)". */
  hint: string;
  /** Accessible name of the hidden file input. */
  inputLabel: string;
  /** `accept` of the file input. */
  accept?: string;
  /** Like the baseline, only the first file of a multi-drop is used. */
  onFile: (file: File) => void;
}

/** The insert popups' drop zone (Froala's "Drop image (or click)"): a button that also opens a file chooser. */
export function DropZone({ label, hint, inputLabel, accept, onFile }: DropZoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const onDrop = (event: DragEvent<HTMLElement>): void => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
  };
  return (
    <>
      <button
        type="button"
        className={`upload-drop${over ? ' is-over' : ''}`}
        onClick={() => input.current?.click()}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <span className="upload-drop-main">{label}</span>
        <span className="upload-drop-hint">{hint}</span>
      </button>
      <input
        ref={input}
        type="file"
        className="visually-hidden"
        tabIndex={-1}
        accept={accept}
        aria-label={inputLabel}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) onFile(file);
        }}
      />
    </>
  );
}
