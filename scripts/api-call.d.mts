/** One JSON call to the server's REST API; a non-2xx answer throws with its status and body. */
export function apiCall<T = unknown>(base: string, method: string, p: string, body?: unknown, token?: string): Promise<{ body: T; etag: string | null }>;
