/** Tables of the webhooks domain. */
export interface WebhooksTables {}
