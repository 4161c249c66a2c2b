import { z } from 'zod';
import {
  ZOk,
  isOneMailbox,
  ZReportRequestResponse,
  ZSurveyResponse,
  type TFeedbackRequest,
  type TReportRequestResponse,
  type TSurveyRequest,
  type TSurveyResponse,
} from '@ss/protocol';
import { api } from '../../lib/api';

const ZFeedbackStatus = z.object({ given: z.boolean() });

export const feedbackKeys = {
  status: (gameId: string, gamePlayerId: string) => ['feedback-status', gameId, gamePlayerId] as const,
};

/** After-game calls of a player: report by e-mail, testing feedback, survey. */
export const feedbackApi = {
  requestReport: (gameId: string, email: string): Promise<TReportRequestResponse> =>
    api.post(`/api/games/${gameId}/request-report`, { email }, ZReportRequestResponse),
  /** The player's confirmation link: the report is sent to the address once its owner opens it. */
  confirmReport: (token: string): Promise<TReportRequestResponse> => api.post('/api/reports/confirm', { token }, ZReportRequestResponse, { token: null }),
  submitFeedback: (gameId: string, body: TFeedbackRequest) => api.post(`/api/games/${gameId}/feedback`, body, ZOk),
  feedbackStatus: (gameId: string, gamePlayerId: string) => api.get(`/api/games/${gameId}/feedback/${gamePlayerId}`, ZFeedbackStatus),
  submitSurvey: (gameId: string, body: TSurveyRequest): Promise<TSurveyResponse> => api.post(`/api/games/${gameId}/survey`, body, ZSurveyResponse),
  getSurvey: (gameId: string, gamePlayerId: string): Promise<TSurveyResponse> =>
    api.get(`/api/games/${gameId}/survey/${gamePlayerId}`, ZSurveyResponse),
};

/** One mailbox, as the server checks it (no list, no name, no line break). */
export const isValidReportEmail = (email: string) => isOneMailbox(email.trim());

/** Props shared by the after-game dialogs, so the results screen mounts them the same way. */
export interface AfterGameDialogProps {
  gameId: string;
  gamePlayerId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}
