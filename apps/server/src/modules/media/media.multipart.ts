import { FEED_MESSAGES, LIMITS, MESSAGES } from '@corral/contract';
import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { NUL_MESSAGE } from '../../lib/input-guard.ts';
import { imageQueue } from './image-queue.ts';

/** A multipart form of photos: its text fields, validated, and the bytes of each file in order. */
export interface ImageForm<Fields> {
  fields: Fields;
  files: Buffer[];
}

export const FORM_MESSAGES = {
  notMultipart: 'Send the post as multipart/form-data.',
  unreadable: 'The form could not be read. Send it as multipart/form-data with a boundary.',
  tooManyParts: 'The form has too many fields.',
} as const;

/**
 * Lets the routes of a group (and only them) read multipart forms. The plugin's limits are one file and one
 * byte more than allowed, so that the 11th photo or a photo over 10 MB is refused with our own message
 * (readImageForm) rather than a generic one. A group whose form has more text fields (events) or fewer files
 * passes its own counts.
 */
export async function registerImageForms(
  app: FastifyInstance,
  limits: { fields?: number; files?: number } = {},
): Promise<void> {
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: {
      fileSize: LIMITS.imageMaxBytes + 1,
      files: limits.files ?? LIMITS.postImagesMax + 1,
      fields: limits.fields ?? 5,
      fieldSize: 64 * 1024,
    },
  });
}

/** How many photos a form may carry, and what the one more is told (a message's photos are fewer than a post's). */
export interface PhotoLimit {
  max: number;
  field: string;
  tooMany: string;
}

const POST_PHOTOS: PhotoLimit = { max: LIMITS.postImagesMax, field: 'images', tooMany: FEED_MESSAGES.tooManyImages };

/**
 * Reads a multipart request of up to LIMITS.postImagesMax photos (or `photos.max`) of at most LIMITS.imageMaxBytes each, then
 * validates its text fields with the contract's schema (a field sent twice counts once, the last one).
 *
 * The limits are counted while the request streams in: a photo is refused as soon as it passes 10 MB and the
 * request as soon as an 11th photo starts, without reading the rest; no photo is read while the image queue
 * is full. A field with a NUL byte is refused as the JSON bodies are (input-guard runs before this is read).
 * A form the parser cannot read (no boundary, cut short) is a 400, never a 500. Every refusal closes the
 * connection, since the client may still be sending. The photos are only read here; the media service
 * checks what they are.
 */
export async function readImageForm<Schema extends z.ZodType>(
  request: FastifyRequest,
  fieldsSchema: Schema,
  photos: PhotoLimit = POST_PHOTOS,
): Promise<ImageForm<z.output<Schema>>> {
  if (!request.isMultipart()) throw new AppError(415, FORM_MESSAGES.notMultipart);
  const fields = new Map<string, string>();
  const files: Buffer[] = [];
  let parts = 0;
  try {
    for await (const part of request.parts()) {
      parts += 1;
      if (part.type === 'field') {
        const value = String(part.value);
        if (value.includes('\u0000') || part.fieldname.includes('\u0000')) throw new AppError(422, NUL_MESSAGE);
        fields.set(part.fieldname, value);
        continue;
      }
      if (files.length === photos.max) throw new AppError(422, photos.tooMany, { [photos.field]: [photos.tooMany] });
      if (files.length === 0) imageQueue.assertRoom();
      files.push(await readFilePart(part));
    }
    // The parser ends a body in which it finds no boundary at all as if it were an empty form: it is not one.
    if (parts === 0) throw new AppError(400, FORM_MESSAGES.unreadable);
  } catch (error) {
    throw refusal(error);
  }
  const parsed = fieldsSchema.safeParse(Object.fromEntries(fields));
  if (!parsed.success) throw invalidFields(parsed.error);
  return { fields: parsed.data, files };
}

/** A file part's bytes, counted as they come: past LIMITS.imageMaxBytes the part is dropped unread. */
async function readFilePart(part: MultipartFile): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  // Leaving the loop early destroys the stream, which stops the parser and with it the reading.
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > LIMITS.imageMaxBytes)
      throw new AppError(413, FEED_MESSAGES.imageTooLarge, { images: [FEED_MESSAGES.imageTooLarge] });
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}

/**
 * What a refusal while reading answers: our own errors as they are, the parser's limits as 413 and anything
 * else the parser throws (no boundary, a part cut short) as 400. Each closes the connection.
 */
function refusal(error: unknown): AppError {
  const close = { connection: 'close' };
  if (error instanceof AppError)
    return new AppError(error.status, error.message, error.errors, { ...error.headers, ...close });
  const status = error instanceof Error && 'statusCode' in error ? error.statusCode : undefined;
  if (status === 413) return new AppError(413, FORM_MESSAGES.tooManyParts, undefined, close);
  return new AppError(400, FORM_MESSAGES.unreadable, undefined, close);
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

/**
 * Reads a multipart request that carries one photo (a profile photo): its bytes, counted while they stream
 * in as readImageForm counts them. Text fields are not read; a second file is refused as soon as it starts,
 * a form without one is refused once read. Refusals close the connection, as readImageForm's do.
 */
export async function readOneImage(
  request: FastifyRequest,
  messages: { missing: string; tooMany: string },
): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError(415, FORM_MESSAGES.notMultipart);
  let file: Buffer | undefined;
  let parts = 0;
  try {
    for await (const part of request.parts()) {
      parts += 1;
      if (part.fieldname.includes('\u0000')) throw new AppError(422, NUL_MESSAGE);
      if (part.type === 'field') continue;
      if (file) throw new AppError(422, messages.tooMany, { image: [messages.tooMany] });
      imageQueue.assertRoom();
      file = await readFilePart(part);
    }
    if (parts === 0) throw new AppError(400, FORM_MESSAGES.unreadable);
  } catch (error) {
    throw refusal(error);
  }
  if (!file) throw new AppError(422, messages.missing, { image: [messages.missing] });
  return file;
}
