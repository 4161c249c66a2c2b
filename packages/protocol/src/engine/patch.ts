/**
 * Deltas on the wire: the difference between two views of one audience as a list of operations, and its
 * application. A view holds only what its audience may see, so a patch of it can carry nothing more.
 * - `[path, value]` sets the value at path (creating it); `[path]` deletes the key at path.
 * Arrays of equal length are compared item by item; otherwise the array is replaced whole.
 */
export type PatchPath = (string | number)[];
export type PatchOp = [PatchPath, unknown] | [PatchPath];

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function diff(a: unknown, b: unknown): PatchOp[] {
  const out: PatchOp[] = [];
  walk(a, b, [], out);
  return out;
}

// One path stack for the whole walk, copied only into the operations it produces: most of a view is unchanged
// (or shared by identity), and a copy per key visited was most of what a push allocated.
function walk(a: unknown, b: unknown, path: PatchPath, out: PatchOp[]): void {
  if (Object.is(a, b)) return;
  if (isObject(a) && isObject(b)) {
    for (const k of Object.keys(a)) if (!(k in b)) out.push([[...path, k]]);
    for (const k of Object.keys(b)) {
      if (!(k in a)) out.push([[...path, k], b[k]]);
      else if (!Object.is(a[k], b[k])) {
        path.push(k);
        walk(a[k], b[k], path, out);
        path.pop();
      }
    }
    return;
  }
  if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
    for (let i = 0; i < a.length; i++) {
      if (Object.is(a[i], b[i])) continue;
      path.push(i);
      walk(a[i], b[i], path, out);
      path.pop();
    }
    return;
  }
  out.push([[...path], b]);
}

/** Applies a patch without changing the input: the changed branches are copied, the rest is shared. */
export function applyPatch<T>(doc: T, ops: readonly PatchOp[]): T {
  let root: unknown = doc;
  for (const op of ops) root = setIn(root, op[0], op.length === 2, op[1]);
  return root as T;
}

function setIn(node: unknown, path: PatchPath, isSet: boolean, value: unknown): unknown {
  if (path.length === 0) return isSet ? value : undefined;
  const [head, ...rest] = path as [string | number, ...PatchPath];
  if (Array.isArray(node)) {
    const copy = [...node];
    copy[head as number] = setIn(copy[head as number], rest, isSet, value);
    return copy;
  }
  const copy: Record<string, unknown> = isObject(node) ? { ...node } : {};
  if (rest.length === 0 && !isSet) delete copy[head];
  else copy[head] = setIn(copy[head], rest, isSet, value);
  return copy;
}
