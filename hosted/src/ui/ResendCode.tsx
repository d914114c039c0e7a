import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInteraction } from '../settings';

/**
 * "Send a new code", offered once the send limit's minimum interval since the last code has
 * passed. The wait is announced once (politely) and counted down only visually, so a screen
 * reader is not told every second.
 */
export function ResendCode({
  sentAt,
  busy,
  onResend,
}: {
  sentAt: number;
  busy: boolean;
  onResend: () => void;
}) {
  const { t } = useTranslation('common');
  const interval = useInteraction().data?.limits.sendMinIntervalSeconds ?? 0;
  const readyAt = sentAt + interval * 1000;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    if (readyAt <= Date.now()) return undefined;
    const timer = window.setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= readyAt) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [readyAt]);
  const left = Math.max(0, Math.ceil((readyAt - now) / 1000));
  const waited = interval > 0;
  return (
    <div className="resend">
      <span className="visually-hidden" aria-live="polite">
        {!waited ? '' : left > 0 ? t('resend.wait', { count: interval }) : t('resend.now')}
      </span>
      <button type="button" className="link" disabled={busy || left > 0} onClick={onResend}>
        {t('resend.button')}
      </button>
      {left > 0 ? (
        <span className="countdown" aria-hidden="true">
          {t('resend.countdown', { count: left })}
        </span>
      ) : null}
    </div>
  );
}
