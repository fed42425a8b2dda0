import { FEED_MESSAGES, LIMITS, MESSAGES } from '@corral/contract';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../../lib/errors.ts';

/** A multipart form of photos: its text fields, validated, and the bytes of each file in order. */
export interface ImageForm<Fields> {
  fields: Fields;
  files: Buffer[];
}

/**
 * Lets the routes of a group (and only them) read multipart forms. The plugin's limits are one file and one
 * byte more than allowed, so that the 11th photo or a photo over 10 MB is refused with our own message
 * (readImageForm) rather than a generic one.
 */
export async function registerImageForms(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: LIMITS.imageMaxBytes + 1, files: LIMITS.postImagesMax + 1, fields: 5, fieldSize: 64 * 1024 },
  });
}

/**
 * Reads a multipart request of up to LIMITS.postImagesMax photos of at most LIMITS.imageMaxBytes each, then
 * validates its text fields with the contract's schema (a field sent twice counts once, the last one).
 * The photos are only read here; the media service checks what they are.
 */
export async function readImageForm<Schema extends z.ZodType>(
  request: FastifyRequest,
  fieldsSchema: Schema,
): Promise<ImageForm<z.output<Schema>>> {
  if (!request.isMultipart()) throw new AppError(415, 'Send the post as multipart/form-data.');
  const fields = new Map<string, string>();
  const files: Buffer[] = [];
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      fields.set(part.fieldname, String(part.value));
      continue;
    }
    if (files.length === LIMITS.postImagesMax)
      throw new AppError(422, FEED_MESSAGES.tooManyImages, { images: [FEED_MESSAGES.tooManyImages] });
    const bytes = await part.toBuffer();
    if (part.file.truncated)
      throw new AppError(413, FEED_MESSAGES.imageTooLarge, { images: [FEED_MESSAGES.imageTooLarge] });
    files.push(bytes);
  }
  const parsed = fieldsSchema.safeParse(Object.fromEntries(fields));
  if (!parsed.success) throw invalidFields(parsed.error);
  return { fields: parsed.data, files };
}

/** The fields' issues as the error handler answers a body's: the first message, and every message by field. */
function invalidFields(error: z.ZodError): AppError {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.join('.') || 'body';
    errors[field] = [...(errors[field] ?? []), issue.message];
  }
  return new AppError(422, error.issues[0]?.message ?? MESSAGES.http.validation, errors);
}
