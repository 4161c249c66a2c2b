// One JSON call to the server's REST API, shared by the bench (apps/realtime/bench) and the tooling scripts that
// drive a running server. A refused call throws with its status and body: a script that meets a refusal has set
// the game up wrong, and must stop rather than measure it.
export async function apiCall(base, method, p, body, token) {
  const res = await fetch(base + p, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${p} -> ${res.status} ${text}`);
  return { body: text ? JSON.parse(text) : null, etag: res.headers.get('etag') };
}
