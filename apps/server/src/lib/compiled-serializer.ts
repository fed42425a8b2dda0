import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { type ZodType, z } from 'zod';

/**
 * Fastify's own way of writing an answer, for a route whose response schema is the contract's zod schema:
 * fast-json-stringify compiled once from the schema's JSON Schema (its output side), instead of the zod
 * serializer compiler's encode (a walk of the whole answer through the schema) and JSON.stringify. On a
 * timeline page it takes about 10 µs against 40 (bench/src/answer-bench.ts, docs/decisions/032-cost-of-an-answer.md).
 * It writes what zod's writes, byte for byte: the schema's properties in the schema's order, nothing else. It
 * does not check the answer against the schema as zod's encode did (a required field missing still throws),
 * so it serves routes whose answers the mappers build field by field and the API suites hold to the contract.
 */
export const compiledSerializer: FastifySerializerCompiler<unknown> = ({ schema }) =>
  fastJsonStringify(
    z.toJSONSchema(schema as ZodType, { target: 'draft-7', io: 'output' }) as Parameters<typeof fastJsonStringify>[0],
  );
