import { useState } from 'react';

/** Copies a value to the clipboard and says so; the value itself stays visible for manual copy. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  return (
    <span className="copy">
      <button
        type="button"
        onClick={() =>
          navigator.clipboard.writeText(value).then(
            () => setState('copied'),
            () => setState('failed'),
          )
        }
      >
        {label}
      </button>
      <span role="status">{state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed: select the text' : ''}</span>
    </span>
  );
}
