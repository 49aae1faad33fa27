import { describe, expect, it } from 'vitest';
import { ADMIN_PERMISSION_KEYS, ADMIN_PERMISSION_LABELS } from './common/constants';
import {
  ACTION_PHRASES,
  ADMIN_TOGGLE_DESCRIPTIONS,
  DENIED_TEXTS,
  EVERY_ADMIN_OPENS,
  NO_PERMISSIONS_WARNING,
  togglesOpening,
} from './permission-texts';
import { ACTIONS, NO_ADMIN_PERMISSIONS, ROLE_RULES, can } from './permissions';

const adminWith = (...keys: (typeof ADMIN_PERMISSION_KEYS)[number][]) => ({
  role: 'admin' as const,
  permissions: {
    ...NO_ADMIN_PERMISSIONS,
    ...Object.fromEntries(keys.map((key) => [key, true])),
  },
});

describe('a toggle’s description says exactly what the rules open with it', () => {
  it.each(ADMIN_PERMISSION_KEYS)('%s names every action it opens, and none other', (key) => {
    const description = ADMIN_TOGGLE_DESCRIPTIONS[key];
    for (const action of ACTIONS) {
      // What this toggle changes: the action is refused without it and allowed with it, either
      // alone or alongside every other toggle.
      const alone = can(adminWith(key), action) && !can(adminWith(), action);
      const others = ADMIN_PERMISSION_KEYS.filter((other) => other !== key);
      const withOthers =
        can(adminWith(...others, key), action) && !can(adminWith(...others), action);
      const phrase = ACTION_PHRASES[action];
      if (alone || withOthers) expect(description, action).toContain(phrase);
      else
        expect(
          description.split('; ').some((part) => part.includes(phrase)),
          action,
        ).toBe(false);
    }
  });

  it('says which other toggle a shared one needs: the Money report takes Reports and Manage Cases', () => {
    expect(ADMIN_TOGGLE_DESCRIPTIONS.canManageCases).toContain(
      'the Money report (with “Access Reports”)',
    );
    expect(ADMIN_TOGGLE_DESCRIPTIONS.canAccessReports).toContain(
      'the Money report (with “Manage Cases”)',
    );
    expect(ADMIN_TOGGLE_DESCRIPTIONS.canManageCases).toContain(ACTION_PHRASES['fee-notes:view']);
  });

  it('the no-toggle warning lists exactly what every admin has', () => {
    const every = ACTIONS.filter((action) => can(adminWith(), action));
    expect(EVERY_ADMIN_OPENS).toEqual(every.map((action) => ACTION_PHRASES[action]));
    for (const action of every) expect(NO_PERMISSIONS_WARNING).toContain(ACTION_PHRASES[action]);
    // Cases need Open Files: an admin without toggles is not promised them.
    expect(NO_PERMISSIONS_WARNING).not.toContain('Cases');
  });
});

describe('every refusal names what would allow it and who can change it', () => {
  it.each(ACTIONS)('%s', (action) => {
    const sets = togglesOpening(action);
    if (sets.some((set) => set.length === 0)) return expect(DENIED_TEXTS[action]).toMatch(/\S/);
    if (sets.length === 0) {
      // No admin may: for advocates alone, or a client's own (which its words say).
      if (ROLE_RULES.client[action]) return expect(DENIED_TEXTS[action]).not.toContain('admin');
      return expect(DENIED_TEXTS[action]).toContain('for advocates');
    }
    for (const key of new Set(sets.flat())) {
      expect(DENIED_TEXTS[action]).toContain(`“${ADMIN_PERMISSION_LABELS[key].label}”`);
    }
    expect(DENIED_TEXTS[action]).toContain('an advocate turns');
  });

  it('Cases names Open Files; Billing names Manage Cases', () => {
    expect(DENIED_TEXTS['cases:view']).toContain('“Open Files” permission');
    expect(DENIED_TEXTS['fee-notes:view']).toContain('“Manage Cases” permission');
    expect(DENIED_TEXTS['reports:money']).toContain('“Access Reports” and “Manage Cases”');
  });
});
