import type { ReactNode } from 'react';

interface AuditedRevealProps {
  shown: boolean;
  onShownChange: (shown: boolean) => void;
  /** What is revealed, in the plural: "secrets", "tokens". */
  what: string;
  revealLabel: string;
  children: ReactNode;
}

/** Values whose every showing the service audits: fetched only once the operator asks for them. */
export function AuditedReveal({ shown, onShownChange, what, revealLabel, children }: AuditedRevealProps) {
  if (!shown) {
    return (
      <>
        <p className="muted">Showing the {what} is recorded in the audit log.</p>
        <button type="button" onClick={() => onShownChange(true)}>
          {revealLabel}
        </button>
      </>
    );
  }
  return (
    <>
      {children}
      <button type="button" onClick={() => onShownChange(false)}>
        Hide {what}
      </button>
    </>
  );
}
