import { describe, expect, test } from 'vitest';
import {
  USERNAME_INVISIBLE_MESSAGE,
  USERNAME_LOOKALIKE_MESSAGE,
  USERNAME_MIXED_SCRIPTS_MESSAGE,
  normalizeUsername,
  usernameKey,
  usernameProblem,
} from './username';

describe('username keys: look-alikes are the same account', () => {
  test.each([
    ['ａｄｍｉｎ', 'admin'],
    ['ADMIN', 'admin'],
    ['Admin', 'admin'],
    ['admın', 'admin'],
    ['ＡＤＭＩＮ', 'admin'],
    ['straße', 'strasse'],
    ['ﬁnance', 'finance'],
    ['  admin  ', 'admin'],
  ])('%j has the key %j', (raw, key) => {
    expect(usernameKey(raw)).toBe(key);
  });

  test('the stored form is NFKC', () => {
    expect(normalizeUsername('ａｄｍｉｎ')).toBe('admin');
    expect(normalizeUsername('José')).toBe('José'.normalize('NFKC'));
  });
});

describe('refused usernames', () => {
  test.each([
    ['admin\u200b', USERNAME_INVISIBLE_MESSAGE],
    ['ad\u0000min', USERNAME_INVISIBLE_MESSAGE],
    ['\u202Enimda', USERNAME_INVISIBLE_MESSAGE],
    ['adm\u2066in', USERNAME_INVISIBLE_MESSAGE],
    ['ad\u00admin', USERNAME_INVISIBLE_MESSAGE],
    ['ad\tmin', USERNAME_INVISIBLE_MESSAGE],
    ['ad\u2028min', USERNAME_INVISIBLE_MESSAGE],
    ['ad\uFEFFmin', USERNAME_INVISIBLE_MESSAGE],
    ['аdmin', USERNAME_MIXED_SCRIPTS_MESSAGE],
    ['pаypal', USERNAME_MIXED_SCRIPTS_MESSAGE],
    ['admin\u03bf', USERNAME_MIXED_SCRIPTS_MESSAGE],
    ['асе', USERNAME_LOOKALIKE_MESSAGE],
    ['ΑΒΟ', USERNAME_LOOKALIKE_MESSAGE],
  ])('%j: %s', (raw, message) => {
    expect(usernameProblem(raw)).toBe(message);
  });

  test.each(['admin', 'jane.doe-2', 'José', 'Müller', 'Дмитрий', 'Σωκράτης', '山田たろう', '김철수', 'ana maria', 'user_42'])('%j is fine', (raw) => {
    expect(usernameProblem(raw)).toBeUndefined();
  });
});
