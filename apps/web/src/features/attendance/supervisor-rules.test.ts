import { ROLE } from '@prosa/shared/roles';
import { describe, expect, it } from 'vitest';
import { supervisorActions } from './supervisor-rules';

describe("the managers' actions on a card", () => {
  it('are never offered to operators', () => {
    expect(supervisorActions({ role: ROLE.operator, autoDist: true, locked: true })).toEqual([]);
  });

  it('offer the queue only with automatic distribution, and removal only of a locked card', () => {
    expect(supervisorActions({ role: ROLE.manager, autoDist: false, locked: false })).toEqual([]);
    expect(supervisorActions({ role: ROLE.manager, autoDist: true, locked: false })).toEqual([
      'queue',
      'front-queue',
    ]);
    expect(supervisorActions({ role: ROLE.admin, autoDist: false, locked: true })).toEqual(['remove-locked']);
    expect(supervisorActions({ role: ROLE.admin, autoDist: true, locked: true })).toEqual([
      'queue',
      'front-queue',
      'remove-locked',
    ]);
  });
});
