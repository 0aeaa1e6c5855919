import { useRef, useState, type DragEvent, type ReactNode } from 'react';
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
  return (
    <FileDropButton
      className="upload-drop"
      inputLabel={inputLabel}
      accept={accept}
      onFiles={(files) => {
        if (files[0]) onFile(files[0]);
      }}
    >
      <span className="upload-drop-main">{label}</span>
      <span className="upload-drop-hint">{hint}</span>
    </FileDropButton>
  );
}

interface FileDropButtonProps {
  /** Class of the button; ` is-over` is added while files are dragged over it. */
  className: string;
  /** Accessible name of the hidden file input. */
  inputLabel: string;
  accept?: string;
  multiple?: boolean;
  /** The dropped or chosen files (never empty). */
  onFiles: (files: File[]) => void;
  children: ReactNode;
}

/** A button that takes dropped files and opens a file chooser when clicked (the drop zone, the files manager). */
export function FileDropButton({ className, inputLabel, accept, multiple, onFiles, children }: FileDropButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const take = (files: File[]): void => {
    if (files.length > 0) onFiles(files);
  };
  const onDrop = (event: DragEvent<HTMLElement>): void => {
    event.preventDefault();
    setOver(false);
    take([...event.dataTransfer.files]);
  };
  return (
    <>
      <button
        type="button"
        className={`${className}${over ? ' is-over' : ''}`}
        onClick={() => input.current?.click()}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        {children}
      </button>
      <input
        ref={input}
        type="file"
        className="visually-hidden"
        tabIndex={-1}
        accept={accept}
        multiple={multiple}
        aria-label={inputLabel}
        onChange={(e) => {
          // Copied before the input is emptied (so the same file can be chosen again).
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          take(files);
        }}
      />
    </>
  );
}
