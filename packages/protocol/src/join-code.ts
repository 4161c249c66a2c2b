/**
 * Join codes: 6 characters from an alphabet without look-alikes (no 0/O, 1/I/L). A module without schemas: the web
 * app's join form needs the length on its first screen, where every zod schema built is script time on a phone.
 */
export const JOIN_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const JOIN_CODE_LENGTH = 6;
