import { IDEMPOTENCY_KEY_HEADER } from '../../contract/content';
import { INGEST_PATH } from '../../contract/sandbox';

/**
 * Copyable calls of the ingest API for a chosen service: curl and TypeScript (fetch, Node 18+ or
 * a browser-less runtime). The token is never known to the page (tokens are shown once, when
 * made on Service API Tokens): the samples read it from MODERATION_TOKEN.
 */
export interface SampleInput {
  /** The console's origin, e.g. https://console.example.com. */
  origin: string;
  serviceCode: string;
  text: string;
}

function sampleBody(input: SampleInput) {
  return {
    subscriber_id: `${input.serviceCode}-subscriber-1`,
    user_id: 'user-42',
    username: 'sample user',
    message_type: 'text',
    content: input.text,
  };
}

/** A single-quoted shell word: every ' becomes '\'' so any text survives. */
function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

export function curlSample(input: SampleInput): string {
  const body = JSON.stringify(sampleBody(input));
  return [
    `# Token of service "${input.serviceCode}" (made on Service API Tokens)`,
    `export MODERATION_TOKEN='...'`,
    `curl -X POST ${shellQuote(`${input.origin}${INGEST_PATH}`)} \\`,
    `  -H "Authorization: Bearer $MODERATION_TOKEN" \\`,
    `  -H "Idempotency-Key: $(uuidgen)" \\`,
    `  -H 'content-type: application/json' \\`,
    `  -d ${shellQuote(body)}`,
  ].join('\n');
}

export function typescriptSample(input: SampleInput): string {
  const body = JSON.stringify(sampleBody(input), null, 2).replace(/\n/g, '\n  ');
  return [
    `// Token of service "${input.serviceCode}" (made on Service API Tokens).`,
    `const token = process.env.MODERATION_TOKEN;`,
    ``,
    `const response = await fetch(${JSON.stringify(`${input.origin}${INGEST_PATH}`)}, {`,
    `  method: 'POST',`,
    `  headers: {`,
    `    authorization: \`Bearer \${token}\`,`,
    `    'content-type': 'application/json',`,
    `    // The same key on a retry: the items are queued once.`,
    `    '${IDEMPOTENCY_KEY_HEADER}': crypto.randomUUID(),`,
    `  },`,
    `  body: JSON.stringify(${body}),`,
    `});`,
    `if (response.status !== 202) throw new Error(\`refused: \${await response.text()}\`);`,
    `const { data } = (await response.json()) as { data: { ids: number[] } };`,
    `console.log('queued as', data.ids);`,
  ].join('\n');
}
