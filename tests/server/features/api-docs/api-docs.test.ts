import { describe, expect, it } from 'vitest';
import { ingestEndpoints } from '../../../../src/contract/content';
import { ALL_ENDPOINTS } from '../../../../src/contract/endpoints';
import {
  API_DOCS_PATH,
  OPENAPI_JSON_PATH,
} from '../../../../server/features/api-docs/api-docs-module';
import {
  openApiPath,
  type OpenApiDocument,
} from '../../../../server/features/api-docs/openapi-document';
import { useTestServer } from '../../../support/test-server';

type Json = Record<string, unknown>;

/** Every `$ref` in a JSON value. */
function refsIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) refsIn(item, found);
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string') found.push(item);
      else refsIn(item, found);
    }
  }
  return found;
}

/** What a JSON pointer (`#/components/schemas/X`) points at in the document, if anything. */
function resolve(document: unknown, pointer: string): unknown {
  if (!pointer.startsWith('#/')) return undefined;
  return pointer
    .slice(2)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>(
      (node, part) => (node && typeof node === 'object' ? (node as Json)[part] : undefined),
      document,
    );
}

/** The $ref of the JSON schema of a request body or a response. */
function jsonSchemaRef(holder: Json): string {
  const media = (holder.content as Record<string, { schema: { $ref: string } }>)[
    'application/json'
  ];
  return media?.schema.$ref ?? '';
}

describe('the published API reference', () => {
  const server = useTestServer();

  const fetchDocument = async () => {
    const response = await server.client().get(OPENAPI_JSON_PATH);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    return response.body as OpenApiDocument;
  };

  it('serves an OpenAPI 3.1 document to anyone, without signing in', async () => {
    const document = await fetchDocument();
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(document.info.title).toBeTruthy();
    expect(document.components.securitySchemes.serviceToken).toEqual(
      expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    );
    // Swagger UI reads the same document from its own path.
    const forUi = await server.client().get(`${API_DOCS_PATH}/json`);
    expect(forUi.status).toBe(200);
    expect(forUi.body).toEqual(document);
  });

  it('has every service-token endpoint of the contract, with its schemas, auth and errors', async () => {
    const document = await fetchDocument();
    const serviceEndpoints = ALL_ENDPOINTS.filter((e) => e.access.kind === 'service-token');
    expect(serviceEndpoints.length).toBeGreaterThanOrEqual(2);
    for (const endpoint of serviceEndpoints) {
      const operation = document.paths[openApiPath(endpoint.path)]?.[
        endpoint.method.toLowerCase()
      ] as Json | undefined;
      expect(operation, `${endpoint.method} ${endpoint.path}`).toBeDefined();
      if (!operation) continue;
      expect(operation.summary).toBe(endpoint.summary);
      expect(operation.security).toEqual([{ serviceToken: [] }]);
      const responses = operation.responses as Json;
      const success = Object.entries(responses).find(([status]) => status.startsWith('2'));
      const successSchema = resolve(document, jsonSchemaRef(success?.[1] as Json)) as Json;
      expect(successSchema.type).toBe('object');
      expect(Object.keys(successSchema.properties as Json)).toEqual(['ok', 'data']);
      expect(resolve(document, (responses['401'] as Json).$ref as string)).toBeDefined();
      if (endpoint.body) {
        const body = resolve(document, jsonSchemaRef(operation.requestBody as Json)) as Json;
        // A body schema JSON Schema cannot express would come out as {} here.
        expect(Object.keys(body).length).toBeGreaterThan(0);
      }
      if (endpoint.params) {
        const parameters = operation.parameters as Json[];
        expect(parameters.filter((p) => p.in === 'path').map((p) => p.name)).toEqual(
          Object.keys((endpoint.params as unknown as { shape: Json }).shape),
        );
      }
    }
  });

  it('documents the ingest body, the Idempotency-Key and the error envelope', async () => {
    const document = await fetchDocument();
    const ingest = document.paths[openApiPath(ingestEndpoints.submit.path)]?.post as Json;
    expect(Object.keys(ingest.responses as Json)).toEqual(
      expect.arrayContaining(['202', '401', '422']),
    );
    expect(ingest.parameters).toContainEqual({ $ref: '#/components/parameters/IdempotencyKey' });
    expect(document.components.parameters.IdempotencyKey).toMatchObject({
      name: 'Idempotency-Key',
      in: 'header',
      schema: { type: 'string', minLength: 8, maxLength: 255 },
    });
    const body = document.components.schemas.PostContentsRequest as Json;
    expect(body.anyOf).toHaveLength(2);
    const item = document.components.schemas.PostContentsRequest?.anyOf as Json[];
    const itemSchema = resolve(document, item[0]?.$ref as string) as Json;
    expect(itemSchema.required).toEqual(
      expect.arrayContaining(['subscriber_id', 'user_id', 'message_type', 'content']),
    );
    const error = document.components.schemas.Error as Json;
    expect(error.required).toEqual(['ok', 'code', 'message']);
    expect((error.properties as Json).code).toMatchObject({
      enum: expect.arrayContaining(['validation', 'idempotency_key_reused']),
    });
  });

  it('documents the decision webhook with its signature headers', async () => {
    const document = await fetchDocument();
    const webhook = document.webhooks.contentModerated?.post as Json;
    expect(webhook).toBeDefined();
    const headers = (webhook.parameters as Json[]).map((p) => [p.name, p.in]);
    expect(headers).toEqual([
      ['webhook-id', 'header'],
      ['webhook-timestamp', 'header'],
      ['webhook-signature', 'header'],
    ]);
    const payload = document.components.schemas.DecisionWebhook as Json;
    const data = (payload.properties as Json).data as Json;
    expect(data.required).toEqual(
      expect.arrayContaining(['content_id', 'moderated_status', 'decided_at']),
    );
  });

  it('has no $ref that points nowhere', async () => {
    const document = await fetchDocument();
    const refs = refsIn(document);
    expect(refs.length).toBeGreaterThan(5);
    for (const pointer of refs) {
      expect(resolve(document, pointer), pointer).toBeDefined();
    }
  });

  it('serves the reference page and its assets, public and under the CSP', async () => {
    const page = await server.client().get(API_DOCS_PATH);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
    const assets = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]);
    expect(assets.length).toBeGreaterThanOrEqual(4);
    // No inline script: the console's CSP would refuse it.
    expect(page.text).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    for (const asset of assets) {
      const url = new URL(asset ?? '', `${server.baseUrl}${API_DOCS_PATH}`);
      const response = await fetch(url);
      expect(response.status, url.pathname).toBe(200);
    }
  });
});
