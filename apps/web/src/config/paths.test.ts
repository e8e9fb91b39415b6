import { describe, expect, it } from 'vitest';
import { paths, safeRedirect } from './paths';

describe('safeRedirect', () => {
  it('follows same-site paths and refuses anything that leaves the site', () => {
    expect(safeRedirect('/profile?tab=1')).toBe('/profile?tab=1');
    expect(safeRedirect(null)).toBe('/dashboard');
    expect(safeRedirect('https://evil.example')).toBe('/dashboard');
    expect(safeRedirect('//evil.example')).toBe('/dashboard');
    expect(safeRedirect('/\\evil.example')).toBe('/dashboard');
  });

  it('builds the login link that remembers the page', () => {
    expect(paths.login.getHref('/user/7')).toBe('/login?redirectTo=%2Fuser%2F7');
    expect(paths.user.getHref(7)).toBe('/user/7');
  });
});
