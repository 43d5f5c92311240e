import { describe, expect, it } from 'vitest';
import type { OnlineUser } from '../../../../src/contract/online-users';
import {
  countByStatus,
  filterOnlineUsers,
  minutesSince,
} from '../../../../src/features/online-users/online-users-filter';
import { ONLINE_USERS_TEXTS } from '../../../../src/features/online-users/online-users-texts';

const user = (overrides: Partial<OnlineUser>): OnlineUser => ({
  id: 1,
  username: 'someone',
  first_name: '',
  last_name: '',
  role: 'operator',
  status: 'idle',
  status_since: null,
  items_held: 0,
  devices: [],
  ...overrides,
});

const USERS = [
  user({ id: 1, username: 'olive', first_name: 'Olive', last_name: 'Oyl', status: 'moderating' }),
  user({ id: 2, username: 'bart', first_name: 'Bart', last_name: 'Batch', status: 'parked' }),
  user({ id: 3, username: 'dev', role: 'developer', status: 'idle' }),
  user({ id: 4, username: 'olaf', status: 'elsewhere' }),
];

describe('the online users filter', () => {
  it('narrows by status and by a search over username, full name and role', () => {
    const ids = (filter: Parameters<typeof filterOnlineUsers>[1]) =>
      filterOnlineUsers(USERS, filter).map((entry) => entry.id);
    expect(ids({ status: '', search: '' })).toEqual([1, 2, 3, 4]);
    expect(ids({ status: 'parked', search: '' })).toEqual([2]);
    expect(ids({ status: '', search: ' OL ' })).toEqual([1, 4]);
    expect(ids({ status: '', search: 'batch' })).toEqual([2]);
    expect(ids({ status: '', search: 'developer' })).toEqual([3]);
    expect(ids({ status: 'moderating', search: 'olaf' })).toEqual([]);
  });

  it('counts every status, zero included', () => {
    expect(countByStatus(USERS)).toEqual({ moderating: 1, elsewhere: 1, parked: 1, idle: 1 });
    expect(countByStatus([])).toEqual({ moderating: 0, elsewhere: 0, parked: 0, idle: 0 });
  });

  it('says for how long, from whole minutes', () => {
    const now = Date.parse('2025-05-01T12:00:00Z');
    expect(minutesSince('2025-05-01T11:59:30Z', now)).toBe(0);
    expect(minutesSince('2025-05-01T10:55:00Z', now)).toBe(65);
    expect(minutesSince('2025-05-01T12:05:00Z', now)).toBe(0);
    expect(minutesSince(null, now)).toBe(0);
    expect(ONLINE_USERS_TEXTS.duration(0)).toBe('just now');
    expect(ONLINE_USERS_TEXTS.duration(12)).toBe('for 12 min');
    expect(ONLINE_USERS_TEXTS.duration(65)).toBe('for 1 h 05 min');
  });
});
