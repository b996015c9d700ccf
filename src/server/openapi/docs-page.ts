import { PARTNER_LOGIN_PATH } from './partner-login';
import { SIGNATURE_MESSAGES } from '../domain/auth/partner-signature';
import type { Operation, PartnerOpenApi, PathItem, SchemaNode } from './types';

/**
 * The partner API as a page, rendered here from the OpenAPI document: no script (the CSP allows
 * none inline, and there is no CDN to load a viewer from); the one <style> is allowed by the CSP's
 * style-src 'unsafe-inline' (plugins/security-headers.ts). Long values wrap rather than scroll, so
 * the page reads at 390 px.
 */
const STYLE = `
body { margin: 0; font: 16px/1.5 system-ui, sans-serif; color: #1a1a1a; background: #fff; }
main { max-width: 60rem; margin: 0 auto; padding: 1rem; }
pre, code { font-family: ui-monospace, monospace; font-size: 0.875rem; overflow-wrap: anywhere; }
pre { white-space: pre-wrap; background: #f3f4f6; padding: 0.75rem; border-radius: 4px; }
table { border-collapse: collapse; width: 100%; margin-bottom: 1rem; }
th, td { text-align: left; vertical-align: top; padding: 0.4rem; border-bottom: 1px solid #d1d5db; overflow-wrap: anywhere; }
.names th:first-child { width: 40%; }
.kind { color: #4b5563; font-size: 0.875rem; }
.answers td:first-child { white-space: nowrap; }
.messages { margin: 0.25rem 0 0; padding-left: 1.25rem; }
section { margin-top: 2rem; }
`;

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

/** One line of the documents' text: escaped, with its `code`. */
const inline = (line: string) =>
  escape(line).replace(/`([^`]+)`/g, (_all, code: string) => `<code>${code}</code>`);

/** The documents' text: paragraphs, `- ` lists and `code`, nothing more. */
function prose(text: string): string {
  return text
    .split('\n\n')
    .map((block) => {
      const lines = block.split('\n');
      if (!lines.every((line) => line.startsWith('- '))) return `<p>${inline(block)}</p>`;
      return `<ul>${lines.map((line) => `<li>${inline(line.slice(2))}</li>`).join('')}</ul>`;
    })
    .join('\n');
}

function table(headers: string[], rows: string[][], className?: string): string {
  const head = headers.map((header) => `<th scope="col">${header}</th>`).join('');
  const body = rows.map((row) => `<tr>${row.map((cell) => `<td>${cell}</td>`).join('')}</tr>`);
  return `<table${className ? ` class="${className}"` : ''}><thead><tr>${head}</tr></thead><tbody>${body.join('')}</tbody></table>`;
}

function typeOf(node: SchemaNode): string {
  if (node.const !== undefined) return `always ${JSON.stringify(node.const)}`;
  if (node.type === 'array') return node.items?.type === 'object' ? 'list of objects' : 'list';
  if (node.type === 'string') return node.format ? `text (${node.format})` : 'text';
  return node.type ?? 'any';
}

function limits(node: SchemaNode): string[] {
  const said: string[] = [];
  if (node.pattern) said.push(`Matches <code>${escape(node.pattern)}</code>.`);
  if (node.maxLength !== undefined) said.push(`At most ${node.maxLength} characters.`);
  if (node.minItems !== undefined || node.maxItems !== undefined)
    said.push(`${node.minItems ?? 0} to ${node.maxItems ?? 'any number of'} items.`);
  if (node.minimum !== undefined) said.push(`At least ${node.minimum}.`);
  return said;
}

/** A field's name over its type: two narrow columns would leave the description no room at 390 px. */
function nameCell(name: string, kind: string): string {
  // Long paths break after a dot first.
  const breakable = escape(name).replace(/\./g, '.<wbr>');
  return `<code>${breakable}</code><br><span class="kind">${kind}</span>`;
}

/** One row a field, nested fields by their path (`events[].id`). */
function fieldRows(node: SchemaNode, prefix = ''): string[][] {
  return Object.entries(node.properties ?? {}).flatMap(([name, field]) => {
    const path = `${prefix}${name}`;
    const required = node.required?.includes(name) ? 'required' : 'optional';
    const text = [field.description ? inline(field.description) : '', ...limits(field)];
    const row = [nameCell(path, `${typeOf(field)}, ${required}`), text.join(' ')];
    const inner = field.type === 'array' ? field.items : field;
    const innerPrefix = `${path}${field.type === 'array' ? '[]' : ''}.`;
    return [row, ...(inner?.properties ? fieldRows(inner, innerPrefix) : [])];
  });
}

const fieldTable = (node: SchemaNode) => table(['Field', 'Description'], fieldRows(node), 'names');

function answersTable(operation: Operation): string {
  const rows = Object.entries(operation.responses).map(([status, answer]) => {
    const examples = answer.content?.['application/json'].examples ?? {};
    const messages = Object.keys(examples).map((message) => `<li>“${escape(message)}”</li>`);
    const list = messages.length ? `<ul class="messages">${messages.join('')}</ul>` : '';
    return [status, `${inline(answer.description)}${list}`];
  });
  return table(['Status', 'When, and the message answered'], rows, 'answers');
}

function operationSection(method: string, path: string, operation: Operation): string {
  const parts = [
    `<section aria-labelledby="${operation.operationId}">`,
    `<h3 id="${operation.operationId}">${escape(operation.summary)}: <code>${method.toUpperCase()} ${escape(path)}</code></h3>`,
    prose(operation.description),
  ];
  if (operation.parameters?.length) {
    const rows = operation.parameters.map((parameter) => [
      nameCell(
        parameter.name,
        `${typeOf(parameter.schema)}, ${parameter.required ? 'required' : 'optional'}`,
      ),
      inline(parameter.description),
    ]);
    parts.push('<h4>Query parameters</h4>', table(['Name', 'Description'], rows, 'names'));
  }
  const body = operation.requestBody?.content['application/json'].schema;
  if (body) parts.push('<h4>Request body</h4>', fieldTable(body));
  parts.push('<h4>Answers</h4>', answersTable(operation));
  const okSchema = operation.responses['200']?.content?.['application/json'].schema;
  if (okSchema?.properties) parts.push('<h4>Answer fields (200)</h4>', fieldTable(okSchema));
  parts.push('</section>');
  return parts.join('\n');
}

function operationsOf(paths: Record<string, PathItem>): string[] {
  return Object.entries(paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => operationSection(method, path, operation)),
  );
}

function signingSection(document: PartnerOpenApi): string {
  const { secret, timestamp, requests } = document['x-signing-example'];
  const examples = requests.map((request) => {
    const sent = request.body ?? request.path;
    return [
      `<h3>Worked example: <code>${request.method} ${escape(request.path)}</code></h3>`,
      table(
        ['Secret', 'Timestamp'],
        [[`<code>${escape(secret)}</code>`, `<code>${timestamp}</code>`]],
      ),
      `<h4>${request.body === undefined ? 'Path and query' : 'Body'}</h4>`,
      `<pre>${escape(sent)}</pre>`,
      '<h4>String signed</h4>',
      `<pre>${escape(request.stringToSign)}</pre>`,
      '<h4>Signature (hex)</h4>',
      `<pre>${request.signature}</pre>`,
      '<h4>With curl</h4>',
      `<pre>${escape(request.curl)}</pre>`,
    ].join('\n');
  });
  return [
    '<section aria-labelledby="signing">',
    '<h2 id="signing">Signing a request</h2>',
    prose(document.components.securitySchemes.partnerSignature.description),
    prose(
      `The examples were signed at a fixed time, so sent as they are they get “${SIGNATURE_MESSAGES.stale}”: sign with the current time to try them.`,
    ),
    ...examples,
    '</section>',
  ].join('\n');
}

export function docsPage(document: PartnerOpenApi): string {
  const webhook = document.webhooks.partnerLogin.post!;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(document.info.title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${escape(document.info.title)}</h1>
${prose(document.info.description)}
<p>The same as an OpenAPI 3.1 document: <a href="openapi.json">openapi.json</a>.</p>
${signingSection(document)}
<section aria-labelledby="operations">
<h2 id="operations">Operations</h2>
${operationsOf(document.paths).join('\n')}
</section>
<section aria-labelledby="partner-login">
<h2 id="partner-login">Partner login: the endpoint your site provides</h2>
${operationSection('post', `{your site}${PARTNER_LOGIN_PATH}`, webhook)}
</section>
</main>
</body>
</html>
`;
}
