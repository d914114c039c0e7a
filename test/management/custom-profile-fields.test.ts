import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { startTestService } from '../support/service.js';

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
});
