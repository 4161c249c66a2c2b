import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../../env.js';

export interface OutgoingMail {
  /** Stable per job: the outbox file is named after it, so a retried job overwrites instead of duplicating. */
  id: string;
  /** Exactly one mailbox (ZMailbox checked it): handed to the transport as one address, never parsed as a list. */
  to: string;
  subject: string;
  text: string;
  attachments?: Array<{ filename: string; content: Buffer; contentType: string }>;
}

/** The message as the transport takes it: the recipient as an address object, so no header is built from text. */
const message = (config: Config, mail: OutgoingMail) => ({
  from: config.MAIL_FROM,
  to: { name: '', address: mail.to },
  subject: mail.subject,
  text: mail.text,
  attachments: mail.attachments ?? [],
});

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** SMTP when SMTP_URL is configured; otherwise each message is written as an .eml file to DATA_DIR/outbox. */
export function createMailer(config: Config): Mailer {
  if (config.SMTP_URL) {
    const transport = nodemailer.createTransport(config.SMTP_URL);
    return {
      async send(mail) {
        await transport.sendMail(message(config, mail));
      },
      close: () => transport.close(),
    };
  }
  const outbox = path.join(config.DATA_DIR, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail(message(config, mail));
      await mkdir(outbox, { recursive: true });
      const file = path.join(outbox, `${mail.id}.eml`);
      // Write then rename so a reader never sees half a message.
      await writeFile(`${file}.tmp`, info.message as Buffer);
      await rename(`${file}.tmp`, file);
    },
    close: () => transport.close(),
  };
}
