import type { SigningExample } from './signing';

/** The part of JSON Schema the converter writes for our contract, and the docs page reads. */
export interface SchemaNode {
  type?: string;
  const?: unknown;
  format?: string;
  pattern?: string;
  description?: string;
  minimum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, SchemaNode>;
  required?: string[];
  items?: SchemaNode;
  $ref?: string;
}

/** An answer; an error answer lists its messages as examples. */
export interface Answer {
  description: string;
  content?: {
    'application/json': {
      schema: SchemaNode;
      examples?: Record<string, { value: { success: false; message: string } }>;
    };
  };
}

export interface Operation {
  operationId: string;
  summary: string;
  description: string;
  security?: [];
  parameters?: {
    name: string;
    in: 'query';
    required: boolean;
    description: string;
    schema: SchemaNode;
  }[];
  requestBody?: {
    required: true;
    content: { 'application/json': { schema: SchemaNode; example?: unknown } };
  };
  responses: Record<string, Answer>;
}

export type PathItem = Partial<Record<'get' | 'post', Operation>>;

/** The worked example as the document states it (x-signing-example). */
export interface SigningExampleDoc {
  secret: string;
  timestamp: number;
  requests: (SigningExample & { curl: string })[];
}

export interface HeaderScheme {
  type: 'apiKey';
  in: 'header';
  name: string;
  description: string;
}

/** The OpenAPI 3.1 document of the partner API, as far as partner-openapi.ts writes it. */
export interface PartnerOpenApi {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: { url: string; description: string }[];
  security: Record<string, []>[];
  paths: Record<string, PathItem>;
  webhooks: { partnerLogin: PathItem };
  components: {
    securitySchemes: Record<'partnerTimestamp' | 'partnerSignature', HeaderScheme>;
    schemas: Record<string, SchemaNode>;
  };
  'x-signing-example': SigningExampleDoc;
}
