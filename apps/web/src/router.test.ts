import { describe, expect, it } from 'vitest';
import { DEV_PAGES, DEV_PAGE_ROUTES, PAGE_ROUTES } from './router';

describe('the route table', () => {
  it('routes no demo or test page outside development builds (this test build is not one)', () => {
    expect(DEV_PAGES).toBe(false);
    const paths = new Set(PAGE_ROUTES.map(([path]) => path));
    expect(DEV_PAGE_ROUTES).toHaveLength(6);
    for (const [path] of DEV_PAGE_ROUTES) expect(paths.has(path), path).toBe(false);
    expect(PAGE_ROUTES.some(([, file]) => file.includes('/pages/test/'))).toBe(false);
    expect(PAGE_ROUTES.at(-1)?.[0]).toBe('*');
  });
});
