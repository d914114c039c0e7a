import { useLocation, Navigate } from 'react-router-dom';
import type { MfaState } from '../experience';
import { Card } from '../ui/Card';
import { BindFactor } from './BindFactor';
import { AnswerChallenge } from './AnswerChallenge';

/** The second factor: bind one (when the service requires or offers it) or answer a challenge. */
export function MfaPage() {
  const state = useLocation().state as MfaState | null;
  if (!state) return <Navigate to="/" replace />;
  return (
    <Card title={state.mode === 'bind' ? 'Add a second factor' : 'Verify it’s you'}>
      {state.mode === 'bind' ? <BindFactor {...state} /> : <AnswerChallenge factors={state.factors} />}
    </Card>
  );
}
