import { type DragEvent, useId, useState } from 'react';

interface FileDropProps {
  /** File types offered by the picker; left out, any file (a wildcard "any/any" is not valid HTML). */
  accept?: string;
  multiple?: boolean;
  label: string;
  hint?: string;
  onFiles: (files: File[]) => void;
}

/** A drop zone that is also a file picker (a label around a hidden input), so taps work on phones. */
export const FileDrop = ({ accept, multiple = false, label, hint, onFiles }: FileDropProps) => {
  const id = useId();
  const [over, setOver] = useState(false);
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    const files = [...e.dataTransfer.files];
    if (files.length > 0) onFiles(multiple ? files : files.slice(0, 1));
  };
  return (
    <label
      htmlFor={id}
      className={`tool-drop${over ? ' tool-drop--over' : ''}`}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <input
        id={id}
        type="file"
        accept={accept}
        multiple={multiple}
        data-testid="file-input"
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
      <strong>{label}</strong>
      {hint && <span>{hint}</span>}
    </label>
  );
};
