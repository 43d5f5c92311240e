import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { contentIdSchema } from '../contract/validation';
import { appRoute, requireRoute } from './app-route';

/** The tools staff use when something goes wrong or needs trying. Loaded on first visit. */
export const contentSenderRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/content-sender',
  beforeLoad: requireRoute('/content-sender'),
  component: lazyRouteComponent(
    () => import('../features/content-sender/components/content-sender-page'),
    'ContentSenderPage',
  ),
});

/** A positive item id from the address, or nothing: a bad value is dropped, not an error. */
function itemIdSearch(name: string) {
  return (search: Record<string, unknown>): Record<string, number | undefined> => {
    const parsed = contentIdSchema(name).safeParse(search[name]);
    return parsed.success ? { [name]: parsed.data } : {};
  };
}

/** `?id=`: the item looked up, so a link opens its timeline. */
export const contentToolRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/content-tool',
  validateSearch: (search: Record<string, unknown>): { id?: number } => itemIdSearch('id')(search),
  beforeLoad: requireRoute('/content-tool'),
  component: lazyRouteComponent(
    () => import('../features/content-tool/components/content-tool-page'),
    'ContentToolPage',
  ),
});

export const discardRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/discard',
  beforeLoad: requireRoute('/discard'),
  component: lazyRouteComponent(
    () => import('../features/discard/components/discard-page'),
    'DiscardPage',
  ),
});

/** `?run=`: the Dev Box run on screen, so a reload keeps watching it. */
export const sandboxRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/sandbox',
  validateSearch: (search: Record<string, unknown>): { run?: number } =>
    itemIdSearch('run')(search),
  beforeLoad: requireRoute('/sandbox'),
  component: lazyRouteComponent(
    () => import('../features/sandbox/components/sandbox-page'),
    'SandboxPage',
  ),
});
