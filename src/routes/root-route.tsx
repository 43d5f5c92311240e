import type { QueryClient } from '@tanstack/react-query';
import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import { NotFoundPage } from '../features/home/components/not-found-page';
import { NoticeHost } from '../lib/notices';

export interface RouterContext {
  queryClient: QueryClient;
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: () => (
    <>
      <Outlet />
      <NoticeHost />
    </>
  ),
  notFoundComponent: NotFoundPage,
});
