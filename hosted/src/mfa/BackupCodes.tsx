import { Alert } from '@shared/ui/Alert';

/** The backup codes, shown this once: the person confirms they kept them. */
export function BackupCodes(props: { codes: string[]; busy: boolean; error: unknown; onSaved: () => void }) {
  return (
    <div className="stack">
      <p>
        Keep these backup codes somewhere safe. Each works once if you lose your authenticator. They are shown
        only now.
      </p>
      <ul className="codes" aria-label="Backup codes">
        {props.codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <Alert error={props.error} />
      <button type="button" className="primary" disabled={props.busy} onClick={props.onSaved}>
        I have saved my backup codes
      </button>
    </div>
  );
}
