import { describe, expect, it } from 'vitest';
import { describeEvent } from '../../../../src/features/content-tool/content-tool-texts';

const at = '2026-03-05T14:07:09.000Z';

describe('the content tool’s timeline texts', () => {
  it('says why a lease ended, with the console’s own unmap reason', () => {
    expect(
      describeEvent({
        kind: 'lease',
        at,
        operator: 'olive',
        ended_at: at,
        end_reason: 'unmapped',
        end_detail: 'cannot_load',
        expires_at: null,
      }),
    ).toMatchObject({
      title: 'Leased to olive',
      lines: [
        'Until Mar 05, 2026 02:07:09 PM: given back by the console (its media could not be loaded).',
      ],
    });
    expect(
      describeEvent({
        kind: 'lease',
        at,
        operator: null,
        ended_at: at,
        end_reason: 'lapsed',
        end_detail: null,
        expires_at: null,
      }),
    ).toMatchObject({ title: 'Leased to a deleted user', tone: 'bad' });
  });

  it('names a running lease’s end, a decision taken back, a bulk discard and a failed attempt', () => {
    expect(
      describeEvent({
        kind: 'lease',
        at,
        operator: 'olive',
        ended_at: null,
        end_reason: null,
        end_detail: null,
        expires_at: at,
      }).lines,
    ).toEqual(['Holds it now; the lease ends Mar 05, 2026 02:07:09 PM unless renewed.']);
    expect(
      describeEvent({
        kind: 'decided',
        at,
        source: 'human',
        operator: 'olive',
        tags: ['hate_speech'],
        additional: 'scam',
        taken_back: true,
      }),
    ).toMatchObject({
      title: 'Decided by olive',
      lines: ['Tags: Hate Speech, custom “scam”.', 'Taken back by a later requeue.'],
    });
    expect(
      describeEvent({
        kind: 'action',
        at,
        action: 'discarded',
        by: 'admin',
        reason: 'spam wave',
        discard_job_id: 7,
      }),
    ).toMatchObject({
      title: 'Discarded by admin',
      lines: ['Bulk discard #7.', 'Reason: spam wave'],
    });
    expect(
      describeEvent({
        kind: 'attempt',
        at,
        webhook_id: 'msg_1',
        attempt: 2,
        status_code: null,
        error_code: 'TIMEOUT',
        latency_ms: 15000,
        response_excerpt: '',
      }),
    ).toMatchObject({ title: 'Delivery attempt 2: TIMEOUT', lines: ['15,000 ms'], tone: 'bad' });
  });
});
