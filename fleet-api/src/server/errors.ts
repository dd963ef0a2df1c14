/**
 * One shape for every failure: `{status:false, message}` (and the message's `code`: server/messages.ts). Bad input is a 400 that names the field,
 * unknown routes a 404, anything unexpected a logged 500 without details.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { say } from './messages';

/** What a failure may add: the field of the body it is about (a taken email), for the form to say it there. */
export interface ErrorInfo {
  field: string;
}

/** Throw from a handler to answer `{status:false, message}` (and `info` when given) with that status. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly info?: ErrorInfo,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const badRequest = (message: string): ApiError => new ApiError(400, message);
export const unauthorized = (message = say('common.unauthorized')): ApiError => new ApiError(401, message);
export const forbidden = (message = say('common.forbidden')): ApiError => new ApiError(403, message);
export const notFound = (message = say('common.notFound')): ApiError => new ApiError(404, message);
/**
 * 409: the write clashes with what is stored. With `field` (the body's field, e.g. `email` taken by
 * another account) the answer says `info: {field}`, and the console shows the message beside it.
 */
export const conflict = (message: string, field?: string): ApiError => new ApiError(409, message, {}, field ? { field } : undefined);
export const tooManyRequests = (message: string, retryAfterSeconds?: number): ApiError =>
  new ApiError(429, message, retryAfterSeconds ? { 'retry-after': String(retryAfterSeconds) } : {});

/** A unique index refused the write (PostgreSQL and PGlite: SQLSTATE 23505), e.g. two requests adding one email. */
export const isUniqueViolation = (err: unknown): boolean =>
  typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';

/**
 * The 409 sentence of each unique index, for a write that still hits one (two saves racing past the
 * module's own check): modules name their index where they define the message, e.g.
 * `export const MODEL_EXISTS = uniqueMessage('heat_pump_models_name_key', 'A model with this name already exists')`.
 */
const UNIQUE_MESSAGES = new Map<string, string>();
const DUPLICATE_MESSAGE = say('common.duplicate');

export function uniqueMessage(index: string, message: string): string {
  if (!UNIQUE_MESSAGES.has(index)) UNIQUE_MESSAGES.set(index, message);
  return message;
}

/** Indexes whose 409 sentence is known (the schema test checks every unique index has one). */
export const knownUniqueIndexes = (): string[] => [...UNIQUE_MESSAGES.keys()];

function duplicateMessage(err: unknown): string {
  const index = (err as { constraint?: unknown }).constraint;
  return (typeof index === 'string' && UNIQUE_MESSAGES.get(index)) || DUPLICATE_MESSAGE;
}

export const MALFORMED_MESSAGE = say('uploads.malformed');

/** busboy's own refusals (no boundary, a form that ends early, a broken part header) are the client's fault. */
export function isMalformedMultipart(err: unknown): boolean {
  if (err instanceof ApiError) return false;
  const message = err instanceof Error ? err.message : '';
  return /boundary|unexpected end of (form|multipart)|malformed|multipart/i.test(message);
}

/** What ajv reports (with `verbose: true`, so parentSchema is there for our custom messages). */
interface ValidationIssue {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
  parentSchema?: Record<string, unknown>;
}

function fieldName(instancePath: string): string {
  // "/email" -> "email", "/items/0/name" -> "items.0.name"
  return instancePath.replace(/^\//, '').replace(/\//g, '.');
}

/** `errorMessage` is one text for any failure of the field, or one per ajv keyword. */
function customMessage(schema: Record<string, unknown> | undefined, keyword: string): string | null {
  const m = schema?.errorMessage;
  if (typeof m === 'string') return m;
  if (m && typeof m === 'object') {
    const byKeyword = (m as Record<string, unknown>)[keyword] ?? (m as Record<string, unknown>).default;
    if (typeof byKeyword === 'string') return byKeyword;
  }
  return null;
}

/**
 * Turns the first validation issue into a sentence naming the field. A property schema may carry
 * `errorMessage` (any failure of that field) and `requiredMessage` (the field is missing): that is
 * how the spec's own texts ('Invalid ABN', 'Valid Postal code is required') reach the client.
 */
function validationMessage(issues: ValidationIssue[], context: string | undefined): string {
  const issue = issues[0];
  if (!issue) return say('requests.invalid');
  const where = context === 'body' || context === undefined ? '' : `${context} `;
  if (issue.keyword === 'required') {
    const missing = String(issue.params.missingProperty ?? '');
    const props = issue.parentSchema?.properties as Record<string, Record<string, unknown>> | undefined;
    const required = props?.[missing]?.requiredMessage;
    if (typeof required === 'string') return required;
    const path = fieldName(issue.instancePath);
    return say('requests.fieldRequired', { field: `${where}${path ? `${path}.` : ''}${missing}` });
  }
  if (issue.keyword === 'additionalProperties') {
    const extra = String(issue.params.additionalProperty ?? '');
    const path = fieldName(issue.instancePath);
    return say('requests.fieldRefused', { field: `${where}${path ? `${path}.` : ''}${extra}` });
  }
  const path = fieldName(issue.instancePath);
  // a JSON body's value of another type ("26" for an id) is named as such, before any field text
  if (issue.keyword === 'type' && path && (context === 'body' || context === undefined)) return say('requests.fieldWrongType', { field: path });
  const custom = customMessage(issue.parentSchema, issue.keyword);
  if (custom) return custom;
  if (!path) {
    if (issue.keyword === 'type') return context === 'body' || !context ? say('requests.jsonBodyRequired') : say('requests.fieldInvalid', { field: context });
    // ajv's own words ("must be string"): English, without a code (the console shows them as they are)
    return issue.message ? `${context ?? 'body'} ${issue.message}` : say('requests.fieldInvalid', { field: context ?? 'body' });
  }
  return issue.message ? `${where}${path} ${issue.message}` : say('requests.fieldInvalid', { field: `${where}${path}` });
}

function send(reply: FastifyReply, status: number, message: string, info?: ErrorInfo): FastifyReply {
  return reply.code(status).type('application/json; charset=utf-8').send({ status: false, message, ...(info ? { info } : {}) });
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof ApiError) {
      for (const [k, v] of Object.entries(error.headers)) reply.header(k, v);
      return send(reply, error.statusCode, error.message, error.info);
    }
    const fe = error as FastifyError & { validation?: ValidationIssue[]; validationContext?: string };
    if (fe.validation) {
      return send(reply, 400, validationMessage(fe.validation, fe.validationContext));
    }
    // every duplicate create is a 409, even one that raced past its module's check
    if (isUniqueViolation(error)) return send(reply, 409, duplicateMessage(error));
    const status = typeof fe.statusCode === 'number' ? fe.statusCode : 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, too large, wrong media type): say what, without internals.
      const known: Record<string, string> = {
        FST_ERR_CTP_INVALID_JSON_BODY: say('requests.jsonInvalid'),
        FST_ERR_CTP_EMPTY_JSON_BODY: say('requests.jsonBodyRequired'),
        FST_ERR_CTP_INVALID_MEDIA_TYPE: say('requests.mediaTypeRefused'),
        FST_ERR_CTP_BODY_TOO_LARGE: say('requests.tooLarge'),
      };
      const msg = (fe.code && known[fe.code]) ?? (status === 400 ? say('requests.invalid') : fe.message);
      return send(reply, status, msg || say('requests.invalid'));
    }
    // A form route's parser (@fastify/multipart reading the fields into the body) refusing a broken
    // form, e.g. multipart/form-data without a boundary: the firmware upload's 400 (server/upload-form.ts).
    if (/^multipart\//i.test(request.headers['content-type'] ?? '') && isMalformedMultipart(error)) {
      reply.header('connection', 'close');
      return send(reply, 400, MALFORMED_MESSAGE);
    }
    request.log.error({ err: error }, 'unexpected error');
    return send(reply, 500, say('common.somethingWrong'));
  });

  app.setNotFoundHandler((_request, reply) => send(reply, 404, say('common.notFound')));
}
