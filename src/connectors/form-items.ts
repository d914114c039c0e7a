import { z } from 'zod';

/**
 * Logto's `formItems` of a factory: what a console asks for to build a config. Keys may be dotted
 * (`auth.pass`) for a member of a nested object; `isConfidential` marks a write-only secret (set
 * from the factory's `secrets`, so the two cannot disagree). Templates are not form items: every e-mail and SMS factory takes `templates` the same way.
 */
export const formItem = z.object({
  key: z.string(),
  label: z.string(),
  type: z.enum(['Text', 'MultilineText', 'Number', 'Switch', 'Select', 'Json']),
  required: z.boolean(),
  placeholder: z.string().optional(),
  description: z.string().optional(),
  defaultValue: z.union([z.string(), z.number(), z.boolean()]).optional(),
  selectItems: z.array(z.object({ value: z.string(), title: z.string() })).optional(),
  isConfidential: z.boolean(),
});
export type FormItem = z.infer<typeof formItem>;

type Item = Omit<FormItem, 'required' | 'isConfidential'> & { required?: boolean };
const items = (...list: Item[]) => list;

const httpItems = (noun: string) =>
  items(
    {
      key: 'endpoint',
      label: 'Endpoint',
      type: 'Text',
      required: true,
      placeholder: 'https://example.com/send',
      description: `Receives each ${noun} as a JSON POST.`,
    },
    {
      key: 'authorization',
      label: 'Authorization header',
      type: 'Text',
      placeholder: 'Bearer …',
    },
  );

const clientItems = items(
  { key: 'clientId', label: 'Client ID', type: 'Text', required: true },
  { key: 'clientSecret', label: 'Client secret', type: 'Text' },
);

const byFactory: Record<string, Item[]> = {
  'simple-mail-transfer-protocol': items(
    { key: 'host', label: 'SMTP host', type: 'Text', required: true, placeholder: 'smtp.example.com' },
    { key: 'port', label: 'Port', type: 'Number', required: true, defaultValue: 587 },
    { key: 'secure', label: 'TLS from the start (port 465)', type: 'Switch' },
    { key: 'auth.user', label: 'SMTP user', type: 'Text' },
    { key: 'auth.pass', label: 'SMTP password', type: 'Text' },
    { key: 'fromEmail', label: 'From address', type: 'Text', required: true },
    { key: 'replyTo', label: 'Reply-to address', type: 'Text' },
  ),
  'http-email': httpItems('e-mail'),
  'http-sms': httpItems('text message'),
  oidc: items(
    { key: 'issuer', label: 'Issuer', type: 'Text', required: true, placeholder: 'https://idp.example.com' },
    ...clientItems,
    { key: 'scope', label: 'Scope', type: 'Text', placeholder: 'openid profile email' },
  ),
  oauth2: items(
    { key: 'authorizationEndpoint', label: 'Authorization endpoint', type: 'Text', required: true },
    { key: 'tokenEndpoint', label: 'Token endpoint', type: 'Text', required: true },
    { key: 'userInfoEndpoint', label: 'User-info endpoint', type: 'Text', required: true },
    ...clientItems,
    {
      key: 'tokenEndpointAuthMethod',
      label: 'Token endpoint authentication',
      type: 'Select',
      defaultValue: 'client_secret_post',
      selectItems: [
        { value: 'client_secret_post', title: 'Secret in the request body' },
        { value: 'client_secret_basic', title: 'HTTP Basic' },
      ],
    },
    { key: 'scope', label: 'Scope', type: 'Text' },
    { key: 'profileMap.id', label: 'Profile field: user ID', type: 'Text', defaultValue: 'id' },
    { key: 'profileMap.email', label: 'Profile field: e-mail', type: 'Text', defaultValue: 'email' },
    { key: 'profileMap.emailVerified', label: 'Profile field: e-mail verified', type: 'Text' },
    { key: 'profileMap.name', label: 'Profile field: name', type: 'Text', defaultValue: 'name' },
    { key: 'profileMap.avatar', label: 'Profile field: picture', type: 'Text', defaultValue: 'avatar' },
  ),
};

export function formItemsOf(factoryId: string, secrets: readonly string[]): FormItem[] {
  return (byFactory[factoryId] ?? []).map((item) => ({
    required: false,
    ...item,
    isConfidential: secrets.includes(item.key),
  }));
}
