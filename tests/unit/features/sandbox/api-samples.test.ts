import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { curlSample, typescriptSample } from '../../../../src/features/sandbox/api-samples';

const input = {
  origin: 'https://console.example.com',
  serviceCode: 'shop',
  text: 'It\'s a "quoted" line; rm -rf / $(whoami)',
};

describe('ingest API samples', () => {
  it('curl posts to the ingest path with the bearer token, an idempotency key and the text', () => {
    const sample = curlSample(input);
    expect(sample).toContain("curl -X POST 'https://console.example.com/api/v1/contents'");
    expect(sample).toContain('-H "Authorization: Bearer $MODERATION_TOKEN"');
    expect(sample).toContain('-H "Idempotency-Key: $(uuidgen)"');
    expect(sample).toContain('"subscriber_id":"shop-subscriber-1"');
  });

  it('quotes the text so a shell passes it unchanged, whatever it holds', () => {
    const line = curlSample(input).split('\n').at(-1) ?? '';
    const word = line.replace(/^\s*-d /, '');
    // The shell's own reading of the quoted word, echoed back.
    const echoed = execFileSync('sh', ['-c', `printf '%s' ${word}`], { encoding: 'utf8' });
    expect(JSON.parse(echoed)).toMatchObject({ content: input.text, message_type: 'text' });
  });

  it('TypeScript sends the same request with fetch and reads the ids', () => {
    const sample = typescriptSample(input);
    expect(sample).toContain('await fetch("https://console.example.com/api/v1/contents"');
    expect(sample).toContain("'idempotency-key': crypto.randomUUID()");
    expect(sample).toContain('"content": "It\'s a \\"quoted\\" line; rm -rf / $(whoami)"');
    expect(sample).toContain('data.ids');
  });
});
