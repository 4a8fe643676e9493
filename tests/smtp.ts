// A real SMTP server on 127.0.0.1 for the mail tests: it accepts every message and keeps its raw
// text (quoted-printable soft line breaks joined again, so a long link reads whole).
import type net from "node:net";
import { afterAll, beforeAll } from "vitest";
import { SMTPServer } from "smtp-server";

type CapturedMail = { from: string; to: string[]; raw: string };

/** Starts a capturing server before the file's (or describe block's) tests and stops it after. */
export function smtpCapture() {
  const capture = { port: 0, received: [] as CapturedMail[] };
  let server: SMTPServer;
  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("end", () => {
          capture.received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks)
              .toString("utf8")
              .replace(/=\r?\n/g, ""),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
    capture.port = (server.server.address() as net.AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return capture;
}
