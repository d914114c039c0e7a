// The impersonation tests import the sign-in flow from here; it lives in test/support.
export * from '../support/oidc-sign-in.js';
