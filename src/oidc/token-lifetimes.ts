/** Lifetimes (seconds) of the tokens oidc-provider signs, where no API resource sets its own. */
export const ID_TOKEN_TTL = 3600;
export const DEFAULT_ACCESS_TOKEN_TTL = 3600;
