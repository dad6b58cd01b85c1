import { sendMail } from "../../../platform/mailer";
import type { ComponentImpl } from "../engine/types";

// SMTP with the flow's own server and authorization code (port 465: TLS from the start; others: STARTTLS). The
// login is the sender address unless a separate `username` is given. Outcomes read as RAGFlow's do.
export const email: ComponentImpl = {
  name: "Email",
  run: async ({ params, render }) => {
    for (const field of ["smtp_server", "email", "password", "to", "content"]) {
      if (!render(params[field]).trim()) throw new Error(`Email: ${field} is required.`);
    }
    const port = Number(params.smtp_port ?? 465);
    const sender = render(params.email);
    const name = render(params.sender_name);
    await sendMail(
      { host: render(params.smtp_server), port, secure: port === 465, startTls: port !== 465 && params.starttls !== false, username: render(params.username) || sender, password: render(params.password), from: name ? `${name} <${sender}>` : sender },
      { to: render(params.to), subject: render(params.subject), text: render(params.content) },
    ).catch((error: unknown) => {
      throw new Error(`Failed to send email: ${error instanceof Error ? error.message : String(error)}`);
    });
    return { outputs: { success: true, content: "Email sent successfully" } };
  },
};
