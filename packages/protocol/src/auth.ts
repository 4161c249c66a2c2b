import { z } from 'zod';
import { hasControlCharacters, mixesLookalikeScripts, normaliseDisplayName } from './text.js';

export const PASSWORD_RULES = [
  { id: 'length', label: 'At least 8 characters', test: (p: string) => p.length >= 8 },
  { id: 'upper', label: 'One uppercase letter', test: (p: string) => /[A-Z]/.test(p) },
  { id: 'lower', label: 'One lowercase letter', test: (p: string) => /[a-z]/.test(p) },
  { id: 'digit', label: 'One number', test: (p: string) => /[0-9]/.test(p) },
  { id: 'special', label: 'One special character', test: (p: string) => /[^A-Za-z0-9]/.test(p) },
] as const;

/** Number of password rules met, 0-5: drives the strength bar (green 5, yellow >= 3, else red). */
export function passwordStrength(password: string): number {
  return PASSWORD_RULES.filter((r) => r.test(password)).length;
}

export const ZPassword = z
  .string({ error: 'Password is required' })
  .max(200, 'Password must be at most 200 characters')
  .superRefine((p, ctx) => {
    for (const rule of PASSWORD_RULES) {
      if (!rule.test(p)) ctx.addIssue({ code: 'custom', message: `Password needs: ${rule.label.toLowerCase()}` });
    }
  });

export const ZEmail = z
  .string({ error: 'Email is required' })
  .trim()
  .max(254, 'Email is too long')
  .pipe(z.email({ error: 'Email must be a valid e-mail address' }));

/** The longest display name, in characters (a player's name fits a phone's row beside a character's name). */
export const DISPLAY_NAME_MAX = 24;

/** Normalised (NFKC, invisible characters dropped, spaces collapsed); one alphabet among look-alike ones. */
export const ZDisplayName = z
  .string({ error: 'Display name is required' })
  .transform(normaliseDisplayName)
  .pipe(
    z
      .string()
      .min(1, 'Display name is required')
      .max(DISPLAY_NAME_MAX, `Display name must be at most ${DISPLAY_NAME_MAX} characters`)
      .refine((s) => !hasControlCharacters(s), 'Display name cannot contain control characters')
      .refine((s) => !mixesLookalikeScripts(s), 'Display name must use one alphabet (no look-alike letters from another)'),
  );

export const ZSignupRequest = z.object({ displayName: ZDisplayName, email: ZEmail, password: ZPassword });
export type TSignupRequest = z.infer<typeof ZSignupRequest>;

export const ZLoginRequest = z.object({
  email: z.string({ error: 'Email is required' }).trim().min(1, 'Email is required').max(254),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export const ZRole = z.enum(['host', 'admin']);
export const ZUser = z.object({
  id: z.uuid(),
  displayName: z.string(),
  email: z.string(),
  role: ZRole,
});
export type TUser = z.infer<typeof ZUser>;

export const ZAuthResponse = z.object({ user: ZUser, token: z.string() });
export type TAuthResponse = z.infer<typeof ZAuthResponse>;

/**
 * Exactly one mailbox, `local@domain`, nothing else: no display name, no list (`,` `;`), no comment, no quotes,
 * no spaces or line breaks (so nothing can be added to a mail header), a domain with at least one dot.
 */
const ONE_MAILBOX = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
export function isOneMailbox(s: string): boolean {
  const at = s.lastIndexOf('@');
  return s.length <= 254 && at > 0 && at <= 64 && ONE_MAILBOX.test(s);
}
export const ZMailbox = z
  .string({ error: 'Please enter a valid email address.' })
  .trim()
  .refine(isOneMailbox, 'Please enter a valid email address.');

/** Asks for a sign-in link by e-mail (the way in when password sign-in is slowed down). Always answered 202. */
export const ZSignInLinkRequest = z.object({ email: ZMailbox });
export const ZSignInLinkResponse = z.object({ sent: z.literal(true) });
/** A link from an e-mail (sign-in or report confirmation): the secret in its `#t=` fragment. */
export const ZMailLinkRedeem = z.object({ token: z.string().min(20).max(200).regex(/^[A-Za-z0-9_-]+$/, 'This link is not valid') });

export const ZPlayerTokenRequest = z.object({ gamePlayerId: z.uuid(), gameId: z.uuid() });
export const ZPlayerTokenResponse = z.object({
  token: z.string(),
  gamePlayer: z.object({ id: z.uuid(), displayName: z.string() }),
});

/** Claims of our JWTs. Host tokens carry the user; player tokens name their game and player. */
export const ZTokenClaims = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('user'), sub: z.uuid(), role: ZRole, name: z.string() }),
  z.object({ kind: z.literal('player'), sub: z.uuid(), gameId: z.uuid(), sid: z.uuid(), name: z.string() }),
]);
export type TTokenClaims = z.infer<typeof ZTokenClaims>;
