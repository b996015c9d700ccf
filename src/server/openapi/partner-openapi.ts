import type * as v from 'valibot';
import { toJsonSchema, type ConversionConfig } from '@valibot/to-json-schema';
import type { Endpoint } from '../../shared/contract/endpoint';
import {
  MAX_CLICK_BATCH,
  partnerCategories,
  partnerClicks,
  partnerPlacements,
} from '../../shared/contract/partner';
import {
  MAX_CLOCK_SKEW_SECONDS,
  SIGNATURE_HEADER,
  SIGNATURE_MESSAGES,
  TIMESTAMP_HEADER,
} from '../domain/auth/partner-signature';
import { AUTH_MESSAGES } from '../routes/auth-messages';
import { PARTNER_LOGIN_PATH, PartnerLoginAnswer, PartnerLoginRequest } from './partner-login';
import {
  curlOf,
  EXAMPLE_SECRET,
  EXAMPLE_TIMESTAMP,
  SIGNING_DESCRIPTION,
  SIGNING_EXAMPLES,
} from './signing';
import type { Answer, Operation, PartnerOpenApi, PathItem, SchemaNode } from './types';

const CONVERSION: ConversionConfig = {
  target: 'draft-2020-12',
  // What the partner's login endpoint receives is already trimmed (PartnerLoginBody trims); a click
  // time's check that a Date can read it is the date-time format's own meaning.
  ignoreActions: ['trim', 'check'],
};

function schemaOf(schema: v.GenericSchema): SchemaNode {
  // The converter writes one type name per schema, as SchemaNode says; $schema belongs to a whole document.
  const node = toJsonSchema(schema, CONVERSION) as SchemaNode & { $schema?: string };
  delete node.$schema;
  return node;
}

function errorAnswer(description: string, messages: readonly string[]): Answer {
  const examples = Object.fromEntries(
    messages.map((message) => [message, { value: { success: false as const, message } }]),
  );
  return {
    description,
    content: {
      'application/json': { schema: { $ref: '#/components/schemas/Error' }, examples },
    },
  };
}

const UNSIGNED = errorAnswer(
  `The signature is missing, wrong, or its timestamp is more than ${MAX_CLOCK_SKEW_SECONDS} s from our clock.`,
  Object.values(SIGNATURE_MESSAGES),
);

function partnerOperation(
  endpoint: Endpoint,
  operation: Omit<Operation, 'responses'> & { okDescription: string },
  errors: Record<string, Answer> = {},
): Operation {
  const { okDescription, ...rest } = operation;
  const ok = {
    description: okDescription,
    content: { 'application/json': { schema: schemaOf(endpoint.response) } },
  };
  const requestBody = endpoint.body && {
    required: true as const,
    content: { 'application/json': { schema: schemaOf(endpoint.body) } },
  };
  return {
    ...rest,
    ...(requestBody && { requestBody }),
    responses: { '200': ok, ...errors, '401': UNSIGNED },
  };
}

function partnerPaths(): Record<string, PathItem> {
  const clicksExample = SIGNING_EXAMPLES.find((example) => example.method === 'POST');
  const clicks = partnerOperation(
    partnerClicks,
    {
      operationId: 'reportClicks',
      summary: 'Report clicks',
      description: `Reports clicks on promoted profiles, in steady batches of up to ${MAX_CLICK_BATCH}. Each event id is billed at most once, however often it is sent: a batch whose answer was lost is simply sent again. Sign the body's exact bytes.`,
      okDescription: 'The batch was taken: what became of its events.',
    },
    {
      '400': errorAnswer('The body is not JSON, or the first problem found in it.', [
        'Request body is not valid JSON',
        'A batch needs at least one click',
        'Each click id must be a UUIDv7 made when the click happened',
      ]),
      // No figure: the limit is routes/partner.ts's, set so that any valid batch fits.
      '413': errorAnswer('The body is larger than any valid batch.', ['Request body is too large']),
      '415': errorAnswer('The body is not sent as application/json.', [
        'Requests must be sent as JSON',
      ]),
    },
  );
  if (clicks.requestBody && clicksExample?.body) {
    clicks.requestBody.content['application/json'].example = JSON.parse(clicksExample.body);
  }
  return {
    [`/api/${partnerCategories.path}`]: {
      get: partnerOperation(partnerCategories, {
        operationId: 'listCategories',
        summary: 'List categories',
        description: 'The categories whose placements can be asked for, by slug.',
        okDescription: 'Every category, in display order.',
      }),
    },
    [`/api/${partnerPlacements.path}`]: {
      get: partnerOperation(
        partnerPlacements,
        {
          operationId: 'listPlacements',
          summary: 'Profiles to promote in a category',
          description:
            'The profiles to promote now in a category, in rank order. Sign the path with its query string, as sent.',
          parameters: [
            {
              name: 'category',
              in: 'query',
              required: true,
              description: 'The category’s slug, from List categories.',
              schema: { type: 'string' },
            },
          ],
          okDescription: 'The placements of the category, best rank first.',
        },
        { '404': errorAnswer('No category has this slug.', ['Unknown category']) },
      ),
    },
    [`/api/${partnerClicks.path}`]: { post: clicks },
  };
}

function partnerLoginWebhook(timeoutMs: number): PathItem {
  return {
    post: {
      operationId: 'partnerLogin',
      summary: 'Partner login',
      description: `Provided by you, called by us: when an advertiser signs in with a partner account, our server posts the credentials they typed to ${PARTNER_LOGIN_PATH} on your site (the PARTNER_URL setting) and waits up to ${timeoutMs / 1000} s. Not signed: it carries the credentials themselves.`,
      security: [],
      requestBody: {
        required: true,
        content: { 'application/json': { schema: schemaOf(PartnerLoginRequest) } },
      },
      responses: {
        '200': {
          description: 'The credentials are right: the account they belong to.',
          content: { 'application/json': { schema: schemaOf(PartnerLoginAnswer) } },
        },
        '401': {
          description: `The credentials are wrong: the advertiser sees “${AUTH_MESSAGES.invalidPartnerLogin}”`,
        },
        '403': { description: 'Taken as 401.' },
        default: {
          description: `Any other status, no answer within ${timeoutMs / 1000} s, or a 200 not of this shape: your site counts as unreachable and the advertiser sees “${AUTH_MESSAGES.partnerUnreachable}”`,
        },
      },
    },
  };
}

/** The OpenAPI 3.1 document of the partner API (design §5), from the contract's schemas. */
export function partnerOpenApi(options: { appUrl: string; partnerTimeoutMs: number }) {
  const document: PartnerOpenApi = {
    openapi: '3.1.0',
    info: {
      title: 'PromoClicks partner API',
      version: '1',
      description:
        'For the partner site: which profiles to promote, and the clicks on them to bill. Every call is signed: see Signing a request (the security schemes). Partner login runs the other way: your site provides the endpoint and our server calls it (a webhook, in OpenAPI terms).',
    },
    servers: [{ url: options.appUrl, description: 'This server' }],
    security: [{ partnerTimestamp: [], partnerSignature: [] }],
    paths: partnerPaths(),
    webhooks: { partnerLogin: partnerLoginWebhook(options.partnerTimeoutMs) },
    components: {
      securitySchemes: {
        partnerTimestamp: {
          type: 'apiKey',
          in: 'header',
          name: TIMESTAMP_HEADER,
          description: 'The time of sending, in whole seconds since 1970-01-01 UTC.',
        },
        partnerSignature: {
          type: 'apiKey',
          in: 'header',
          name: SIGNATURE_HEADER,
          description: SIGNING_DESCRIPTION,
        },
      },
      schemas: {
        Error: {
          type: 'object',
          properties: {
            success: { const: false },
            message: { type: 'string', description: 'What went wrong, in words.' },
          },
          required: ['success', 'message'],
        },
      },
    },
    'x-signing-example': {
      secret: EXAMPLE_SECRET,
      timestamp: EXAMPLE_TIMESTAMP,
      requests: SIGNING_EXAMPLES.map((example) => ({
        ...example,
        curl: curlOf(example, options.appUrl),
      })),
    },
  };
  return document;
}
