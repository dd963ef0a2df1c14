/**
 * The answer serializers (fast-json-stringify, Fastify's own), each compiled on the first answer of its
 * route and status rather than when the server starts. Measured on this machine: compiling all of them
 * was 4.3 s of a 12 s test file, because every serializer of a schema with a union (each `Nullable`
 * field) builds an ajv instance of its own; a test file or a fleet-api start reaches a few dozen of the
 * 394 calls. With `atStart` they are compiled as Fastify does by default (schemas.test.ts does, so a
 * schema fast-json-stringify refuses still fails a test).
 */
import { SerializerSelector, type SerializerFactory, type Serializer } from '@fastify/fast-json-stringify-compiler';

export function answerSerializers({ atStart = false }: { atStart?: boolean } = {}): SerializerFactory {
  const fastifyDefault = SerializerSelector();
  return (externalSchemas, options) => {
    const compile = fastifyDefault(externalSchemas, options);
    return (route) => {
      if (atStart) return compile(route);
      let compiled: Serializer | undefined;
      return (data: unknown) => (compiled ??= compile(route))(data);
    };
  };
}
