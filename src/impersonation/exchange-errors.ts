import { errors } from 'oidc-provider';

export type OidcError = InstanceType<typeof errors.OIDCProviderError> & {
  error?: string;
  error_description?: string;
  /** Detail for the audit log only; never sent to the client. */
  auditReason?: string;
  /** Whose subject token a refusal concerned, when known. */
  auditSubject?: { subjectTokenId?: string; userId?: string };
};

const factories = {
  invalid_grant: () => new errors.InvalidGrant(),
  invalid_request: () => new errors.InvalidRequest(''),
  invalid_target: () => new errors.InvalidTarget(),
  invalid_scope: () => new errors.InvalidScope('', ''),
  unauthorized_client: () => new errors.UnauthorizedClient(),
  access_denied: () => new errors.AccessDenied(),
} satisfies Record<string, () => OidcError>;

/** An RFC 6749 error with our own description (oidc-provider fixes some descriptions). */
export function refusal(code: keyof typeof factories, description: string, auditReason?: string): OidcError {
  const error: OidcError = factories[code]();
  error.error_description = description;
  if (auditReason) error.auditReason = auditReason;
  return error;
}

export function isOidcError(error: unknown): error is OidcError {
  return error instanceof errors.OIDCProviderError;
}
