import { useTranslation } from 'react-i18next';
import { useLocation, Navigate } from 'react-router-dom';
import type { MfaState } from '../experience';
import { Card } from '../ui/Card';
import { BindFactor } from './BindFactor';
import { AnswerChallenge } from './AnswerChallenge';

/** The second factor: bind one (when the service requires or offers it) or answer a challenge. */
export function MfaPage() {
  const state = useLocation().state as MfaState | null;
  const { t } = useTranslation('mfa');
  if (!state) return <Navigate to="/" replace />;
  return (
    <Card title={state.mode === 'bind' ? t('bind.title') : t('challenge.title')}>
      {state.mode === 'bind' ? <BindFactor {...state} /> : <AnswerChallenge factors={state.factors} />}
    </Card>
  );
}
