import type { ConnectorsTables } from './tables/connectors.js';
import type { ConsentScopesTables } from './tables/consent-scopes.js';
import type { CoreTables } from './tables/core.js';
import type { CustomProfileFieldsTables } from './tables/custom-profile-fields.js';
import type { EmailTemplatesTables } from './tables/email-templates.js';
import type { ExperienceTables } from './tables/experience.js';
import type { ImpersonationTables } from './tables/impersonation.js';
import type { MfaTables } from './tables/mfa.js';
import type { OrganizationsTables } from './tables/organizations.js';
import type { TokensTables } from './tables/tokens.js';
import type { WebhooksTables } from './tables/webhooks.js';

/** Every table of every domain; each domain declares its own in `tables/`. */
export interface Database
  extends
    CoreTables,
    ConnectorsTables,
    ImpersonationTables,
    WebhooksTables,
    OrganizationsTables,
    ExperienceTables,
    MfaTables,
    TokensTables,
    ConsentScopesTables,
    EmailTemplatesTables,
    CustomProfileFieldsTables {}
