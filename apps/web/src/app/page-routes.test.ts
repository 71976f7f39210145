import { QueryClient } from '@tanstack/react-query';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PAGE_ROUTES, pageRouteOf, pathPattern } from './page-routes';
import { createRoutes } from './router';

const routes = createRoutes(new QueryClient());

/** The router's routes under `/` (through its pathless error-boundary route), by path ('' for the index). */
function routerPaths(): string[] {
  const pages = routes[0]?.children?.[0]?.children ?? [];
  return pages.map((route) => (route.index ? '' : (route.path ?? '')));
}

/** A pathname a route path matches: each parameter and splat filled in. */
function sample(path: string): string {
  const segments = path
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment === '*' ? 'a/b' : segment.startsWith(':') ? 'x-1' : segment));
  return `/${segments.join('/')}`;
}

/** The path of the route React Router renders for a pathname. */
function routerPick(pathname: string): string | undefined {
  const matches = matchRoutes(routes as RouteObject[], pathname);
  const deepest = matches?.at(-1)?.route;
  if (!deepest) return undefined;
  return deepest.index ? '' : deepest.path;
}

describe('the page routes the server preloads', () => {
  it('are the router’s routes', () => {
    expect(PAGE_ROUTES.map((route) => route.path).sort()).toEqual(routerPaths().sort());
  });

  it('pick, for a path of each route, the route React Router picks', () => {
    for (const route of PAGE_ROUTES) {
      const pathname = sample(route.path);
      expect(pageRouteOf(pathname)?.path, pathname).toBe(routerPick(pathname));
    }
    for (const pathname of [
      '/explore/drops/',
      '/@ada',
      '/Explore/NFTS',
      '/marketplace/collection/0xab/3',
      '/a/b/c',
    ]) {
      expect(pageRouteOf(pathname)?.path, pathname).toBe(routerPick(pathname));
    }
  });

  it('match like React Router: any case, an optional trailing slash, optional segments', () => {
    expect(pathPattern('explore/:x').test('/EXPLORE/nfts/')).toBe(true);
    expect(pathPattern('explore/:x').test('/explore/nfts/more')).toBe(false);
    expect(pathPattern('account/settings/:section?').test('/account/settings')).toBe(true);
    expect(pathPattern('account/settings/:section?').test('/account/settings/security')).toBe(true);
    expect(pageRouteOf('/')?.page).toBe('home');
    expect(pageRouteOf('/login')?.page).toBeNull();
    expect(pageRouteOf('/atlas')?.page).toBe('storefront');
  });
});
