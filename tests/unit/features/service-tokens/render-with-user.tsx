import { vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import type { CurrentUser } from '../../../../src/contract/auth';
import { currentUserQuery } from '../../../../src/features/auth/api/current-user';
import { renderInRouter } from '../../../support/render-in-router';

export function userWith(permissions: string[]): CurrentUser {
  return {
    id: 1,
    username: 'admin',
    email: null,
    first_name: 'Ada',
    last_name: 'Admin',
    role: 'admin',
    permissions: ['section_service_tokens', ...permissions],
    max_content: 6,
    is_batch_moderator: false,
    park_time: null,
    must_change_password: false,
    two_factor_setup_required: false,
  };
}

/**
 * Renders below a fresh QueryClient that already knows the signed-in user, as the page of a
 * route (list screens keep their page and filters in the URL).
 */
export function renderWithUser(ui: ReactElement, user: CurrentUser, url = '/list') {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 60_000 } },
  });
  queryClient.setQueryData(currentUserQuery.queryKey, user);
  return renderInRouter(ui, { url, queryClient });
}

/** A fetch double answering JSON by path; records every requested URL. */
export function fakeFetch(answer: (url: URL, init: RequestInit | undefined) => unknown) {
  const urls: URL[] = [];
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    urls.push(url);
    const body = answer(url, init);
    const status = body instanceof Response ? body.status : 200;
    if (body instanceof Response) return body;
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return { spy, urls };
}
