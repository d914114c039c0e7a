import type { Migration } from 'kysely';
import * as foundation from './0001_foundation.js';
import * as impersonation from './0002_impersonation.js';
import * as webhooks from './0003_webhooks.js';
import * as organizations from './0004_organizations.js';
import * as experience from './0005_experience.js';
import * as experienceFlows from './0006_experience_flows.js';
import * as grants from './0007_grants.js';
import * as retention from './0008_retention.js';
import * as identityVerifications from './0009_identity_verifications.js';
import * as mfa from './0010_mfa.js';
import * as connectors from './0011_connectors.js';
import * as applicationSecrets from './0012_application_secrets.js';
import * as consentOrganizations from './0013_consent_organizations.js';
import * as organizationAccess from './0014_organization_access.js';
import * as singleDefaultResource from './0015_single_default_resource.js';
import * as outboxWithoutHookLock from './0016_outbox_without_hook_lock.js';
import * as subjectTokenHotConsume from './0017_subject_token_hot_consume.js';
import * as attemptsInDeliveryRow from './0018_attempts_in_delivery_row.js';
import * as lockoutPerFactor from './0019_lockout_per_factor.js';
import * as consoleSetup from './0020_console_setup.js';
import * as passwordAlgorithm from './0021_password_algorithm.js';
import * as applicationSecretValues from './0022_application_secret_values.js';
import * as recordedMessagePayload from './0023_recorded_message_payload.js';
import * as deliveryTraceParent from './0024_delivery_trace_parent.js';
import * as personalAccessTokens from './0025_personal_access_tokens.js';
import * as oneTimeTokens from './0026_one_time_tokens.js';
import * as organizationRoleType from './0027_organization_role_type.js';
import * as applicationUserConsentScopes from './0030_application_user_consent_scopes.js';
import * as emailTemplates from './0031_email_templates.js';
import * as instances from './0035_instances.js';
import * as pendingSigningKeys from './0036_pending_signing_keys.js';
import * as accountCenter from './0045_account_center.js';
import * as customProfileFields from './0050_custom_profile_fields.js';
import * as oneTimeTokenExpiry from './0055_one_time_token_expiry.js';
import * as socialVerificationRecords from './0060_social_verification_records.js';

/** In order; names are the keys Kysely records, so never rename one that has shipped. */
export const migrations: Record<string, Migration> = {
  '0001_foundation': foundation,
  '0002_impersonation': impersonation,
  '0003_webhooks': webhooks,
  '0004_organizations': organizations,
  '0005_experience': experience,
  '0006_experience_flows': experienceFlows,
  '0007_grants': grants,
  '0008_retention': retention,
  '0009_identity_verifications': identityVerifications,
  '0010_mfa': mfa,
  '0011_connectors': connectors,
  '0012_application_secrets': applicationSecrets,
  '0013_consent_organizations': consentOrganizations,
  '0014_organization_access': organizationAccess,
  '0015_single_default_resource': singleDefaultResource,
  '0016_outbox_without_hook_lock': outboxWithoutHookLock,
  '0017_subject_token_hot_consume': subjectTokenHotConsume,
  '0018_attempts_in_delivery_row': attemptsInDeliveryRow,
  '0019_lockout_per_factor': lockoutPerFactor,
  '0020_console_setup': consoleSetup,
  '0021_password_algorithm': passwordAlgorithm,
  '0022_application_secret_values': applicationSecretValues,
  '0023_recorded_message_payload': recordedMessagePayload,
  '0024_delivery_trace_parent': deliveryTraceParent,
  '0025_personal_access_tokens': personalAccessTokens,
  '0026_one_time_tokens': oneTimeTokens,
  '0027_organization_role_type': organizationRoleType,
  '0030_application_user_consent_scopes': applicationUserConsentScopes,
  '0031_email_templates': emailTemplates,
  '0035_instances': instances,
  '0036_pending_signing_keys': pendingSigningKeys,
  '0045_account_center': accountCenter,
  '0050_custom_profile_fields': customProfileFields,
  '0055_one_time_token_expiry': oneTimeTokenExpiry,
  '0060_social_verification_records': socialVerificationRecords,
};
