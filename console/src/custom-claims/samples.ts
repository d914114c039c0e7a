// What the editor starts with when no script is saved: a working example for impersonation.
export const sampleScript = `async function getCustomJwtClaims({ token, context, environmentVariables, api }) {
  const impersonation = context.grant?.subjectTokenContext;
  if (!impersonation) return {};
  if (!impersonation.ticketId) api.denyAccess('impersonation needs a ticket');
  return {
    ticket_id: impersonation.ticketId,
    roles: (context.user?.roles ?? []).map((role) => role.name),
  };
}
`;

export const sampleToken = {
  sub: 'user-id',
  aud: 'https://api.example.com',
  scope: 'read',
  client_id: 'support-app',
};

export const sampleContext = {
  grant: {
    type: 'urn:ietf:params:oauth:grant-type:token-exchange',
    subjectTokenContext: { ticketId: 'T-1024', reason: 'checkout fails' },
  },
  user: { id: 'user-id', username: 'alice', roles: [{ name: 'Customer' }] },
};
