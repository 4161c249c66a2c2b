/** A game's REST address; the id is encoded because it comes from the route. */
export const gamePath = (id: string): string => `/api/games/${encodeURIComponent(id)}`;
