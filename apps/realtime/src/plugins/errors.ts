import type { FastifyError, FastifyInstance } from 'fastify';
import type { TApiError } from '@ss/protocol';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.js';
import { inputError } from '../lib/validate.js';
import { isRedisUnavailable, RETRY_AFTER_SECONDS, UNAVAILABLE_MESSAGE } from '../lib/redis-client.js';

/** Maps every error to the protocol's ApiError body in one place; 5xx messages are hidden from clients. */
export function registerErrorHandler(app: FastifyInstance, spa?: { dir: string }): void {
  app.setErrorHandler((err: FastifyError | AppError | Error, req, reply) => {
    // A request part that failed its route schema: the same 400 as any other bad input.
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => ({
        path: v.instancePath.split('/').slice(1).filter(Boolean).map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
        message: v.message ?? 'Invalid input',
      }));
      err = inputError(issues);
    }
    if (err instanceof AppError) {
      if (err.status === 503) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      if (typeof err.extra.retryAfterSeconds === 'number') reply.header('retry-after', String(err.extra.retryAfterSeconds));
      const body: TApiError = { error: err.code, message: err.message, ...err.extra };
      return reply.status(err.status).send(body);
    }
    const fe = err as FastifyError;
    if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send({ error: 'PAYLOAD_TOO_LARGE', message: 'Request body is too large' });
    }
    if (fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (fe.statusCode === 400 && err instanceof SyntaxError)) {
      return reply.status(400).send({ error: 'BAD_REQUEST', message: 'Request body is not valid JSON' });
    }
    if (fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.status(400).send({ error: 'BAD_REQUEST', message: 'Request body is empty' });
    }
    if (fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(400).send({ error: 'BAD_REQUEST', message: 'Content-Type must be application/json' });
    }
    if (fe.statusCode === 429) {
      return reply.status(429).send({ error: 'RATE_LIMITED', message: 'Too many requests, please try again in a minute' });
    }
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      return reply.status(fe.statusCode).send({ error: 'BAD_REQUEST', message: fe.message });
    }
    if (isRedisUnavailable(err)) {
      // The live store's Redis is down or slow: a clear, retryable answer instead of a hang or a 500.
      return reply.status(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send({ error: 'UNAVAILABLE', message: UNAVAILABLE_MESSAGE });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ error: 'INTERNAL', message: 'Something went wrong on our side' });
  });
  app.setNotFoundHandler((req, reply) => {
    // SPA fallback: a page GET that matched no file serves index.html; API, content and build assets stay 404s.
    if (spa && req.method === 'GET' && !/^\/(api|content|media|assets|socket\.io)\//.test(req.url)) {
      // cacheControl off: the sending plugin would otherwise replace no-cache with its own max-age=0 default.
      return reply.header('cache-control', 'no-cache').sendFile('index.html', spa.dir, { cacheControl: false });
    }
    return reply.status(404).send({ error: 'NOT_FOUND', message: `No route ${req.method} ${req.url.split('?')[0]}` });
  });
}
