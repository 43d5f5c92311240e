// @vitest-environment jsdom
// First: it must run before Headless UI loads.
import '../service-tokens/dom-test-setup';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TestDeliveryResult } from '../../../../src/contract/delivery';
import type { ServiceRow } from '../../../../src/contract/services';
import { TestDeliveryDialog } from '../../../../src/features/services/components/test-delivery-dialog';
import { SERVICES_TEXTS } from '../../../../src/features/services/services-texts';
import { ApiError } from '../../../../src/lib/api-client';
import type * as ApiClientModule from '../../../../src/lib/api-client';

const TEXTS = SERVICES_TEXTS.test;

const calls = vi.hoisted(() => ({
  answers: [] as (() => Promise<unknown>)[],
  paths: [] as string[],
}));

vi.mock('../../../../src/lib/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof ApiClientModule>();
  return {
    ...actual,
    api: {
      ...actual.api,
      call: (endpoint: { path: string }, input: { params?: { id: number } }) => {
        calls.paths.push(endpoint.path.replace(':id', String(input.params?.id)));
        const next = calls.answers.shift();
        if (!next) throw new Error('no answer queued');
        return next();
      },
    },
  };
});

const SERVICE: ServiceRow = {
  id: 7,
  code: 'shop',
  name: 'Shop',
  active: true,
  priority: 0,
  tags: [],
  submit_without_tags: false,
  enable_dynamic_tags: false,
  protect_operators: 'none',
  ai_provider: 'default',
  ai_decides_alone: 'never',
  sla_minutes: 15,
  ai_word_lists: {},
  callback_url: 'https://receiver.example/hook',
  code_locked: false,
  previous_secret_expires_at: null,
  subscriber_count: 0,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

function answer(result: TestDeliveryResult) {
  calls.answers.push(async () => ({ ok: true, data: result }));
}

function renderDialog(onClose = vi.fn()) {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <TestDeliveryDialog service={SERVICE} onClose={onClose} />
    </QueryClientProvider>,
  );
  return onClose;
}

afterEach(() => {
  cleanup();
  calls.answers.length = 0;
  calls.paths.length = 0;
});

describe('TestDeliveryDialog', () => {
  it('sends once as it opens and shows status, latency and the response body', async () => {
    answer({
      url: 'https://receiver.example/hook',
      status_code: 200,
      latency_ms: 41.6,
      response_body: '{"received":true}',
      error: null,
      delivered: true,
    });
    const onClose = renderDialog();
    const result = await screen.findByTestId('test-delivery-result');
    expect(calls.paths).toEqual(['/api/services/7/test-delivery']);
    expect(within(result).getByText(TEXTS.delivered)).toBeTruthy();
    expect(within(result).getByTestId('test-delivery-status').textContent).toBe('200');
    expect(within(result).getByText('42 ms')).toBeTruthy();
    expect(within(result).getByText('{"received":true}')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: TEXTS.close }));
    expect(onClose).toHaveBeenCalled();
  });

  it('shows the error when no answer came, and sends again on request', async () => {
    answer({
      url: 'https://receiver.example/hook',
      status_code: null,
      latency_ms: 10_000,
      response_body: '',
      error: 'timed out after 10000 ms',
      delivered: false,
    });
    renderDialog();
    const result = await screen.findByTestId('test-delivery-result');
    expect(within(result).getByText(TEXTS.notDelivered)).toBeTruthy();
    expect(within(result).getByTestId('test-delivery-status').textContent).toBe(TEXTS.noStatus);
    expect(within(result).getByText('timed out after 10000 ms')).toBeTruthy();
    expect(within(result).getByText(TEXTS.emptyBody)).toBeTruthy();

    answer({
      url: 'https://receiver.example/hook',
      status_code: 500,
      latency_ms: 12,
      response_body: 'boom',
      error: null,
      delivered: false,
    });
    await userEvent.click(screen.getByRole('button', { name: TEXTS.again }));
    expect(await screen.findByText('boom')).toBeTruthy();
    expect(screen.getByTestId('test-delivery-status').textContent).toBe('500');
    expect(calls.paths).toHaveLength(2);
  });

  it("shows the server's refusal when the call fails", async () => {
    calls.answers.push(() => Promise.reject(new ApiError(404, 'There is no such page.')));
    renderDialog();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(TEXTS.failed);
    expect(alert.textContent).toContain('There is no such page.');
  });
});
