import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { newId } from '../../src/storage/ids.js';
import { completeAuthorization } from '../support/oidc-sign-in.js';
import { startTestService } from '../support/service.js';
import { createApplication } from '../support/sign-in-fixtures.js';
import { names, only, tapAllEvents } from '../experience/events.js';
import { expectStatus, openExperience } from '../experience/journeys.js';

interface Field {
  tenantId: string;
  id: string;
  name: string;
  type: string;
  label: string;
  description: string | null;
  required: boolean;
  config: Record<string, unknown>;
  createdAt: number;
  sieOrder: number;
}
interface ErrorBody {
  code: string;
  message: string;
}

describe('custom profile fields', async () => {
  const t = await startTestService();
  const create = (body: Record<string, unknown>) =>
    t.api<Field & ErrorBody>('POST', '/custom-profile-fields', body);
  const refused = async (body: Record<string, unknown>, status: number, code: string) => {
    const response = await create(body);
    assert.equal(response.status, status, JSON.stringify(response.body));
    assert.equal(response.body.code, code);
    assert.ok(response.body.message);
  };

  it('creates, reads, replaces, orders and deletes fields by name', async () => {
    const website = await create({ name: 'website', type: 'Url', label: 'Website', required: false });
    assert.equal(website.status, 201, JSON.stringify(website.body));
    assert.deepEqual(Object.keys(website.body).sort(), [
      'config',
      'createdAt',
      'description',
      'id',
      'label',
      'name',
      'required',
      'sieOrder',
      'tenantId',
      'type',
    ]);
    assert.equal(website.body.description, null);
    const plan = await create({
      name: 'plan',
      type: 'Select',
      label: 'Plan',
      required: true,
      config: { options: [{ label: 'Free', value: 'free' }, { value: 'pro' }] },
    });
    assert.equal(plan.status, 201);
    assert.equal(plan.body.sieOrder, website.body.sieOrder + 1, 'a new field goes last');

    const found = await t.api<Field>('GET', '/custom-profile-fields/plan');
    assert.deepEqual(found.body, plan.body);

    // Logto ignores a name and an order sent to PUT.
    const replaced = await t.api<Field>('PUT', '/custom-profile-fields/plan', {
      name: 'renamed',
      sieOrder: 99,
      type: 'Select',
      label: 'Your plan',
      description: 'What you pay for',
      required: false,
      config: { options: [{ value: 'team' }] },
    });
    assert.equal(replaced.status, 200, JSON.stringify(replaced.body));
    assert.equal(replaced.body.name, 'plan');
    assert.equal(replaced.body.sieOrder, plan.body.sieOrder);
    assert.equal(replaced.body.label, 'Your plan');
    assert.deepEqual(replaced.body.config, { options: [{ value: 'team' }] });

    const ordered = await t.api<Field[]>('POST', '/custom-profile-fields/properties/sie-order', {
      order: [
        { name: 'plan', sieOrder: 1 },
        { name: 'website', sieOrder: 2 },
      ],
    });
    assert.equal(ordered.status, 200, JSON.stringify(ordered.body));
    const list = await t.api<Field[]>('GET', '/custom-profile-fields');
    assert.deepEqual(
      list.body.map((field) => [field.name, field.sieOrder]),
      [
        ['plan', 1],
        ['website', 2],
      ],
    );

    assert.equal((await t.api('DELETE', '/custom-profile-fields/plan')).status, 204);
    assert.equal((await t.api('DELETE', '/custom-profile-fields/website')).status, 204);
    assert.deepEqual((await t.api<Field[]>('GET', '/custom-profile-fields')).body, []);
  });

  it('answers an unknown name with 404 entity.not_exists', async () => {
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { type: 'Text', required: false }],
      ['DELETE', undefined],
    ] as const) {
      const response = await t.api<ErrorBody>(method, '/custom-profile-fields/nothing', body);
      assert.equal(response.status, 404, method);
      assert.equal(response.body.code, 'entity.not_exists', method);
    }
    const order = await t.api<ErrorBody>('POST', '/custom-profile-fields/properties/sie-order', {
      order: [{ name: 'nothing', sieOrder: 1 }],
    });
    assert.equal(order.status, 400);
    assert.equal(order.body.code, 'custom_profile_fields.entity_not_exists_with_names');
  });

  it('refuses a taken name with 422, as Logto does', async () => {
    assert.equal((await create({ name: 'company', type: 'Text', required: false })).status, 201);
    await refused(
      { name: 'company', type: 'Text', required: true },
      422,
      'custom_profile_fields.name_exists',
    );
    await t.api('DELETE', '/custom-profile-fields/company');
  });

  it('refuses invalid definitions with Logto codes', async () => {
    await refused({ name: '', type: 'Text', required: true }, 400, 'custom_profile_fields.invalid_name');
    await refused(
      { name: 'customData.x', type: 'Text', required: true },
      400,
      'custom_profile_fields.invalid_name',
    );
    await refused(
      { name: 'primaryEmail', type: 'Text', required: true },
      400,
      'custom_profile_fields.name_conflict_sign_in_identifier',
    );
    await refused(
      { name: 'preferredUsername', type: 'Text', required: true },
      400,
      'custom_profile_fields.name_conflict_built_in_prop',
    );
    await refused({ name: 'x', type: 'Nope', required: true }, 400, 'guard.invalid_input');
    await refused(
      { name: 'bio', type: 'Text', required: false, config: { minLength: 10, maxLength: 2 } },
      400,
      'custom_profile_fields.invalid_min_max_input',
    );
    await refused(
      { name: 'plan', type: 'Select', required: false },
      400,
      'custom_profile_fields.invalid_options',
    );
    await refused(
      { name: 'code', type: 'Regex', required: false, config: { format: '([a-z' } },
      400,
      'custom_profile_fields.invalid_regex_format',
    );
    await refused(
      { name: 'fullname', type: 'Fullname', required: false, config: { parts: [] } },
      400,
      'custom_profile_fields.invalid_fullname_parts',
    );
    await refused(
      {
        name: 'address',
        type: 'Address',
        required: false,
        config: { parts: [{ name: 'formatted', type: 'Address', enabled: true, required: true }] },
      },
      400,
      'custom_profile_fields.invalid_sub_component_type',
    );
    assert.deepEqual((await t.api<Field[]>('GET', '/custom-profile-fields')).body, []);
  });

  it('creates a batch in one transaction: all of it or nothing', async () => {
    const batch = await t.api<Field[]>('POST', '/custom-profile-fields/batch', [
      {
        name: 'gender',
        type: 'Select',
        required: false,
        config: { options: [{ value: 'f' }, { value: 'm' }] },
      },
      { name: 'birthdate', type: 'Date', required: false, config: { format: 'yyyy-MM-dd' } },
    ]);
    assert.equal(batch.status, 201, JSON.stringify(batch.body));
    assert.deepEqual(
      batch.body.map((field) => field.name),
      ['gender', 'birthdate'],
    );
    const repeated = await t.api<ErrorBody>('POST', '/custom-profile-fields/batch', [
      { name: 'nickname', type: 'Text', required: false },
      { name: 'gender', type: 'Text', required: false },
    ]);
    assert.equal(repeated.status, 422);
    assert.equal(repeated.body.code, 'custom_profile_fields.name_exists');
    const tooMany = await t.api<ErrorBody>(
      'POST',
      '/custom-profile-fields/batch',
      Array.from({ length: 21 }, (_, index) => ({ name: `field${index}`, type: 'Text', required: false })),
    );
    assert.equal(tooMany.status, 400);
    assert.equal(tooMany.body.code, 'guard.invalid_input');
    assert.deepEqual(
      (await t.api<Field[]>('GET', '/custom-profile-fields')).body.map((field) => field.name),
      ['gender', 'birthdate'],
    );
    await t.api('DELETE', '/custom-profile-fields/gender');
    await t.api('DELETE', '/custom-profile-fields/birthdate');
  });

  it('collects the values at registration: required ones before submit, written to profile and customData', async () => {
    const app = await createApplication(t, 'Traditional');
    const events = await tapAllEvents(t);
    const fields = [
      { name: 'name', type: 'Text', label: 'Name', required: false },
      { name: 'birthdate', type: 'Date', label: 'Birth date', required: false },
      {
        name: 'fullname',
        type: 'Fullname',
        label: 'Full name',
        required: false,
        config: {
          parts: [
            { name: 'givenName', type: 'Text', enabled: true, required: true },
            { name: 'familyName', type: 'Text', enabled: true, required: false },
          ],
        },
      },
      { name: 'age', type: 'Number', label: 'Age', required: true, config: { minValue: 18 } },
      {
        name: 'plan',
        type: 'Select',
        label: 'Plan',
        required: true,
        config: { options: [{ value: 'pro' }] },
      },
      { name: 'terms', type: 'Checkbox', label: 'Terms', required: true },
      { name: 'code', type: 'Regex', label: 'Code', required: false, config: { format: '[A-Z]{3}' } },
    ];
    expectStatus(await t.api('POST', '/custom-profile-fields/batch', fields), 201);
    const publicSettings = expectStatus(await t.api('GET', '/.well-known/sign-in-exp'), 200);
    assert.deepEqual(
      publicSettings.customProfileFields.map((field: Field) => field.name),
      fields.map((field) => field.name),
    );
    await events.take();

    const { authorization, call } = await openExperience(t, app);
    const username = `cpf_${newId(8)}`;
    expectStatus(await call('PUT', '', { interactionEvent: 'Register' }), 204);
    expectStatus(await call('POST', '/profile', { type: 'username', value: username }), 204);
    expectStatus(
      await call('POST', '/profile', { type: 'password', value: 'Profile-Fields-Password-42' }),
      204,
    );
    const missing = expectStatus(await call('POST', '/submit'), 422, 'user.missing_profile');
    assert.deepEqual(missing.data.missingProfile, ['age', 'plan', 'terms']);

    for (const [body, why] of [
      [{ age: 12 }, 'below minValue'],
      [{ age: '30' }, 'not a number'],
      [{ plan: 'free' }, 'not an option'],
      [{ code: 'abcd' }, 'not the pattern'],
      [{ birthdate: 'someday' }, 'not a date'],
      [{ fullname: { familyName: 'Doe' } }, 'a required part missing'],
      [{ unknown: 'x' }, 'no such field'],
    ] as const) {
      expectStatus(await call('PATCH', '/profile', body), 400, 'guard.invalid_input');
      assert.ok(why);
    }
    expectStatus(await call('PATCH', '/profile', { age: 30, plan: 'pro', terms: false }), 204);
    const unticked = expectStatus(await call('POST', '/submit'), 422, 'user.missing_profile');
    assert.deepEqual(unticked.data.missingProfile, ['terms']);
    expectStatus(
      await call('PATCH', '/profile', {
        terms: true,
        name: 'Ada Lovelace',
        birthdate: '1815-12-10',
        fullname: { givenName: 'Ada', familyName: 'Lovelace' },
        code: 'ABC',
      }),
      204,
    );
    const { redirectTo } = expectStatus(await call('POST', '/submit'), 200);
    const userId = (await completeAuthorization(authorization, redirectTo)).claims()!.sub;

    const user = expectStatus(await t.api('GET', `/users/${userId}`), 200);
    assert.equal(user.name, 'Ada Lovelace');
    assert.deepEqual(user.profile, { birthdate: '1815-12-10', givenName: 'Ada', familyName: 'Lovelace' });
    assert.deepEqual(user.customData, { age: 30, plan: 'pro', terms: true, code: 'ABC' });
    const created = only(await events.take(), 'User.Created');
    assert.deepEqual(created.data.customData, user.customData);
    assert.equal(created.data.name, 'Ada Lovelace');

    for (const field of fields) await t.api('DELETE', `/custom-profile-fields/${field.name}`);
  });

  it('takes custom profile values only in a registration', async () => {
    const app = await createApplication(t, 'Traditional');
    const { call } = await openExperience(t, app);
    expectStatus(await call('PUT', '', { interactionEvent: 'SignIn' }), 204);
    expectStatus(await call('PATCH', '/profile', {}), 422, 'session.profile_not_supported');
    assert.ok(names);
  });
});
