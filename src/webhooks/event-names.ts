/** The public event contract: names exactly as the specification spells them. */
export const userFlowEvents = ['PostRegister', 'PostSignIn', 'PostResetPassword'] as const;

export const dataMutationEvents = [
  'User.Created',
  'User.Deleted',
  'User.Data.Updated',
  'User.SuspensionStatus.Updated',
  'Role.Created',
  'Role.Deleted',
  'Role.Data.Updated',
  'Role.Scopes.Updated',
  'Scope.Created',
  'Scope.Deleted',
  'Scope.Data.Updated',
  'Organization.Created',
  'Organization.Deleted',
  'Organization.Data.Updated',
  'Organization.Membership.Updated',
  'OrganizationRole.Created',
  'OrganizationRole.Deleted',
  'OrganizationRole.Data.Updated',
  'OrganizationRole.Scopes.Updated',
  'OrganizationScope.Created',
  'OrganizationScope.Deleted',
  'OrganizationScope.Data.Updated',
] as const;

export const exceptionEvents = ['Identifier.Lockout', 'Message.RateLimited', 'Grant.LimitExceeded'] as const;

export const hookEvents = [...userFlowEvents, ...dataMutationEvents, ...exceptionEvents] as const;

export type HookEvent = (typeof hookEvents)[number];
export type DataMutationEvent = (typeof dataMutationEvents)[number];
