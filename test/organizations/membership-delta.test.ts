import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MEMBERSHIP_DELTA_LIMIT, membershipPayload } from '../../src/organizations/membership-delta.js';

const ids = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}${i}`);

describe('Organization.Membership.Updated delta rules', () => {
  it('always carries data: null and the organization id', () => {
    assert.deepEqual(membershipPayload('org1', 'users.add', {}), { data: null, organizationId: 'org1' });
  });

  it('omits empty arrays, so a no-op has no delta field at all (rules 1 and 2)', () => {
    const payload = membershipPayload('org1', 'users.replace', { addedUserIds: [], removedUserIds: [] });
    assert.deepEqual(payload, { data: null, organizationId: 'org1' });
    assert.equal('addedUserIds' in payload, false);
    assert.equal('removedUserIds' in payload, false);
  });

  it('keeps both sides of a replacement', () => {
    assert.deepEqual(
      membershipPayload('o', 'users.replace', { addedUserIds: ['b'], removedUserIds: ['a'] }),
      {
        data: null,
        organizationId: 'o',
        addedUserIds: ['b'],
        removedUserIds: ['a'],
      },
    );
  });

  it('cuts each array to its first 5000 entries without a marker (rule 3)', () => {
    const added = ids('u', 6000);
    const removed = ids('r', MEMBERSHIP_DELTA_LIMIT);
    const payload = membershipPayload('o', 'users.replace', { addedUserIds: added, removedUserIds: removed });
    assert.equal(MEMBERSHIP_DELTA_LIMIT, 5000);
    assert.deepEqual(payload.addedUserIds, added.slice(0, 5000));
    assert.deepEqual(payload.removedUserIds, removed);
    assert.deepEqual(Object.keys(payload).sort(), [
      'addedUserIds',
      'data',
      'organizationId',
      'removedUserIds',
    ]);
  });

  it('sends only the delta fields its trigger may produce (rule 4)', () => {
    const everything = {
      addedUserIds: ['u1'],
      removedUserIds: ['u2'],
      addedApplicationIds: ['a1'],
      removedApplicationIds: ['a2'],
    };
    const fieldsOf = (trigger: Parameters<typeof membershipPayload>[1]) =>
      Object.keys(membershipPayload('o', trigger, everything))
        .filter((key) => key !== 'data' && key !== 'organizationId')
        .sort();
    assert.deepEqual(fieldsOf('users.add'), ['addedUserIds']);
    assert.deepEqual(fieldsOf('users.replace'), ['addedUserIds', 'removedUserIds']);
    assert.deepEqual(fieldsOf('users.remove'), ['removedUserIds']);
    assert.deepEqual(fieldsOf('applications.add'), ['addedApplicationIds']);
    assert.deepEqual(fieldsOf('applications.replace'), ['addedApplicationIds', 'removedApplicationIds']);
    assert.deepEqual(fieldsOf('applications.remove'), ['removedApplicationIds']);
    assert.deepEqual(fieldsOf('invitation.accept'), ['addedUserIds']);
  });

  it('does not share the caller array', () => {
    const added = ['u1'];
    const payload = membershipPayload('o', 'users.add', { addedUserIds: added });
    added.push('u2');
    assert.deepEqual(payload.addedUserIds, ['u1']);
  });
});
