import { z } from 'zod';
import { oidcConfig } from '../connectors/config-schemas.js';
import { customProfileField } from '../custom-profile-fields/custom-profile-fields.schemas.js';
import { listFields } from '../custom-profile-fields/custom-profile-fields.service.js';
import { listSignInSocialConnectors, signInSocialConnector } from '../connectors/public-connectors.js';
import { loadSignInExperience } from '../sign-in-experience/sign-in-experience.js';
import { signInExperience } from '../sign-in-experience/sign-in-experience.schemas.js';
import type { Db } from '../storage/database.js';
import { listSsoConnectorsWithDomains } from '../sso/sso-connectors.repository.js';

/** An enterprise SSO connector as a sign-in page names it (Logto's `ssoConnectors` member). */
const signInSsoConnector = z.object({
  id: z.string(),
  connectorName: z.string(),
  logo: z.string(),
  darkLogo: z.string().optional(),
});

/**
 * Logto's `/api/.well-known/sign-in-exp`: the settings with what the page offers besides
 * identifiers. `socialConnectors`: the connectors of `socialSignInConnectorTargets`, in that
 * order. `ssoConnectors`: when SSO is on, the usable ones (a valid config and a domain).
 * `customProfileFields`: what the registration's "Tell us about yourself" step asks, in order.
 */
export const publicSignInExperience = signInExperience.extend({
  socialConnectors: z.array(signInSocialConnector),
  ssoConnectors: z.array(signInSsoConnector),
  customProfileFields: z.array(customProfileField),
});

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

export async function loadPublicSignInExperience(db: Db): Promise<z.infer<typeof publicSignInExperience>> {
  const settings = await loadSignInExperience(db);
  const social = await listSignInSocialConnectors(db);
  const socialConnectors = settings.socialSignInConnectorTargets.flatMap((target) =>
    social.filter((connector) => connector.target === target),
  );
  const sso = settings.singleSignOnEnabled ? await listSsoConnectorsWithDomains(db) : [];
  const ssoConnectors = sso
    .filter((row) => oidcConfig.safeParse(row.config).success)
    .map((row) => {
      const darkLogo = text(row.branding.darkLogo);
      return {
        id: row.id,
        connectorName: text(row.branding.displayName) ?? row.connector_name,
        logo: text(row.branding.logo) ?? '',
        ...(darkLogo ? { darkLogo } : {}),
      };
    });
  return { ...settings, socialConnectors, ssoConnectors, customProfileFields: await listFields(db) };
}
