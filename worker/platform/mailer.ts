import { WorkerMailer } from "worker-mailer";
import type { MailSettings } from "../lib/config";
export type Mail = { to: string; subject: string; text: string };

// "Buddy <no-reply@example.org>" → name and address, as the SMTP envelope needs the bare address.
const sender = (from: string) => {
  const match = /^\s*(.*?)\s*<([^>]+)>\s*$/.exec(from);
  return match ? { name: match[1] ?? "", email: match[2] ?? "" } : from.trim();
};

// Plain SMTP over a TCP socket (cloudflare:sockets), one connection per message.
export const sendMail = async (settings: MailSettings, mail: Mail) => {
  await WorkerMailer.send(
    {
      host: settings.host,
      port: settings.port,
      secure: settings.secure,
      startTls: settings.startTls,
      socketTimeoutMs: 10_000,
      responseTimeoutMs: 10_000,
      ...(settings.username
        ? { credentials: { username: settings.username, password: settings.password }, authType: "plain" as const }
        : {}),
    },
    { from: sender(settings.from), to: mail.to, subject: mail.subject, text: mail.text },
  );
};
