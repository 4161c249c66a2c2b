type Doc = { info: { title: string; description: string }; paths: Record<string, Record<string, Op>> };
type Op = {
  summary: string;
  description: string;
  tags: string[];
  parameters: { name: string; in: string; required: boolean; schema: unknown; description?: string }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { description?: string; $ref?: string; content?: Record<string, { schema: unknown }> }>;
};

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const json = (v: unknown) => `<pre><code>${esc(JSON.stringify(v, null, 2))}</code></pre>`;

/**
 * The readable reference, rendered on the server from the OpenAPI document: plain HTML and one stylesheet of
 * ours, no script and nothing from another origin, so it works on a closed network and under a strict CSP.
 */
export function renderDocsPage(doc: Doc): string {
  const byTag = new Map<string, string[]>();
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const id = `${method}-${path}`.replace(/[^A-Za-z0-9]+/g, '-');
      const params = op.parameters.length
        ? `<table><thead><tr><th>Name</th><th>In</th><th>Required</th><th>Schema</th></tr></thead><tbody>${op.parameters
            .map((p) => `<tr><td><code>${esc(p.name)}</code></td><td>${esc(p.in)}</td><td>${p.required ? 'yes' : 'no'}</td><td><code>${esc(JSON.stringify(p.schema))}</code>${p.description ? `<br>${esc(p.description)}` : ''}</td></tr>`)
            .join('')}</tbody></table>`
        : '';
      const body = op.requestBody ? `<details><summary>Request body</summary>${json(Object.values(op.requestBody.content)[0]?.schema)}</details>` : '';
      const responses = Object.entries(op.responses)
        .map(([status, r]) => {
          const schema = r.content ? Object.values(r.content)[0]?.schema : undefined;
          const label = `${status} ${esc(r.description ?? (r.$ref ? 'Error (ApiError body)' : ''))}`;
          return schema ? `<details><summary>${label}</summary>${json(schema)}</details>` : `<p class="status">${label}</p>`;
        })
        .join('');
      const section = `<section id="${id}"><h3><span class="method ${method}">${method.toUpperCase()}</span> <code>${esc(path)}</code></h3><p>${esc(op.summary)}</p><p class="auth">${esc(op.description)}</p>${params}${body}${responses}</section>`;
      const tag = op.tags[0] ?? 'other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), section]);
    }
  }
  const toc = [...byTag.keys()].map((t) => `<li><a href="#tag-${esc(t.replace(/\W+/g, '-'))}">${esc(t)}</a></li>`).join('');
  const sections = [...byTag.entries()].map(([t, s]) => `<h2 id="tag-${esc(t.replace(/\W+/g, '-'))}">${esc(t)}</h2>${s.join('')}`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(doc.info.title)}</title><link rel="stylesheet" href="/api/docs/docs.css"></head><body><main><h1>${esc(doc.info.title)}</h1><p>${esc(doc.info.description)}</p><p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).</p><nav aria-label="Sections"><ul>${toc}</ul></nav>${sections}</main></body></html>`;
}

export const DOCS_CSS = `body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#faf8f5;color:#1c1917}main{max-width:60rem;margin:0 auto;padding:1rem}
h2{border-bottom:2px solid #d6d3d1;margin-top:2rem;text-transform:capitalize}section{background:#fff;border:1px solid #e7e5e4;border-radius:.5rem;padding:.5rem 1rem;margin:1rem 0}
h3{font-size:1rem;margin:.25rem 0}.method{display:inline-block;min-width:4.5rem;font-weight:700}.get{color:#15803d}.post{color:#1d4ed8}.patch,.put{color:#a16207}.delete{color:#b91c1c}
.auth{color:#57534e;font-size:.9rem}table{border-collapse:collapse;width:100%;font-size:.9rem}td,th{border:1px solid #e7e5e4;padding:.25rem .5rem;text-align:left;vertical-align:top}
pre{background:#1c1917;color:#fafaf9;padding:.75rem;border-radius:.25rem;overflow:auto;font-size:.8rem}summary{cursor:pointer;font-weight:600}.status{margin:.25rem 0;font-weight:600}
a{color:#1d4ed8}code{word-break:break-word}`;
