export { FeedbackModal } from './FeedbackModal';
export { SurveyForm } from './SurveyForm';
export { ReportRequestDialog } from './ReportRequestDialog';
export type { AfterGameDialogProps } from './feedbackApi';
