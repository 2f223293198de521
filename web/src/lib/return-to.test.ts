import { describe, expect, it } from 'vitest';
import { loginPathFor, safeReturnPath } from './return-to';

describe('safeReturnPath: only same-site relative paths', () => {
  it.each([
    ['/quote-request', '/quote-request'],
    ['/catalog?q=valve&page=2', '/catalog?q=valve&page=2'],
    ['/part/x#specs', '/part/x#specs'],
    ['/admin?tab=parts', '/admin?tab=parts'],
  ])('accepts %j', (value, expected) => {
    expect(safeReturnPath(value)).toBe(expected);
  });

  it.each([
    null,
    undefined,
    '',
    'quote-request',
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    '/\\/evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    '/%0d%0aSet-Cookie:x',
    ' /quote-request',
    '/auth?returnTo=/x',
  ])('refuses %j', (value) => {
    expect(safeReturnPath(value)).toBeNull();
  });
});

describe('loginPathFor', () => {
  it('carries the current location, except the default ones', () => {
    expect(loginPathFor('/auth', '/quote-request')).toBe('/auth?returnTo=%2Fquote-request');
    expect(loginPathFor('/auth', '/catalog?q=a%20b')).toBe('/auth?returnTo=%2Fcatalog%3Fq%3Da%2520b');
    expect(loginPathFor('/auth', '/')).toBe('/auth');
    expect(loginPathFor('/auth', '/auth?returnTo=%2Fx')).toBe('/auth?returnTo=%2Fx');
    expect(loginPathFor('/admin/login', '/admin')).toBe('/admin/login');
    expect(loginPathFor('/admin/login', '/admin?tab=parts')).toBe('/admin/login?returnTo=%2Fadmin%3Ftab%3Dparts');
  });
});
