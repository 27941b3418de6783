import { appendFile } from 'node:fs/promises';

/** A text to a phone: the captcha code, and what it is for. */
export interface SmsMessage {
  to: string;
  code: string;
  purpose: string;
  text: string;
}

/**
 * How captcha texts leave the server. A deployment with an SMS provider plugs one in here; the
 * default writes the text to the server log, and SMS_OUTBOX names a file of JSON lines instead
 * (a deployment's own tests read it; so do ours).
 */
export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

/** Writes each text to the server log, the number shortened to its last four digits. */
export function logSender(log: (line: string) => void): SmsSender {
  return {
    async send({ to, text }) {
      log(`sms to …${to.slice(-4)}: ${text}`);
    },
  };
}

/** Appends each text to `path` as one JSON line. */
export function fileSender(path: string): SmsSender {
  return {
    async send(message) {
      await appendFile(path, `${JSON.stringify({ ...message, at: new Date().toISOString() })}\n`);
    },
  };
}

/** Keeps the texts in memory, newest last (server tests). */
export function memorySender(): SmsSender & { sent: SmsMessage[]; last(to: string): SmsMessage | undefined } {
  const sent: SmsMessage[] = [];
  return {
    sent,
    async send(message) {
      sent.push(message);
    },
    last: (to) => [...sent].reverse().find((message) => message.to === to),
  };
}
