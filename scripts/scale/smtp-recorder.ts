// A local SMTP server for the scale-out test: accepts every message on 127.0.0.1 and appends
// one JSON line per message ({ to, subject, messageId, at }) to the file given, so the test can
// count how many times each mail arrived. Prints its port on stdout, then runs until killed.
//   node scripts/scale/smtp-recorder.ts OUT.jsonl
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

const out = process.argv[2];
if (!out) {
  console.error("usage: smtp-recorder.ts OUT.jsonl");
  process.exit(2);
}

/** The message with its single text part decoded (quoted-printable or base64), for searching. */
function decodeBody(raw: string): string {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split < 0 ? raw : raw.slice(0, split);
  const body = split < 0 ? "" : raw.slice(split).trimStart();
  const encoding = /^Content-Transfer-Encoding:\s*(\S+)/im.exec(head)?.[1]?.toLowerCase();
  if (encoding === "base64") return `${head}\n\n${Buffer.from(body, "base64").toString("utf8")}`;
  if (encoding === "quoted-printable") {
    const bytes = body
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return `${head}\n\n${Buffer.from(bytes, "latin1").toString("utf8")}`;
  }
  return raw;
}

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS", "AUTH"],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on("data", (c: Buffer) => chunks.push(c));
    stream.on("end", () => {
      const body = decodeBody(Buffer.concat(chunks).toString("utf8"));
      const subject = /^Subject: (.*)$/im.exec(body)?.[1] ?? "";
      const messageId = /^Message-ID: (.*)$/im.exec(body)?.[1] ?? "";
      const to = session.envelope.rcptTo.map((r) => r.address);
      fs.appendFileSync(out, `${JSON.stringify({ to, subject, messageId, body, at: new Date().toISOString() })}\n`);
      callback();
    });
  },
});
// A client that goes away mid-connection (an instance killed with SIGKILL while its pooled
// connection is open) resets it: say so and go on, as a real mail server does; without a
// listener the 'error' event ended this process and every later mail was refused.
server.on("error", (error: Error) => console.error(`smtp-recorder: ${error.message}`));
server.listen(0, "127.0.0.1", () => {
  console.log((server.server.address() as AddressInfo).port);
});
for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, () => server.close(() => process.exit(0)));
