import { describe, expect, it } from 'vitest';
import {
  newWebhookSecret,
  signWebhook,
  signatureHeader,
  verifyWebhook,
} from '../../../../server/features/delivery/webhook-signature';

describe('Standard Webhooks signatures', () => {
  it('reproduces the reference example of the Standard Webhooks libraries', () => {
    // The fixed vector of the reference implementations' tests (secret, msg id, timestamp, body
    // and the signature they compute): a receiver's library verifies what we send.
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const id = 'msg_p5jXN8AQM9LWM0D4loKWxJek';
    const timestamp = 1614265330;
    const body = '{"test": 2432232314}';
    expect(signWebhook(secret, id, timestamp, body)).toBe(
      'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    );
    expect(
      verifyWebhook(
        secret,
        {
          id,
          timestamp: String(timestamp),
          signature: signatureHeader([secret], id, timestamp, body),
        },
        body,
        { now: timestamp * 1000 },
      ),
    ).toBe(true);
  });

  it('signs with every secret given, space-separated, and each one verifies alone', () => {
    const current = newWebhookSecret();
    const previous = newWebhookSecret();
    const timestamp = Math.floor(Date.now() / 1000);
    const header = signatureHeader([current, previous], 'msg_1', timestamp, '{}');
    expect(header.split(' ')).toHaveLength(2);
    expect(header).toMatch(/^v1,\S+ v1,\S+$/);
    const headers = { id: 'msg_1', timestamp: String(timestamp), signature: header };
    expect(verifyWebhook(current, headers, '{}')).toBe(true);
    expect(verifyWebhook(previous, headers, '{}')).toBe(true);
    expect(verifyWebhook(newWebhookSecret(), headers, '{}')).toBe(false);
  });
});
