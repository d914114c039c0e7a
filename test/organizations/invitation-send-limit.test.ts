import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { newId } from '../../src/storage/ids.js';
import { startTestService } from '../support/service.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;
const inAnHour = () => Date.now() + 3_600_000;

describe('invitation messages are limited per address and organization', async () => {
  // Two sends an hour keep the test short; the minimum gap does not apply to invitations.
  const t = await startTestService({ env: { TESSERA_SEND_LIMIT_PER_HOUR: '2' } });
  const newOrganization = async () =>
    (await t.api<Any>('POST', '/organizations', { name: `Org ${newId(4)}` })).body.id as string;
  const invite = (organizationId: string, invitee: string) =>
    t.api<Any>('POST', '/organization-invitations', {
      invitee,
      organizationId,
      expiresAt: inAnHour(),
      messagePayload: { link: 'https://app.example.com/invite' },
    });
  const sentTo = async (invitee: string) =>
    (await t.api<Any[]>('GET', `/messages?recipient=${encodeURIComponent(invitee)}`)).body.length;

  it('answers 429 request.message_rate_limited with Retry-After once the hour is full, sending nothing', async () => {
    const org = await newOrganization();
    const invitee = `limited.${newId(6).toLowerCase()}@example.com`;
    const created = await invite(org, invitee);
    assert.equal(created.status, 201);
    const resend = () =>
      t.api<Any>('POST', `/organization-invitations/${created.body.id}/message`, {
        link: 'https://x.example',
      });
    assert.equal((await resend()).status, 204, 'a resend at once is fine');
    const refused = await resend();
    assert.equal(refused.status, 429);
    assert.equal(refused.body.code, 'request.message_rate_limited');
    const wait = Number(refused.headers.get('retry-after'));
    assert.ok(wait > 0 && wait <= 3600, `Retry-After ${refused.headers.get('retry-after')}`);
    assert.equal(refused.body.data.retryAfterSeconds, wait);
    assert.equal(await sentTo(invitee), 2);

    // A new invitation with a message to the same address in the same organization is refused too,
    // however the address is spelled, and nothing is kept.
    const again = await invite(org, invitee.toUpperCase());
    assert.equal(again.status, 429);
    const listed = await t.api<Any[]>('GET', `/organization-invitations?organizationId=${org}`);
    assert.equal(listed.body.length, 1);

    // Another organization inviting the same address counts on its own.
    assert.equal((await invite(await newOrganization(), invitee)).status, 201);
    assert.equal(await sentTo(invitee), 3);
  });
});
