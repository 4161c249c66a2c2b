import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/app-error.js';
import type { Mailer } from './mailer.js';
import { loadReportData } from './report-data.js';
import { renderReportPdf } from './report-pdf.js';
import { MAX_ATTEMPTS, claimNextJob, markFailed, markSent, type ReportJob } from './report-queue.js';

export interface ReportWorker {
  start(): void;
  /** Asks for an immediate poll (after a new request), instead of waiting for the next tick. */
  kick(): void;
  /** Stops polling and waits for the job in hand, so a shutdown never leaves a half-sent job behind. */
  stop(): Promise<void>;
}

const POLL_MS = 1000;

/**
 * Polls the report queue. Any number of instances may run one: claiming is atomic in the database (see
 * claimNextJob), so each job is sent by one worker, and a restart picks up whatever is pending.
 */
export function createReportWorker(ctx: AppContext, mailer: Mailer = ctx.mailer): ReportWorker {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  async function process(job: ReportJob): Promise<void> {
    if (job.attempts > MAX_ATTEMPTS) {
      await markFailed(ctx.db, job, job.last_error ?? 'Gave up after repeated interrupted attempts', true);
      return;
    }
    try {
      const data = await loadReportData(ctx, job.game_id);
      const pdf = await renderReportPdf(data);
      await mailer.send({
        id: job.id,
        to: job.email,
        subject: `Your game report: ${data.title} (game ${data.joinCode})`,
        text: [
          `Thank you for playing ${data.title}!`,
          '',
          'Your game report is attached as a PDF: the players and their characters, every vote, the verdict,',
          "the killer's story and the trail of clues that led to the truth.",
          '',
          'Seekers & Shadows',
        ].join('\n'),
        attachments: [{ filename: `game-report-${data.joinCode}.pdf`, content: pdf, contentType: 'application/pdf' }],
      });
      await markSent(ctx.db, job);
      ctx.log.info({ reportId: job.id, gameId: job.game_id }, 'game report sent');
    } catch (err) {
      // A missing game or storyline will not fix itself; network and SMTP errors might.
      const permanent = err instanceof AppError && err.status === 404;
      const message = err instanceof Error ? err.message : String(err);
      const outcome = await markFailed(ctx.db, job, message, permanent).catch(() => 'unknown');
      ctx.log.warn({ reportId: job.id, attempt: job.attempts, outcome, err: message }, 'game report failed');
    }
  }

  async function drain(): Promise<void> {
    do {
      again = false;
      for (;;) {
        if (stopped) return;
        const job = await claimNextJob(ctx.db);
        if (!job) break;
        await process(job);
      }
    } while (again && !stopped);
  }

  function poll(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .catch((err: unknown) => ctx.log.warn({ err }, 'report queue poll failed'))
      .finally(() => {
        running = null;
      });
  }

  return {
    start() {
      if (timer || stopped) return;
      timer = setInterval(poll, POLL_MS);
      timer.unref();
      poll();
    },
    kick: () => poll(),
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
