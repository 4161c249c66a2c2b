/**
 * Cast tokens: how storyline text refers to other characters, so it can be rendered for tonight's cast.
 *
 *   {{hm-agent}}                    the character's full name ("Nigel Ashdown")
 *   {{hm-agent|Nigel}}              the text after "|" ("Nigel"); the id says who is meant
 *   {{?hm-eelman}}A{{:}}B{{/}}      A when hm-eelman is in tonight's game, else B ("{{:}}B" may be left out)
 *   {{?hm-eelman,hm-widow}}A{{/}}   A only when all the listed characters are in the game
 *
 * Conditionals do not nest; name tokens may appear inside them. Outside a game (public pages, the checker's
 * "everyone present" pass) every character counts as present.
 */

export interface CastContext {
  /** Full name of a character of the storyline, undefined for an unknown id. */
  nameOf(id: string): string | undefined;
  /** Is the character dealt in tonight's game? */
  inGame(id: string): boolean;
}

export type CastTextPart =
  | { kind: 'text'; text: string }
  | { kind: 'name'; id: string; shown: string | null }
  | { kind: 'if'; ids: string[]; then: CastTextPart[]; otherwise: CastTextPart[] };

export class CastTextError extends Error {}

const TOKEN = /\{\{([^{}]*)\}\}/g;
const ID = /^[a-z0-9-]+$/;

/** Parses text into parts; throws CastTextError on a malformed or unbalanced token. */
export function parseCastText(text: string): CastTextPart[] {
  const root: CastTextPart[] = [];
  let open: Extract<CastTextPart, { kind: 'if' }> | null = null;
  let inElse = false;
  const target = (): CastTextPart[] => (open ? (inElse ? open.otherwise : open.then) : root);
  let last = 0;
  for (const m of text.matchAll(TOKEN)) {
    const body = (m[1] ?? '').trim();
    if (m.index > last) target().push({ kind: 'text', text: text.slice(last, m.index) });
    last = m.index + m[0].length;
    if (body.startsWith('?')) {
      if (open) throw new CastTextError(`conditionals do not nest: "${m[0]}"`);
      const ids = body.slice(1).split(',').map((s) => s.trim());
      if (ids.length === 0 || ids.some((id) => !ID.test(id))) throw new CastTextError(`bad character id in "${m[0]}"`);
      open = { kind: 'if', ids, then: [], otherwise: [] };
      root.push(open);
      inElse = false;
    } else if (body === ':') {
      if (!open || inElse) throw new CastTextError('"{{:}}" outside a conditional');
      inElse = true;
    } else if (body === '/') {
      if (!open) throw new CastTextError('"{{/}}" without "{{?id}}"');
      open = null;
    } else {
      const [id = '', shown] = body.split('|', 2).map((s) => s.trim());
      if (!ID.test(id)) throw new CastTextError(`bad character id in "${m[0]}"`);
      if (shown !== undefined && shown.length === 0) throw new CastTextError(`empty shown text in "${m[0]}"`);
      target().push({ kind: 'name', id, shown: shown ?? null });
    }
  }
  if (open) throw new CastTextError(`"{{?${open.ids.join(',')}}}" is never closed with "{{/}}"`);
  if (last < text.length) root.push({ kind: 'text', text: text.slice(last) });
  if (/\{\{|\}\}/.test(root.filter((p) => p.kind === 'text').map((p) => p.text).join(''))) {
    throw new CastTextError('stray "{{" or "}}"');
  }
  return root;
}

/** Every character id a text refers to, with whether the reference sits inside a conditional on that id. */
export function castReferences(text: string): Array<{ id: string; guardedBy: string[] }> {
  const out: Array<{ id: string; guardedBy: string[] }> = [];
  const walk = (parts: CastTextPart[], guard: string[], inElse: boolean) => {
    for (const p of parts) {
      if (p.kind === 'name') out.push({ id: p.id, guardedBy: inElse ? [] : guard });
      if (p.kind === 'if') {
        for (const id of p.ids) out.push({ id, guardedBy: p.ids });
        walk(p.then, p.ids, false);
        walk(p.otherwise, [], true);
      }
    }
  };
  walk(parseCastText(text), [], false);
  return out;
}

function renderParts(parts: CastTextPart[], cast: CastContext): string {
  return parts
    .map((p) => {
      if (p.kind === 'text') return p.text;
      if (p.kind === 'name') return p.shown ?? cast.nameOf(p.id) ?? '';
      return renderParts(p.ids.every((id) => cast.inGame(id)) ? p.then : p.otherwise, cast);
    })
    .join('');
}

// A cast context's rendering depends only on the text, so its results are kept for as long as the context lives
// (the engine shares one context per game cast).
const rendered = new WeakMap<CastContext, Map<string, string>>();

/** Renders text for a cast. Content is checked at load, so a malformed token here is a bug: it throws. */
export function renderCastText(text: string, cast: CastContext): string {
  if (!text.includes('{{')) return text;
  let memo = rendered.get(cast);
  if (!memo) rendered.set(cast, (memo = new Map()));
  let out = memo.get(text);
  if (out === undefined) {
    out = renderParts(parseCastText(text), cast)
      .replace(/[ \t]{2,}/g, ' ')
      .replace(/\n{3,}/g, '\n\n')
      .trim();
    memo.set(text, out);
  }
  return out;
}

/** A cast where everyone is present: public pages and read-outs that do not depend on tonight's game. */
export function fullCast(names: ReadonlyMap<string, string>): CastContext {
  return { nameOf: (id) => names.get(id), inGame: (id) => names.has(id) };
}
