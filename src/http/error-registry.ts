import { ApiError } from './api-error.js';

/**
 * Every public error code with its HTTP status and message: Logto's codes, so migration scripts,
 * `@logto/api` calls and custom sign-in pages keep working (docs/compatibility.md lists them, and
 * test/foundation/error-registry.test.ts keeps the two in step).
 *
 * A key is the code itself, or `code#variant` where one code is answered with another message or
 * status in another place; the client only ever sees the part before `#`.
 */

interface Entry<P> {
  /** `'4xx'`: the status of the client error being passed on (Fastify's own refusals), a parameter. */
  readonly status: number | '4xx';
  readonly message: string | ((params: P) => string);
  readonly data?: (params: P) => unknown;
}

const fixed = (status: number, message: string): Entry<void> => ({ status, message });

const described = <P>(
  status: Entry<P>['status'],
  message: (params: P) => string,
  data?: (params: P) => unknown,
): Entry<P> => ({ status, message, data });

/** A message its thrower words (validation detail, a sandbox's or connector's own words). */
interface Detail {
  message: string;
  data?: unknown;
}
const detail = (status: Entry<Detail>['status']) =>
  described(
    status,
    ({ message }: Detail) => message,
    ({ data }) => data,
  );

const firstTen = (ids: readonly string[]) => ids.slice(0, 10).join(', ');
const camel = (label: string) => label.replace(/ (\w)/g, (_, c: string) => c.toUpperCase());
const backticked = (paths: readonly string[]) => paths.map((path) => `\`${path}\``).join(', ');
const invalidConfig = ({ path, issue }: { path: string; issue: string }) =>
  `Invalid config: ${path || 'config'}: ${issue}`;
const resetByCodeOnly =
  "A password reset is only verified by a code sent to the account's e-mail address or phone.";

const request = {
  'guard.invalid_input': detail(400),
  'guard.invalid_input#search_key': described(
    400,
    ({ key, fields }: { key: string; fields: readonly string[] }) =>
      `Query parameter \`${key}\` is not a search parameter: use \`search\`, \`search.<field>\`, \`mode\` or ` +
      `\`mode.<field>\` as flat query keys, with a field among ${fields.join(', ')}.`,
  ),
  'guard.invalid_input#wrong_format': fixed(400, 'A value has the wrong format.'),
  'guard.invalid_input#too_long': fixed(400, 'A value is too long.'),
  'guard.invalid_input#out_of_range': fixed(400, 'A number is out of range.'),
  'guard.invalid_input#unstorable': fixed(400, 'A value contains characters that cannot be stored.'),
  'guard.invalid_input#date_out_of_range': fixed(400, 'A date is out of range.'),
  'guard.unsupported_member': detail(400),
  'guard.invalid_target': described(
    400,
    ({ event }: { event: string }) => `A verificationId is required to identify in ${event}.`,
  ),
  'guard.route_not_found': described(
    404,
    ({ method, path }: { method: string; path: string }) => `No route ${method} ${path}.`,
  ),
  'request.invalid_input': detail(400),
  'request.payload_too_large': detail(413),
  'request.unsupported_media_type': detail(415),
  'request.invalid': described('4xx', ({ message }: { message: string; status: number }) => message),
  'request.message_rate_limited': described(
    429,
    (_: { retryAfterSeconds?: number }) =>
      'Too many codes were sent to this recipient recently; wait before asking for another one.',
    ({ retryAfterSeconds }) => (retryAfterSeconds === undefined ? undefined : { retryAfterSeconds }),
  ),
  'database.unavailable': fixed(503, 'The database is unavailable; try again shortly.'),
  unknown: fixed(500, 'Internal server error.'),
} as const;

const entities = {
  'entity.not_exists_with_id': described(
    404,
    ({ entity, id }: { entity: string; id: string }) => `The ${entity} with id \`${id}\` does not exist.`,
    ({ id }) => ({ id }),
  ),
  'entity.not_exists_with_id#ids': described(
    404,
    ({ entity, ids }: { entity: string; ids: string[] }) => `No ${entity} with id \`${ids.join('`, `')}\`.`,
    ({ ids }) => ({ ids }),
  ),
  'entity.not_exists_with_id#signing_key': described(
    404,
    ({ id }: { id: string }) => `No signing key has the id \`${id}\`.`,
    ({ id }) => ({ id }),
  ),
  'entity.not_exists': described(
    404,
    ({ id }: { id: string }) => `The hook with id \`${id}\` does not exist.`,
    ({ id }) => ({ id }),
  ),
  'entity.not_exists#custom_profile_field': described(
    404,
    ({ id }: { id: string }) => `No custom profile field is named \`${id}\`.`,
    ({ id }) => ({ name: id }),
  ),
  'entity.not_found#user': described(
    404,
    ({ id }: { id: string }) => `No user has the id \`${id}\`.`,
    ({ id }) => ({ id }),
  ),
  'entity.not_found#hook': described(
    404,
    ({ id }: { id: string }) => `No hook has the id \`${id}\`.`,
    ({ id }) => ({ id }),
  ),
  'entity.not_found#in_organization': described(
    404,
    ({ what, id, organizationId }: { what: string; id: string; organizationId: string }) =>
      `The ${what} \`${id}\` is not in \`${organizationId}\`.`,
    ({ id }) => ({ id }),
  ),
  'entity.not_found#role_holder': described(
    404,
    ({ holder }: { holder: string }) => `The ${holder} does not hold this role.`,
  ),
  'entity.not_found#secret': described(
    404,
    ({ name }: { name: string }) => `The application has no secret named ${name}.`,
  ),
  'entity.not_found#personal_access_token': described(
    404,
    ({ name }: { name: string }) => `The user has no personal access token named ${name}.`,
  ),
  'entity.not_found#jwt_customizer': described(
    404,
    ({ path }: { path: string }) => `No ${path} JWT customizer is configured.`,
  ),
  'entity.db_constraint_violated#organization_role_type': described(
    422,
    ({ roleIds, expected }: { roleIds: readonly string[]; expected: 'User' | 'MachineToMachine' }) =>
      expected === 'User'
        ? `Machine-to-machine organization roles cannot be assigned to users: ${firstTen(roleIds)}.`
        : `User organization roles cannot be assigned to applications: ${firstTen(roleIds)}.`,
    ({ roleIds }) => ({ roleIds }),
  ),
  'entity.invalid_input': fixed(422, 'The update sets nothing: send at least one member to change.'),
  'entity.unique_integrity_violation': fixed(422, 'The entity already exists or conflicts with another one.'),
  'entity.unique_integrity_violation#email_domain': described(
    422,
    ({ domain }: { domain: string }) =>
      `The e-mail domain ${domain} is already listed for this organization.`,
  ),
  'entity.unique_integrity_violation#name': described(
    422,
    ({ label, name }: { label: string; name: string }) => `An ${label} named \`${name}\` already exists.`,
  ),
  'entity.relation_foreign_key_not_found': fixed(422, 'A referenced entity does not exist.'),
  'entity.relation_foreign_key_not_found#ids': described(
    422,
    ({ label, ids }: { label: string; ids: readonly string[] }) =>
      `Unknown ${label} id(s): ${firstTen(ids)}${ids.length > 10 ? ', ...' : ''}.`,
    ({ label, ids }) => ({ [`${camel(label)}Ids`]: ids }),
  ),
} as const;

const auth = {
  'auth.authorization_header_missing': fixed(401, 'Authorization header is missing.'),
  'auth.authorization_header_missing#account': fixed(
    401,
    'Send the access token as `Authorization: Bearer <token>`.',
  ),
  'auth.authorization_token_type_not_supported': fixed(401, 'Authorization must be a Bearer token.'),
  'auth.unauthorized': fixed(401, 'The access token is not valid.'),
  'auth.unauthorized#expired': fixed(401, 'The access token has expired.'),
  'auth.unauthorized#application_gone': fixed(401, "The access token's application no longer exists."),
  'auth.unauthorized#user_gone': fixed(401, "The access token's user no longer exists."),
  'auth.forbidden#missing_scope': fixed(403, 'The access token lacks the `all` scope of the management API.'),
  'auth.forbidden#impersonation_token': fixed(403, 'An impersonation token cannot use the management API.'),
  'auth.forbidden#third_party_management': fixed(
    403,
    'A third-party application cannot use the management API.',
  ),
  'auth.forbidden#user_suspended': fixed(403, "The access token's user is suspended."),
  'auth.forbidden#scope_revoked': fixed(403, 'The management API access was revoked.'),
  'auth.forbidden#third_party_account': fixed(
    403,
    'The Account API is for first-party applications: this access token was issued to a third-party application.',
  ),
  'auth.forbidden#event_closed': described(
    403,
    ({ event }: { event: string }) => `${event} is not open in the sign-in experience.`,
  ),
} as const;

const users = {
  'user.invalid_phone': fixed(422, 'The phone number is invalid.'),
  'user.username_already_in_use': fixed(422, 'This username is already in use.'),
  'user.username_required': fixed(400, 'Users sign up with a username: it cannot be removed.'),
  'user.email_already_in_use': fixed(422, 'This email is associated with an existing account.'),
  'user.phone_already_in_use': fixed(422, 'This phone number is associated with an existing account.'),
  'user.password_and_digest': fixed(400, 'Send either `password` or `passwordDigest`, not both.'),
  'user.password_algorithm_required': fixed(
    400,
    '`passwordDigest` needs `passwordAlgorithm` to say how it is checked.',
  ),
  'user.password_digest_required': fixed(
    400,
    '`passwordAlgorithm` is only taken with `passwordDigest`; a clear `password` is always hashed with argon2id.',
  ),
  'user.suspended': fixed(401, 'This account is suspended.'),
  'user.suspended#subject_token': fixed(422, 'The user is suspended.'),
  'user.user_not_exist': fixed(404, 'No account uses this identifier.'),
  'user.sign_in_method_not_enabled': fixed(422, 'This sign-in method is not enabled.'),
  'user.sign_up_method_not_enabled': fixed(422, 'This sign-up method is not enabled.'),
  'user.missing_profile': described(
    422,
    ({ missing }: { missing: string[] }) => `The account still needs: ${missing.join(', ')}.`,
    ({ missing }) => ({ missingProfile: missing }),
  ),
  'user.same_password': fixed(422, 'The new password must differ from the current one.'),
  'user.identity_already_in_use': fixed(422, 'This identity is already linked to another account.'),
  'user.identity_already_in_use#federated': fixed(422, 'This identity is already linked to an account.'),
  'user.identity_already_in_use#own_target': fixed(
    400,
    'An identity of this provider is already linked to your account; unlink it first, or replace it.',
  ),
  'user.identity_not_exist': described(
    404,
    ({ target }: { target: string }) => `The user has no identity of the target \`${target}\`.`,
    ({ target }) => ({ target }),
  ),
  'user.identity_not_exist#federated': described(
    422,
    (_: { data?: unknown }) => 'No account is linked to this identity yet.',
    ({ data }) => data,
  ),
  'user.personal_access_token_name_exists': described(
    422,
    ({ name }: { name: string }) => `The user already has a personal access token named ${name}.`,
  ),
  'user.invalid_role_type': fixed(422, 'A machine-to-machine role cannot be assigned to a user.'),
  'user.last_administrator': fixed(
    422,
    'This user is the last console administrator who can sign in: give another user the console ' +
      'administrator role first. (Locked out already? Run `tessera create-admin` on the host.)',
  ),
  'user.missing_mfa': described(
    422,
    (_: { availableFactors: readonly string[]; skippable: boolean }) =>
      'Bind a second factor to the account first.',
    ({ availableFactors, skippable }) => ({ availableFactors, skippable }),
  ),
  'user.totp_already_in_use': fixed(422, 'This account already has an authenticator app.'),
} as const;

const passwords = {
  'password.invalid_legacy_password_format': described(
    400,
    ({ why }: { why: string }) =>
      `A Legacy password digest is a JSON array ["algorithm", ["argument", …, "@", …], "expected hex"]: ${why}.`,
  ),
  'password.unsupported_legacy_hash_algorithm': described(
    400,
    ({ algorithm }: { algorithm: string }) =>
      `The Legacy hash algorithm \`${algorithm}\` is neither a node:crypto hash nor pbkdf2.`,
    ({ algorithm }) => ({ algorithm }),
  ),
  'password.invalid_password_digest': described(
    400,
    ({ algorithm, expected }: { algorithm: string; expected: string }) =>
      `The password digest is not a valid ${algorithm} digest: ${expected}.`,
    ({ algorithm }) => ({ algorithm }),
  ),
  'password.unsupported_encryption_method': described(
    400,
    ({ algorithm, supported }: { algorithm: string; supported: readonly string[] }) =>
      `Unknown password algorithm \`${algorithm}\`; one of ${supported.join(', ')}.`,
    ({ algorithm, supported }) => ({ algorithm, supported }),
  ),
  'password.rejected': described(
    422,
    (_: { issues: unknown; policy: unknown }) => 'The password does not meet the password policy.',
    ({ issues, policy }) => ({ issues, policy }),
  ),
} as const;

const session = {
  'session.not_found': fixed(
    400,
    'No sign-in is in progress in this browser, or it has expired; start again from the application.',
  ),
  'session.interaction_not_found': fixed(400, 'Start the experience with PUT /api/experience first.'),
  'session.invalid_credentials': fixed(422, 'The account or the password is incorrect.'),
  'session.invalid_credentials#password_check': fixed(422, 'The password does not match.'),
  'session.verification_session_not_found': fixed(
    404,
    'No successful verification with this id belongs to the current sign-in.',
  ),
  'session.verification_failed': fixed(400, 'This verification has not succeeded (yet).'),
  'session.not_supported_for_forgot_password': fixed(422, resetByCodeOnly),
  'session.not_supported_for_forgot_password#profile': fixed(400, resetByCodeOnly),
  'session.identity_conflict': fixed(409, 'This sign-in has already identified another user.'),
  'session.identifier_not_found': fixed(404, 'Identify the user before submitting the sign-in.'),
  'session.verification_blocked_too_many_attempts': fixed(
    400,
    'Too many failed attempts for this identifier; try again later.',
  ),
  'session.profile_not_supported': described(
    422,
    ({ type, event }: { type: string; event: string }) => `A ${type} cannot be set in a ${event} experience.`,
  ),
  'session.interaction_event_switch_not_supported': fixed(
    422,
    'Only SignIn and Register switch into each other; start ForgotPassword with PUT /api/experience.',
  ),
  'session.invalid_interaction_type': fixed(400, 'A password is reset only in a ForgotPassword experience.'),
  'session.consent_not_required': fixed(400, 'This sign-in is not asking for consent.'),
  'session.sso_enabled': described(
    422,
    (_: { connectorIds: string[] }) =>
      'This e-mail address signs in through its organization’s single sign-on.',
    ({ connectorIds }) => ({ ssoConnectors: connectorIds.map((id) => ({ id })) }),
  ),
  'session.mfa.require_mfa_verification': described(
    403,
    (_: { availableFactors: readonly string[] }) => 'Verify a second factor to sign in.',
    ({ availableFactors }) => ({ availableFactors }),
  ),
  'session.mfa.mfa_factor_not_enabled': fixed(400, 'This factor is not enabled or not bound.'),
  'session.mfa.invalid_totp_code': fixed(400, 'The authenticator code is not valid.'),
  'session.mfa.invalid_backup_code': fixed(400, 'The backup code is not valid or was used.'),
  'session.mfa.webauthn_verification_failed': fixed(400, 'The passkey could not be verified.'),
  'session.mfa.backup_code_can_not_be_alone': fixed(
    422,
    'Backup codes only back up another factor; bind an authenticator app or a passkey first.',
  ),
  'session.mfa.mfa_policy_not_user_controlled': fixed(422, 'A second factor is required.'),
} as const;

const verification = {
  'verification_code.email_mismatch': fixed(400, 'The e-mail address is not the one the code was sent to.'),
  'verification_code.phone_mismatch': fixed(400, 'The phone number is not the one the code was sent to.'),
  'verification_code.email_mismatch#account': fixed(400, 'The code was sent elsewhere.'),
  'verification_code.phone_mismatch#account': fixed(400, 'The code was sent elsewhere.'),
  'verification_code.code_mismatch': fixed(400, 'The verification code is wrong.'),
  'verification_code.expired': fixed(400, 'The verification code has expired; ask for a new one.'),
  'verification_code.exceed_max_try': fixed(
    400,
    'Too many wrong codes for this verification; ask for a new code.',
  ),
  'verification_code.not_found': fixed(400, 'No pending verification code with this id; ask for a new code.'),
  'verification_record.not_found#code': fixed(
    400,
    'No verified, unused code of this account for this identifier; verify a new code first.',
  ),
  'verification_record.not_found#pending_passkey': fixed(
    404,
    'No pending passkey registration of this account.',
  ),
  'verification_record.not_found#verified_passkey': fixed(
    400,
    'No verified passkey registration of this account; register the passkey first.',
  ),
  'verification_record.not_found#mfa': fixed(404, 'No such MFA verification of this account.'),
  'verification_record.not_found#social': fixed(
    404,
    'No live social verification of this account in that state; start a new one.',
  ),
  'verification_record.permission_denied': described(
    401,
    ({ header }: { header: string }) =>
      `Verify your identity first (POST /api/verifications/password) and send the record id in the ${header} header.`,
  ),
} as const;

const management = {
  'application.internal_application_violation': fixed(
    422,
    'The console and account center applications cannot be deleted: their pages sign in through them.',
  ),
  'application.third_party_token_exchange_not_allowed': fixed(
    422,
    'A third-party application cannot allow token exchange.',
  ),
  'application.invalid_third_party_application_type': fixed(
    400,
    'Only traditional web, single-page and native applications can be third-party applications.',
  ),
  'application.invalid_role_type': fixed(422, 'A user role cannot be assigned to an application.'),
  'application.invalid_type': fixed(422, 'Only machine-to-machine applications can have roles.'),
  'application.invalid_type#organization_roles': described(
    422,
    (_: { applicationIds: readonly string[] }) =>
      'Only machine-to-machine applications can have organization roles.',
    ({ applicationIds }) => ({ applicationIds }),
  ),
  'application.secret_name_exists': described(
    422,
    ({ name }: { name: string }) => `The application already has a secret named ${name}.`,
  ),
  'application.no_legacy_secret_found': fixed(400, 'The application has no legacy secret.'),
  'application.third_party_application_only': fixed(
    422,
    'The feature is only available for third-party applications.',
  ),
  'application.user_consent_scopes_not_found': described(
    422,
    (ids: {
      invalidOrganizationScopes: string[];
      invalidResourceScopes: string[];
      invalidOrganizationResourceScopes: string[];
    }) => `Some scopes do not exist: ${firstTen(Object.values(ids).flat())}.`,
    (ids) => ids,
  ),
  'application.consent_management_api_scopes_not_allowed': fixed(
    422,
    'Scopes of the management API cannot be consented to by users of a third-party application.',
  ),
  'scope.name_exists': described(
    422,
    ({ name }: { name: string }) => `The scope name ${name} is already in use.`,
  ),
  'role.name_in_use': described(
    422,
    ({ name }: { name: string }) => `The role name ${name} is already in use.`,
  ),
  'role.default_role_must_be_user_role': fixed(422, 'Only a user role can be a default role.'),
  'role.internal_role_violation': fixed(422, 'A management API role cannot be deleted.'),
  'role.internal_role_violation#scope': fixed(
    422,
    'A management API role must keep the management API scope.',
  ),
  'role.internal_role_violation#default': fixed(
    422,
    'A management API role cannot be a default role: every new user would hold it.',
  ),
  'role.management_api_scopes_not_assignable_to_user_role': fixed(
    400,
    'Cannot assign management API scopes to a user role.',
  ),
  'role.scope_exists': described(
    422,
    ({ scopeIds }: { scopeIds: string[] }) =>
      `The scope id ${scopeIds.join(', ')} has already been added to this role.`,
    ({ scopeIds }) => ({ scopeIds }),
  ),
  'role.user_exists': described(
    422,
    ({ userId }: { userId: string }) => `The user \`${userId}\` already has this role.`,
    ({ userId }) => ({ userId }),
  ),
  'role.application_exists': described(
    422,
    ({ applicationId }: { applicationId: string }) =>
      `The application \`${applicationId}\` already has this role.`,
    ({ applicationId }) => ({ applicationId }),
  ),
  'resource.resource_identifier_in_use': described(
    422,
    ({ indicator }: { indicator: string }) => `The API identifier ${indicator} is already in use.`,
  ),
  'resource.cannot_modify_management_api': fixed(
    400,
    'The management API resource and its scopes cannot be modified.',
  ),
  'resource.cannot_delete_management_api': fixed(400, 'The management API cannot be deleted.'),
  'oidc.key_required': fixed(422, 'At least one signing key must be kept.'),
  'console.setup_done': fixed(
    409,
    'First-run setup is closed: this installation has been administered already. Sign in to the ' +
      'console, or have an operator run `tessera create-admin` on the host.',
  ),
  'jwt_customizer.access_denied': detail(403),
  'jwt_customizer.general': described(
    422,
    ({ message }: { message: string; reason: unknown }) => message,
    ({ reason }) => ({ reason }),
  ),
} as const;

const organizations = {
  'organization.require_membership': described(
    422,
    ({ memberIds, organizationId }: { memberIds: readonly string[]; organizationId: string }) =>
      `Not a member of the organization \`${organizationId}\`: ${firstTen(memberIds)}.`,
    ({ memberIds }) => ({ memberIds: memberIds.slice(0, 100) }),
  ),
  'organization.require_membership#consent': fixed(
    422,
    'The user is not a member of one of the organizations.',
  ),
  'organization.require_membership#sign_in': fixed(403, 'You are not a member of this organization.'),
  'organization.role_names_not_found': described(
    422,
    ({ names }: { names: string[] }) =>
      `Unknown organization role name(s): ${firstTen(names)}. Create the roles first.`,
    ({ names }) => ({ names }),
  ),
  'organization.expires_at_in_future': fixed(400, 'The value of `expiresAt` must be in the future.'),
  'organization.invitee_already_member': fixed(422, 'The invitee is already a member of the organization.'),
  'organization.invitation_status_not_changeable': described(
    422,
    ({ status }: { status: string }) => `The invitation is ${status}; its status cannot change anymore.`,
  ),
  'organization.accepted_user_id_required': fixed(422, 'The `acceptedUserId` is required when accepting.'),
  'organization.accepted_user_email_mismatch': fixed(
    422,
    'The accepting user’s primary e-mail is not the invitee’s.',
  ),
} as const;

const connectors = {
  'connector.not_found': described(
    404,
    ({ id }: { id: string }) => `No connector factory \`${id}\`.`,
    ({ id }) => ({ connectorId: id }),
  ),
  'connector.invalid_config': described(400, invalidConfig, ({ path }) => ({ path })),
  'connector.invalid_config#sso': described(400, invalidConfig),
  'connector.multiple_target_with_same_platform': described(
    422,
    ({ target }: { target: string }) => `A social connector with the target \`${target}\` already exists.`,
    ({ target }) => ({ target }),
  ),
  'connector.id_in_use': described(
    422,
    ({ id }: { id: string }) => `A connector with the id \`${id}\` exists.`,
  ),
  'connector.unexpected_type': described(
    400,
    ({ factoryId, type }: { factoryId: string; type: string }) =>
      `The factory \`${factoryId}\` does not send this kind of message (${type} expected).`,
  ),
  'connector.secret_required': described(
    400,
    ({ secrets, changed }: { secrets: readonly string[]; changed: readonly string[] }) =>
      `Enter ${backticked(secrets)} again: ${backticked(changed)} changed, and a stored secret is only ever ` +
      'sent where it was sent before.',
    ({ secrets, changed }) => ({ secrets, changed }),
  ),
  'connector.general_error': fixed(502, 'The identity provider could not be reached; try again later.'),
  'connector.general_error#message': fixed(502, 'The message could not be sent; try again later.'),
  'connector.email_connector.bulk_deletion_no_filter': fixed(
    422,
    'Give `languageTag`, `templateType` or both: deleting every e-mail template at once is refused.',
  ),
  'connector.social_id_token_invalid': fixed(
    400,
    'The identity provider sent an ID token that is not valid.',
  ),
  'connector.authorization_failed': fixed(400, 'The identity provider did not confirm the sign-in.'),
  'connector.invalid_response': fixed(400, 'The identity provider sent no user id.'),
  'single_sign_on.duplicate_connector_name': fixed(409, 'An SSO connector with this name exists.'),
  'single_sign_on.email_outside_connector_domains': fixed(
    422,
    'Single sign-on cannot sign in to the account of this e-mail address: the address is not of a ' +
      'domain of this single sign-on connector. Sign in another way, or ask your administrator.',
  ),
} as const;

const signInExperience = {
  'account_center.not_enabled': fixed(400, 'The account center is not enabled.'),
  'account_center.field_not_editable': fixed(400, 'The account center does not let users change this field.'),
  'account_center.field_not_enabled': fixed(400, 'The account center does not show this field.'),
  'sign_in_experiences.passwordless_requires_verify': fixed(
    400,
    'An e-mail or phone sign-up identifier needs `signUp.verify`: the address is verified by a code.',
  ),
} as const;

const customProfileFields = {
  'custom_profile_fields.name_exists': fixed(422, 'A field with this name already exists.'),
  'custom_profile_fields.invalid_name': fixed(
    400,
    'A field name is made of letters and digits only (case-sensitive).',
  ),
  'custom_profile_fields.name_conflict_sign_in_identifier': described(
    400,
    ({ name }: { name: string }) => `\`${name}\` is a sign-in identifier, collected by its own step.`,
    ({ name }) => ({ name }),
  ),
  'custom_profile_fields.name_conflict_built_in_prop': described(
    400,
    ({ name }: { name: string }) => `\`${name}\` is a user member a profile field cannot write.`,
    ({ name }) => ({ name }),
  ),
  'custom_profile_fields.invalid_min_max_input': fixed(400, 'The minimum is greater than the maximum.'),
  'custom_profile_fields.invalid_options': fixed(400, 'A Select field needs options with distinct values.'),
  'custom_profile_fields.invalid_regex_format': fixed(
    400,
    'The `format` of a Regex field is not a valid pattern.',
  ),
  'custom_profile_fields.invalid_address_parts': fixed(400, 'An Address field needs at least one part.'),
  'custom_profile_fields.invalid_fullname_parts': fixed(400, 'A Fullname field needs at least one part.'),
  'custom_profile_fields.invalid_sub_component_type': fixed(
    400,
    'A part of an Address or Fullname field cannot itself be an Address or Fullname.',
  ),
  'custom_profile_fields.entity_not_exists_with_names': described(
    400,
    ({ names }: { names: string[] }) => `No custom profile field is named ${backticked(names)}.`,
    ({ names }) => ({ names }),
  ),
} as const;

const hooks = {
  'hook.send_test_payload_failed': described(
    422,
    ({ reason }: { reason: string }) => `Sending the test payload failed: ${reason}`,
  ),
  'hook.endpoint_responded_with_error': described(
    422,
    ({ statusCode }: { statusCode: number }) => `The endpoint responded with status ${statusCode}.`,
    ({ statusCode }) => ({ responseStatus: statusCode }),
  ),
  'hook.disabled': fixed(422, 'The hook is disabled; enable it first.'),
  'hook.delivery_in_flight': fixed(422, 'An attempt of this delivery is in progress.'),
  'hook.header_not_allowed': described(
    400,
    ({ name }: { name: string }) => `The header \`${name}\` cannot be configured.`,
    ({ name }) => ({ name }),
  ),
  'hook.invalid_endpoint_url': fixed(400, 'The endpoint must be an absolute http(s) URL.'),
  'hook.endpoint_address_not_allowed': described(
    400,
    ({ message }: { message: string; host: string; address: unknown }) => message,
    ({ host, address }) => ({ host, address }),
  ),
  'hook.missing_events': fixed(400, 'A hook needs at least one event.'),
} as const;

const oneTimeTokens = {
  'one_time_token.token_not_found': fixed(404, 'No one-time token has this value.'),
  'one_time_token.email_mismatch': fixed(400, 'The one-time token was issued to another e-mail address.'),
  'one_time_token.token_expired': fixed(400, 'The one-time token has expired.'),
  'one_time_token.token_consumed': fixed(400, 'The one-time token has already been used.'),
  'one_time_token.token_revoked': fixed(400, 'The one-time token has been revoked.'),
  'one_time_token.cannot_reactivate_token': fixed(400, 'A one-time token cannot be made active again.'),
} as const;

export const errorRegistry = {
  ...request,
  ...entities,
  ...auth,
  ...users,
  ...passwords,
  ...session,
  ...verification,
  ...management,
  ...organizations,
  ...connectors,
  ...signInExperience,
  ...customProfileFields,
  ...hooks,
  ...oneTimeTokens,
} as const;

export type ErrorKey = keyof typeof errorRegistry;

type ParamsOf<K extends ErrorKey> = (typeof errorRegistry)[K] extends Entry<infer P> ? P : never;

/** What a key takes: nothing for a fixed message, else its parameters (a `'4xx'` one its `status`). */
type Arguments<K extends ErrorKey> = [ParamsOf<K>] extends [void] ? [] : [ParamsOf<K>];

/** The keys whose message takes no parameters. */
export type FixedKey = { [K in ErrorKey]: Arguments<K> extends [] ? K : never }[ErrorKey];

/** The public code of a key: `auth.forbidden#missing_scope` → `auth.forbidden`. */
export const codeOf = (key: ErrorKey): string => key.split('#')[0]!;

/** Fastify's own refusal of a request (a body too large, a bad media type…), under our code. */
export function clientError(status: number, message: string): ApiError {
  switch (status) {
    case 400:
      return apiError('guard.invalid_input', { message });
    case 413:
      return apiError('request.payload_too_large', { message });
    case 415:
      return apiError('request.unsupported_media_type', { message });
    default:
      return apiError('request.invalid', { message, status });
  }
}

/** The error a registry key names, e.g. `apiError('entity.not_exists_with_id', { entity: 'role', id })`. */
export function apiError<K extends ErrorKey>(key: K, ...args: Arguments<K>): ApiError {
  const entry = errorRegistry[key] as Entry<unknown>;
  const [params] = args as [(Record<string, unknown> & { status?: number }) | undefined];
  const status = entry.status === '4xx' ? params!.status! : entry.status;
  const message = typeof entry.message === 'string' ? entry.message : entry.message(params);
  return new ApiError(status, codeOf(key), message, entry.data?.(params));
}
