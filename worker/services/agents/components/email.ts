import { checkOutboundUrl } from "../../../lib/url-guard";
import { sendMail } from "../../../platform/mailer";
import type { ComponentImpl } from "../engine/types";

const SMTP_PORTS = [25, 465, 587, 2525];

// SMTP with the flow's own server and authorization code (port 465: TLS from the start; others: STARTTLS). The
// login is the sender address unless a separate `username` is given. Outcomes read as RAGFlow's do. Like every
// outbound call, the server must not be a private address, and only mail ports are dialled (tests allow both).
export const email: ComponentImpl = {
  name: "Email",
  run: async ({ ctx, params, render }) => {
    for (const field of ["smtp_server", "email", "password", "to", "content"]) {
      if (!render(params[field]).trim()) throw new Error(`Email: ${field} is required.`);
    }
    const port = Number(params.smtp_port ?? 465);
    const host = render(params.smtp_server).trim();
    const allowPrivate = ctx.config.allowPrivateFetch;
    const check = checkOutboundUrl(`http://${host}`, allowPrivate);
    if (!check.ok) throw new Error(`Email: ${check.reason}`);
    if (!allowPrivate && !SMTP_PORTS.includes(port))
      throw new Error(`Email: port ${port} is not a mail port (${SMTP_PORTS.join(", ")}).`);
    const sender = render(params.email);
    const name = render(params.sender_name);
    await sendMail(
      {
        host,
        port,
        secure: port === 465,
        startTls: port !== 465 && params.starttls !== false,
        username: render(params.username) || sender,
        password: render(params.password),
        from: name ? `${name} <${sender}>` : sender,
      },
      { to: render(params.to), subject: render(params.subject), text: render(params.content) },
    ).catch((error: unknown) => {
      throw new Error(`Failed to send email: ${error instanceof Error ? error.message : String(error)}`);
    });
    return { outputs: { success: true, content: "Email sent successfully" } };
  },
};
