import { z } from 'zod';
import { ApiFailureSchema } from '../../../src/contract/api';
import {
  ContentDecisionSchema,
  DecisionStatusSchema,
  DecisionWebhookHeadersSchema,
  DecisionWebhookSchema,
  DiscardWebhookSchema,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_TTL_HOURS,
  IDEMPOTENT_REPLAYED_HEADER,
  IdempotencyKeySchema,
  IngestBodySchema,
  IngestItemSchema,
  IngestRequestSchema,
  ingestEndpoints,
} from '../../../src/contract/content';
import type { Endpoint } from '../../../src/contract/endpoint';
import { ALL_ENDPOINTS } from '../../../src/contract/endpoints';

/**
 * The published OpenAPI 3.1 document of the service API: every service-token endpoint of the
 * contract and the decision webhook, with every schema generated from the contract's zod
 * schemas (z.toJSONSchema, JSON Schema 2020-12, which OpenAPI 3.1 uses as is). Nothing here
 * restates a field: a change to the contract changes the document.
 */
type JsonSchema = Record<string, unknown>;

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description: string };
  paths: Record<string, Record<string, unknown>>;
  webhooks: Record<string, Record<string, unknown>>;
  components: {
    schemas: Record<string, JsonSchema>;
    securitySchemes: Record<string, unknown>;
    parameters: Record<string, unknown>;
    responses: Record<string, unknown>;
  };
}

export const OPENAPI_VERSION = '3.1.0';
export const API_TITLE = 'Moderation console: service API';
const SECURITY_SCHEME = 'serviceToken';

/**
 * What the endpoint object cannot say: the success status, the Idempotency-Key, and a body
 * schema that parses from `unknown` (it names bad fields better) with the shape it accepts.
 */
const OPERATION_NOTES = new Map<Endpoint, { status?: number; idempotent?: true }>([
  [ingestEndpoints.submit, { status: 202, idempotent: true }],
]);
const DOCUMENTED_INPUT = new Map<z.ZodType, z.ZodType>([[IngestRequestSchema, IngestBodySchema]]);

const DESCRIPTION = `How a client service pushes content for moderation and learns the decisions.

**Authentication.** Every call sends \`Authorization: Bearer <token>\` with the service's API token (made on the console's Service API Tokens page and shown once). A missing, unknown, revoked or expired token is a 401.

**Errors.** Every failure answers the JSON envelope \`{ "ok": false, "code", "message", "fields"? }\`: branch on \`code\`, show \`message\`; for bad input (422) \`fields\` names each bad field.

**Retries.** Send an \`Idempotency-Key\` with POST /api/v1/contents: a retry with the same key and body answers the first answer again and queues nothing twice. Keys are kept ${IDEMPOTENCY_KEY_TTL_HOURS} hours.

**Decisions.** Each decided item is POSTed to the service's callback URL (see Webhooks), signed the Standard Webhooks way, and retried with the same \`webhook-id\` until a 2xx comes back. GET /api/v1/contents/{id} reads a decision when a delivery was missed.`;

/** `/api/v1/contents/:id` as OpenAPI writes it: `/api/v1/contents/{id}`. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
}

/** `POST /api/v1/contents/:id` → `postContentsById`. */
export function operationId(endpoint: Endpoint): string {
  const words = endpoint.path
    .replace(/^\/api\/v\d+\//, '')
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? `by_${segment.slice(1)}` : segment))
    .flatMap((segment) => segment.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  return [endpoint.method.toLowerCase(), ...words.map(capitalize)].join('');
}

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** JSON Schema of one zod schema, inline (for parameters). */
function inlineSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _schema, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
}

/** One OpenAPI parameter per property of an object schema. */
function parametersOf(schema: z.ZodType | undefined, where: 'path' | 'query' | 'header') {
  if (!schema) return [];
  const json = inlineSchema(schema, 'input');
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...propertySchema } = property;
    return {
      name,
      in: where,
      required: where === 'path' || required.has(name),
      ...(typeof description === 'string' ? { description } : {}),
      schema: propertySchema,
    };
  });
}

/** Named schemas, generated together so they refer to each other by $ref. */
function componentSchemas(
  entries: [name: string, schema: z.ZodType][],
  io: 'input' | 'output',
): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const [name, schema] of entries) registry.add(schema, { id: name });
  const { schemas } = z.toJSONSchema(registry, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    uri: (id) => `#/components/schemas/${id}`,
  }) as { schemas: Record<string, JsonSchema> };
  const cleaned: Record<string, JsonSchema> = {};
  for (const [name, schema] of Object.entries(schemas)) {
    const { $schema: _schema, $id: _id, ...rest } = schema;
    cleaned[name] = rest;
  }
  return cleaned;
}

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: ref('Error') } },
});

const ERROR_RESPONSES = {
  Unauthenticated: errorResponse(
    'The bearer token is missing, unknown, revoked or expired (`unauthenticated`).',
  ),
  NotFound: errorResponse('Your service has no item with this id (`not_found`).'),
  PayloadTooLarge: errorResponse('The body is larger than 5 MiB (`payload_too_large`).'),
  BadRequest: errorResponse('The body is not JSON, or is nested too deeply (`bad_request`).'),
  Invalid: errorResponse(
    'Bad input (`validation`, `fields` names each bad field, the Idempotency-Key header too), or an Idempotency-Key used before with another body (`idempotency_key_reused`).',
  ),
  Unavailable: errorResponse(
    'The server is in maintenance or its database is briefly away (`unavailable`): retry after `Retry-After` seconds.',
  ),
};
const responseRef = (name: keyof typeof ERROR_RESPONSES) => ({
  $ref: `#/components/responses/${name}`,
});

/** The component name of `schema`: the name it was listed under, or `name` newly listed. */
function named(list: [string, z.ZodType][], name: string, schema: z.ZodType): string {
  const listed = list.find(([, candidate]) => candidate === schema);
  if (listed) return listed[0];
  list.push([name, schema]);
  return name;
}

export function serviceEndpoints(): Endpoint[] {
  return ALL_ENDPOINTS.filter((endpoint) => endpoint.access.kind === 'service-token');
}

export function buildOpenApiDocument(options: { version: string }): OpenApiDocument {
  const endpoints = serviceEndpoints();
  // Named so that the one-item and the array forms of the ingest body share one schema.
  const requestSchemas: [string, z.ZodType][] = [['IngestItem', IngestItemSchema]];
  const responseSchemas: [string, z.ZodType][] = [
    ['Error', ApiFailureSchema],
    ['DecisionWebhook', DecisionWebhookSchema],
    ['DiscardWebhook', DiscardWebhookSchema],
    ['DecisionStatus', DecisionStatusSchema],
    ['ContentDecision', ContentDecisionSchema],
  ];
  const paths: OpenApiDocument['paths'] = {};

  for (const endpoint of endpoints) {
    const id = operationId(endpoint);
    const name = capitalize(id);
    const notes = OPERATION_NOTES.get(endpoint) ?? {};
    const parameters: unknown[] = [
      ...parametersOf(endpoint.params, 'path'),
      ...parametersOf(endpoint.query, 'query'),
    ];
    if (notes.idempotent) {
      parameters.push({ $ref: '#/components/parameters/IdempotencyKey' });
    }
    const operation: Record<string, unknown> = {
      operationId: id,
      summary: endpoint.summary,
      tags: ['Service API'],
      security: [{ [SECURITY_SCHEME]: [] }],
      ...(parameters.length > 0 ? { parameters } : {}),
    };
    if (endpoint.body) {
      const body = DOCUMENTED_INPUT.get(endpoint.body) ?? endpoint.body;
      operation.requestBody = {
        required: true,
        content: {
          'application/json': { schema: ref(named(requestSchemas, `${name}Request`, body)) },
        },
      };
    }
    const responseName = named(responseSchemas, `${name}Response`, endpoint.response);
    const status = String(notes.status ?? 200);
    const success: Record<string, unknown> = {
      description: status === '202' ? 'Accepted' : 'OK',
      content: { 'application/json': { schema: ref(responseName) } },
    };
    if (notes.idempotent) {
      success.headers = {
        [capitalizeHeader(IDEMPOTENT_REPLAYED_HEADER)]: {
          description:
            'Present (`true`) when this answer repeats the answer to an earlier request with the same Idempotency-Key.',
          schema: { type: 'string', const: 'true' },
        },
      };
    }
    const responses: Record<string, unknown> = {
      [status]: success,
      '401': responseRef('Unauthenticated'),
    };
    if (endpoint.body) {
      responses['400'] = responseRef('BadRequest');
      responses['413'] = responseRef('PayloadTooLarge');
    }
    if (endpoint.params) responses['404'] = responseRef('NotFound');
    if (endpoint.body || endpoint.params || endpoint.query || notes.idempotent) {
      responses['422'] = responseRef('Invalid');
    }
    responses['503'] = responseRef('Unavailable');
    operation.responses = responses;
    const path = openApiPath(endpoint.path);
    paths[path] = { ...paths[path], [endpoint.method.toLowerCase()]: operation };
  }

  const idempotencyKey = inlineSchema(IdempotencyKeySchema, 'input');
  const { description: keyDescription, example: keyExample, ...keySchema } = idempotencyKey;

  return {
    openapi: OPENAPI_VERSION,
    info: { title: API_TITLE, version: options.version, description: DESCRIPTION },
    paths,
    webhooks: {
      contentModerated: {
        post: {
          operationId: 'contentModerated',
          summary: 'A decided item, POSTed to the service callback URL',
          description:
            "Sent once per decided item of a service with a callback URL, as JSON. Verify the signature over the raw body before parsing it. Only a 2xx answer counts as delivered: anything else (or no answer within the timeout) is retried on the console's schedule with the same webhook-id and the same body.",
          tags: ['Webhooks'],
          parameters: parametersOf(DecisionWebhookHeadersSchema, 'header'),
          requestBody: {
            required: true,
            content: { 'application/json': { schema: ref('DecisionWebhook') } },
          },
          responses: {
            '2XX': { description: 'Delivered: the console will not send this decision again.' },
            default: { description: 'Not delivered: retried later with the same webhook-id.' },
          },
        },
      },
      contentDiscarded: {
        post: {
          operationId: 'contentDiscarded',
          summary: 'An item staff discarded, POSTed to the service callback URL',
          description:
            'Sent once per item that staff took out of the queue before anyone decided it (one by one on the content tool, or in bulk), to a service with a callback URL. The item will never be decided. Same headers, signature, retries and webhook-id rules as contentModerated; tell the two apart by `type`.',
          tags: ['Webhooks'],
          parameters: parametersOf(DecisionWebhookHeadersSchema, 'header'),
          requestBody: {
            required: true,
            content: { 'application/json': { schema: ref('DiscardWebhook') } },
          },
          responses: {
            '2XX': { description: 'Delivered: the console will not send it again.' },
            default: { description: 'Not delivered: retried later with the same webhook-id.' },
          },
        },
      },
    },
    components: {
      schemas: {
        ...componentSchemas(requestSchemas, 'input'),
        ...componentSchemas(responseSchemas, 'output'),
      },
      securitySchemes: {
        [SECURITY_SCHEME]: {
          type: 'http',
          scheme: 'bearer',
          description: "The service's API token, from the Service API Tokens page.",
        },
      },
      parameters: {
        IdempotencyKey: {
          name: capitalizeHeader(IDEMPOTENCY_KEY_HEADER),
          in: 'header',
          required: false,
          description: keyDescription,
          example: keyExample,
          schema: keySchema,
        },
      },
      responses: ERROR_RESPONSES,
    },
  };
}

/** `idempotency-key` → `Idempotency-Key`, as the reference shows header names. */
function capitalizeHeader(name: string): string {
  return name.split('-').map(capitalize).join('-');
}
