import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ZGameEvent } from '../engine/events.js';
import { ZGameView, ZMyCharacterResponse } from '../games.js';
import { CODE_TO_KEY, EVENT_TYPES, keyCode, VIEW_KEYS } from './codes.js';

/** Every object key a value of the schema can hold (its objects, arrays, unions, records, nullables). */
function keysOf(schema: z.ZodType, out = new Set<string>(), seen = new Set<unknown>()): Set<string> {
  if (seen.has(schema)) return out;
  seen.add(schema);
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  const walk = (s: unknown) => keysOf(s as z.ZodType, out, seen);
  switch (def.type) {
    case 'object':
      for (const [k, v] of Object.entries(def.shape as Record<string, z.ZodType>)) {
        out.add(k);
        walk(v);
      }
      break;
    case 'array':
      walk(def.element);
      break;
    case 'nullable':
    case 'optional':
    case 'default':
    case 'readonly':
      walk(def.innerType);
      break;
    case 'union':
      (def.options as z.ZodType[]).forEach(walk);
      break;
    case 'intersection':
      walk(def.left);
      walk(def.right);
      break;
    case 'record':
      walk(def.valueType);
      break;
    case 'pipe':
      walk(def.in);
      walk(def.out);
      break;
  }
  return out;
}

describe('wire codes', () => {
  it('gives every key of the pushed views a code (append new keys at the end of VIEW_KEYS)', () => {
    const missing = [...keysOf(ZGameView), ...keysOf(ZMyCharacterResponse)].filter((k) => !VIEW_KEYS.includes(k as never));
    expect(missing).toEqual([]);
  });

  it('gives every engine event a code (append new types at the end of EVENT_TYPES)', () => {
    const types = ZGameEvent.options.map((o) => o.shape.type.value as string);
    expect(types.filter((t) => !EVENT_TYPES.includes(t as never))).toEqual([]);
  });

  it('codes are unique letters, so a code never reads as an index or another key', () => {
    expect(new Set(VIEW_KEYS).size).toBe(VIEW_KEYS.length);
    expect(CODE_TO_KEY.size).toBe(VIEW_KEYS.length);
    for (let i = 0; i < 2000; i++) expect(keyCode(i)).toMatch(/^[a-zA-Z]{1,2}$/);
    expect(new Set(Array.from({ length: 2000 }, (_, i) => keyCode(i))).size).toBe(2000);
  });
});
