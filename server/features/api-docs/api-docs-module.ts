import { readFileSync } from 'node:fs';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { fromRoot } from '../../paths';
import type { ServerContext } from '../../server-context';
import { API_TITLE, buildOpenApiDocument } from './openapi-document';

/** Where the reference lives: a page for people and the document for tools. */
export const API_DOCS_PATH = '/api/docs';
export const OPENAPI_JSON_PATH = `${API_DOCS_PATH}/openapi.json`;

/** The contract's version of the service API, shown in the reference. */
export const SERVICE_API_VERSION = '1.0.0';

/**
 * The published reference of the service API, open to everyone (integrators read it before
 * they have an account): the OpenAPI document built from the contract, at OPENAPI_JSON_PATH,
 * and Swagger UI at API_DOCS_PATH. Swagger UI's page loads only files of this origin and no
 * inline script, so it runs under the console's Content-Security-Policy as it is.
 */
export async function registerApiDocs(context: ServerContext): Promise<void> {
  const { http } = context;
  const document = buildOpenApiDocument({ version: SERVICE_API_VERSION });
  // Static mode: the document is the one built above, not one gathered from Fastify's routes.
  await http.register(swagger, {
    mode: 'static',
    // Its typings know OpenAPI 2.0 and 3.0 documents only; the plugin serves 3.1 as it is.
    specification: { document: document as never },
  });
  await http.register(swaggerUi, {
    routePrefix: API_DOCS_PATH,
    theme: {
      title: API_TITLE,
      css: [
        {
          filename: 'api-docs-theme.css',
          content: readFileSync(
            fromRoot('server', 'features', 'api-docs', 'api-docs-theme.css'),
            'utf8',
          ),
        },
      ],
    },
    uiConfig: {
      // Without the top bar that would let a visitor load any other document's URL.
      layout: 'BaseLayout',
      // Deep links put an anchor inside each operation's toggle button (nested controls).
      deepLinking: false,
      // The highlighter's colours fail contrast on its dark code blocks.
      syntaxHighlight: false,
      docExpansion: 'list',
      defaultModelsExpandDepth: 1,
    },
  });
  http.get(OPENAPI_JSON_PATH, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').send(document),
  );
}
