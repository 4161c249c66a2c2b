import { ZAuthResponse, ZSignInLinkResponse, type TAuthResponse, type TLoginRequest, type TSignupRequest } from '@ss/protocol';
import { api } from '../../lib/api';
import { useSessionStore } from '../../store/session';

export function login(body: TLoginRequest): Promise<TAuthResponse> {
  return api.post('/api/auth/login', body, ZAuthResponse, { token: null });
}

export function signup(body: TSignupRequest): Promise<TAuthResponse> {
  return api.post('/api/auth/signup', body, ZAuthResponse, { token: null });
}

/** Mails a one-time sign-in link to the account's own address (answered alike whether the account exists). */
export function requestSignInLink(email: string): Promise<unknown> {
  return api.post('/api/auth/sign-in-link', { email }, ZSignInLinkResponse, { token: null });
}

/** Signs in with the secret of a sign-in link (it works once). */
export function redeemSignInLink(token: string): Promise<TAuthResponse> {
  return api.post('/api/auth/sign-in-link/redeem', { token }, ZAuthResponse, { token: null });
}

/** Sign-in success stores the session with role host: an account is for hosting (players join by room code). */
export function storeHostSession(res: TAuthResponse): void {
  useSessionStore.getState().setAuth({
    token: res.token,
    user: res.user.role === 'admin' ? { id: res.user.id, displayName: res.user.displayName, admin: true } : { id: res.user.id, displayName: res.user.displayName },
    role: 'host',
    gameId: null,
    playerId: null,
  });
}
