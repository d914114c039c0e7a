/** Verification codes: 6 digits, valid 10 minutes, at most 5 tries each (the lockout usually comes first). */
export const CODE_DIGITS = 6;
export const CODE_LIFETIME_SECONDS = 600;
export const CODE_MAX_ATTEMPTS = 5;
