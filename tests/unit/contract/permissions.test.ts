import { describe, expect, it } from 'vitest';
import {
  ALL_PERMISSIONS,
  BUILT_IN_ROLES,
  ESSENTIAL_PERMISSIONS,
  FEATURE_PERMISSIONS,
  PERMISSION_DESCRIPTIONS,
  ROLE_PERMISSIONS,
} from '../../../src/contract/permissions';
import { permissionGroups } from '../../../src/contract/routes';

describe('the permission catalogue', () => {
  it('lists every permission exactly once, grouped as the navigation groups the screens', () => {
    const groups = permissionGroups();
    const listed = groups.flatMap((group) =>
      group.screens.flatMap((screen) => [screen.permission, ...screen.features]),
    );
    expect([...listed].sort()).toEqual([...ALL_PERMISSIONS].sort());
    expect(groups.map((group) => group.name)).toEqual([
      'Main navigation',
      'Operations',
      'AI',
      'Tools',
      'Logs',
      'Services',
      'Bottom navigation',
    ]);
    const tokens = groups
      .flatMap((group) => group.screens)
      .find((screen) => screen.permission === 'section_service_tokens');
    expect(tokens?.features).toEqual(FEATURE_PERMISSIONS.filter((p) => p.includes('api_token')));
  });

  it('describes every permission in one line', () => {
    for (const permission of ALL_PERMISSIONS) {
      const text = PERMISSION_DESCRIPTIONS[permission];
      expect(text.length, permission).toBeGreaterThan(5);
      expect(text, permission).not.toMatch(/\n/);
    }
  });

  it('gives every built-in role its essential permissions by default, and the admin people and roles', () => {
    for (const role of BUILT_IN_ROLES) {
      for (const permission of ESSENTIAL_PERMISSIONS[role]) {
        expect(ROLE_PERMISSIONS[role], `${role} ${permission}`).toContain(permission);
      }
    }
    expect(ESSENTIAL_PERMISSIONS.admin).toEqual(
      expect.arrayContaining(['section_users', 'section_roles_and_permissions']),
    );
  });
});
