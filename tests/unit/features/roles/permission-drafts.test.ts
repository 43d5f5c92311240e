import { describe, expect, it } from 'vitest';
import {
  countChanges,
  toggled,
  type Drafts,
} from '../../../../src/features/roles/permission-drafts';

const operator = { id: 3, permissions: ['section_moderation', 'section_park'] };
const customer = { id: 4, permissions: ['section_customer_moderation'] };

describe('permission drafts', () => {
  it('collects a change per role and counts the cells that differ', () => {
    let drafts: Drafts = new Map();
    drafts = toggled(drafts, operator, 'section_profile', true);
    drafts = toggled(drafts, operator, 'section_park', false);
    drafts = toggled(drafts, customer, 'section_dashboard', true);
    expect([...(drafts.get(operator.id) ?? [])].sort()).toEqual([
      'section_moderation',
      'section_profile',
    ]);
    expect(countChanges([operator, customer], drafts)).toEqual({ cells: 3, roles: 2 });
  });

  it('forgets a role whose draft is back to what it has', () => {
    let drafts: Drafts = new Map();
    drafts = toggled(drafts, operator, 'section_profile', true);
    drafts = toggled(drafts, operator, 'section_profile', false);
    expect(drafts.has(operator.id)).toBe(false);
    expect(countChanges([operator], drafts)).toEqual({ cells: 0, roles: 0 });
  });

  it('counts against the saved permissions, so a refetch after saving leaves nothing pending', () => {
    const drafts = toggled(new Map(), operator, 'section_profile', true);
    const saved = { ...operator, permissions: [...operator.permissions, 'section_profile'] };
    expect(countChanges([saved], drafts)).toEqual({ cells: 0, roles: 0 });
  });
});
