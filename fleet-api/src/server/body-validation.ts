/**
 * Two ajv instances: query strings, params, headers and form data are text, so their values are
 * coerced to the schema's types ("25" is a page of 25); a JSON body says what it means, so it is
 * validated as it is. With one coercing instance, a falsy value that a nullable field's real branch
 * refuses (0, "", false) silently became null instead of a 400.
 *
 * A route's body validator is compiled once, but a route may take JSON or form data: form bodies are
 * marked before validation (`markFormBodies`) and the marked ones go through the coercing validator.
 */
import AjvCompiler from '@fastify/ajv-compiler';
import type { FastifyInstance, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import type { BuildCompilerFromPool, ValidatorFactory } from '@fastify/ajv-compiler';

type AjvServerOptions = NonNullable<Parameters<BuildCompilerFromPool>[1]>;
type RouteSchema = Parameters<FastifySchemaCompiler<unknown>>[0];
type Validate = ((data: unknown) => unknown) & { errors?: unknown };
type Compile = (route: RouteSchema) => Validate;

/** The server's ajv options (its tests build small apps with the same). */
export const AJV_OPTIONS: { removeAdditional: false; allErrors: false; coerceTypes: 'array'; useDefaults: true; verbose: true; keywords: string[] } = {
  // Unknown fields are refused, not silently dropped (SECURITY.md 6).
  removeAdditional: false,
  allErrors: false,
  coerceTypes: 'array',
  useDefaults: true,
  // parentSchema in errors, for the spec's own messages (errorMessage / requiredMessage).
  verbose: true,
  keywords: ['errorMessage', 'requiredMessage'],
};

/** Bodies that came as form data (every value text) in this process; weak, so nothing is kept. */
const formBodies = new WeakSet<object>();

/**
 * On the routes that take form data (their schema `consumes` multipart), marks a body that is not
 * JSON before validation runs. A route-level hook runs after the instance's, so it sees the body
 * the scoped multipart parser attached.
 */
export function markFormBodies(app: FastifyInstance): void {
  const mark = async (request: FastifyRequest) => {
    const body = request.body;
    if (body && typeof body === 'object' && !/json/i.test(request.headers['content-type'] ?? '')) formBodies.add(body);
  };
  app.addHook('onRoute', (route) => {
    const consumes = (route.schema as { consumes?: string[] } | undefined)?.consumes ?? [];
    if (!consumes.includes('multipart/form-data')) return;
    const own = route.preValidation;
    route.preValidation = [...(own === undefined ? [] : Array.isArray(own) ? own : [own]), mark];
  });
}

/**
 * A validator compiled on its first call (or at once with `atStart`): Fastify compiles every route's
 * schemas when the server starts, over 1 s of ajv for 394 calls, paid again by every test file and
 * every start of an instance, for routes most of which a run never reaches.
 */
function onFirstUse(compile: () => Validate, atStart: boolean): Validate {
  if (atStart) return compile();
  let compiled: Validate | undefined;
  const validate: Validate = (data) => {
    compiled ??= compile();
    const ok = compiled(data);
    validate.errors = compiled.errors;
    return ok;
  };
  return validate;
}

/** The validator factory for `schemaController.compilersFactory.buildValidator`. */
export function bodyStrictValidators({ atStart = false }: { atStart?: boolean } = {}): ValidatorFactory {
  return ((externalSchemas: Record<string, unknown>, options: AjvServerOptions) => {
    const fromPool = AjvCompiler();
    const custom = options.customOptions ?? {};
    // the pool's types describe ajv's own compile; at run time it takes Fastify's route definition
    const coercing = fromPool(externalSchemas as never, options) as unknown as Compile;
    const strict = fromPool(externalSchemas as never, { ...options, customOptions: { ...custom, coerceTypes: false } } as AjvServerOptions) as unknown as Compile;
    return (route: RouteSchema): Validate => {
      if (route.httpPart !== 'body') return onFirstUse(() => coercing(route), atStart);
      const asJson = onFirstUse(() => strict(route), atStart);
      let asForm: Validate | undefined; // compiled on the route's first form body: most take JSON only
      const validate: Validate = (data) => {
        const chosen = data && typeof data === 'object' && formBodies.has(data) ? (asForm ??= coercing(route)) : asJson;
        const ok = chosen(data);
        validate.errors = chosen.errors;
        return ok;
      };
      return validate;
    };
  }) as unknown as ValidatorFactory;
}

/** The server's validators, each compiled on the route's first request. */
export const bodyStrictValidatorFactory = bodyStrictValidators();
