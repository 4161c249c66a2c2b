import type { FastifyInstance } from 'fastify';
import { findUnsafeText, isSafeText } from '@ss/protocol';
import { badRequest } from '../lib/app-error.js';

export const UNSAFE_TEXT_MESSAGE = 'Text cannot contain NUL bytes or unpaired surrogates';

/**
 * One gate for every HTTP route: an address that is not valid UTF-8, or any path, query or body string holding a
 * NUL byte or a lone surrogate, is a 400 before a handler (or the database) sees it.
 */
export function registerInputHygiene(app: FastifyInstance): void {
  app.addHook('onRequest', async (req) => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(req.url);
    } catch {
      throw badRequest('The address is not valid UTF-8');
    }
    if (!isSafeText(decoded)) throw badRequest(UNSAFE_TEXT_MESSAGE);
  });
  app.addHook('preValidation', async (req) => {
    if (findUnsafeText(req.body) !== null) throw badRequest(UNSAFE_TEXT_MESSAGE);
  });
}
