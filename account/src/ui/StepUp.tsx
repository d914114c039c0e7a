import { ApiCallError, unwrap } from '@shared/api/client';
import { useQuery } from '@tanstack/react-query';
import { Field } from '@shared/ui/Field';
import { useZodForm } from '@shared/ui/useZodForm';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useApi } from '../api';
import { ErrorText } from './ErrorText';

export type ProofHeader = { 'logto-verification-id'?: string };
type WithProof = <T>(call: (header: ProofHeader) => Promise<T>) => Promise<T>;

const passwordForm = z.object({ password: z.string().min(1) });
const codeForm = z.object({ code: z.string().trim().min(1) });

const StepUpContext = createContext<{ withProof: WithProof; ensureProof: EnsureProof } | null>(null);
type EnsureProof = () => Promise<ProofHeader>;

// Kept for the tab, so a change finished after a round trip to another site (a social provider)
// still has it; it is worth nothing without the access token kept beside it.
const PROOF_KEY = 'tessera-account-proof';

/** Runs a sensitive Account API call; when it asks for a fresh proof, asks for the password and retries. */
export function useStepUp(): WithProof {
  const context = useContext(StepUpContext);
  if (!context) throw new Error('useStepUp outside StepUpProvider');
  return context.withProof;
}

/**
 * The proof header before a change that leaves the page first (linking a social account): asks
 * for the password unless a proof is at hand. A stale one is asked again by `useStepUp` later.
 */
export function useEnsureProof(): EnsureProof {
  const context = useContext(StepUpContext);
  if (!context) throw new Error('useEnsureProof outside StepUpProvider');
  return context.ensureProof;
}

const needsProof = (error: unknown) =>
  error instanceof ApiCallError && error.code === 'verification_record.permission_denied';

interface Pending {
  resolve: (id: string) => void;
  reject: (reason: unknown) => void;
}

export function StepUpProvider({ children }: { children: ReactNode }) {
  const proof = useRef<string | undefined>(sessionStorage.getItem(PROOF_KEY) ?? undefined);
  const [pending, setPending] = useState<Pending | null>(null);

  const prove = useCallback(async () => {
    proof.current = await new Promise<string>((resolve, reject) => setPending({ resolve, reject }));
    sessionStorage.setItem(PROOF_KEY, proof.current);
    return proof.current;
  }, []);

  const withProof = useCallback<WithProof>(
    async (call) => {
      try {
        return await call(proof.current ? { 'logto-verification-id': proof.current } : {});
      } catch (error) {
        if (!needsProof(error)) throw error;
        return call({ 'logto-verification-id': await prove() });
      }
    },
    [prove],
  );

  const ensureProof = useCallback<EnsureProof>(
    async () => ({ 'logto-verification-id': proof.current ?? (await prove()) }),
    [prove],
  );

  const value = useMemo(() => ({ withProof, ensureProof }), [withProof, ensureProof]);

  return (
    <StepUpContext.Provider value={value}>
      {children}
      {pending ? (
        <PasswordPrompt
          onVerified={(id) => {
            setPending(null);
            pending.resolve(id);
          }}
          onCancel={() => {
            setPending(null);
            pending.reject(new StepUpCancelled());
          }}
        />
      ) : null}
    </StepUpContext.Provider>
  );
}

/** The user closed the password prompt: the change is not made, and nothing more is said. */
export class StepUpCancelled extends Error {}

/**
 * The proof of identity: the current password, or a code sent to the primary e-mail address (the
 * only way for a user without a password, as the Account API takes either).
 */
function PasswordPrompt({
  onVerified,
  onCancel,
}: {
  onVerified: (id: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('step-up');
  const api = useApi();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const me = useQuery({ queryKey: ['me'], queryFn: () => unwrap(api.GET('/api/my-account')) });
  const email = me.data?.primaryEmail ?? undefined;
  const hasPassword = me.data?.hasPassword !== false;
  const [codeId, setCodeId] = useState<string | null>(null);
  const form = useZodForm(passwordForm, { password: '' });
  const codeFields = useZodForm(codeForm, { code: '' });
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  const attempt = async (call: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await call();
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };

  const submitPassword = form.handleSubmit(({ password }) =>
    attempt(async () => {
      const record = await unwrap(api.POST('/api/verifications/password', { body: { password } }));
      onVerified(record.verificationRecordId);
    }),
  );

  const sendCode = (value: string) =>
    attempt(async () => {
      const sent = await unwrap(
        api.POST('/api/my-account/verification-code', { body: { identifier: { type: 'email', value } } }),
      );
      setCodeId(sent.verificationId);
    });

  const submitCode = codeFields.handleSubmit(({ code }) =>
    attempt(async () => {
      const identifier = { type: 'email' as const, value: email! };
      const verified = await unwrap(
        api.POST('/api/my-account/verification-code/verify', {
          body: { identifier, verificationId: codeId!, code },
        }),
      );
      onVerified(verified.verificationId);
    }),
  );

  const byCode = codeId !== null || (!hasPassword && email !== undefined);
  return (
    <dialog ref={dialog} aria-labelledby={titleId} onCancel={onCancel}>
      <form onSubmit={byCode ? submitCode : submitPassword}>
        <h2 id={titleId}>{t('title')}</h2>
        {byCode ? (
          codeId === null ? (
            <p>{t('codeExplanation', { email })}</p>
          ) : (
            <>
              <p>{t('codeSent', { email })}</p>
              <Field
                label={t('code')}
                autoComplete="one-time-code"
                required
                {...codeFields.register('code')}
              />
            </>
          )
        ) : (
          <>
            <p>{t('explanation')}</p>
            <Field
              label={t('password')}
              type="password"
              autoComplete="current-password"
              required
              {...form.register('password')}
            />
          </>
        )}
        <ErrorText error={error} />
        <div className="actions">
          <button type="button" onClick={onCancel}>
            {t('cancel')}
          </button>
          {email !== undefined && codeId === null ? (
            <button type="button" disabled={busy} onClick={() => void sendCode(email)}>
              {t('sendCode', { email })}
            </button>
          ) : null}
          {!byCode || codeId !== null ? (
            <button type="submit" className="primary" disabled={busy}>
              {t('confirm')}
            </button>
          ) : null}
        </div>
      </form>
    </dialog>
  );
}
