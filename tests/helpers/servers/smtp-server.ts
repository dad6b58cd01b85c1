import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export const SMTP_USER = "buddy-mailer";
export const SMTP_PASSWORD = "mail-secret";

type Received = { from: string; to: string[]; raw: string };

// A real SMTP server on 127.0.0.1 that demands the test login and keeps every message; an HTTP inbox beside it
// lets worker tests (inside workerd) read what arrived.
export const startSmtpServer = async () => {
  const inbox: Received[] = [];
  const smtp = new SMTPServer({
    disabledCommands: ["STARTTLS"],
    authMethods: ["PLAIN", "LOGIN"],
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD) callback(null, { user: auth.username });
      else callback(new Error("Invalid username or password"));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        inbox.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  const http: Server = createServer((_request, response) => {
    response.writeHead(200, { "Content-Type": "application/json" });
    response.end(JSON.stringify(inbox));
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const inboxUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const close = () =>
    Promise.all([
      new Promise<void>((resolve) => smtp.close(() => resolve())),
      new Promise<void>((resolve) => http.close(() => resolve())),
    ]);
  return { smtpPort, inboxUrl, close };
};
