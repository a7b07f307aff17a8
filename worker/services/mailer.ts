import type { Db } from "../db/client";
import { outbox } from "../db/schema";

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** DESIGN D3: one interface; the embedded default keeps mail in the D1 outbox shown at /dev/outbox. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export function createOutboxMailer(db: Db, now: () => number, newId: () => string): Mailer {
  return {
    async send(mail) {
      await db.insert(outbox).values({ id: newId(), ...mail, createdAt: now() });
    },
  };
}

/**
 * Production mail through an HTTP mail API (MAIL_HTTP_URL + MAIL_HTTP_TOKEN) taking
 * `{from, to, subject, text}` as JSON: most transactional providers accept this shape or a thin relay.
 */
export function createHttpMailer(
  url: string,
  token: string,
  from: string,
  fetcher: typeof fetch = fetch,
): Mailer {
  return {
    async send(mail) {
      const res = await fetcher(url, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify({ from, ...mail }),
      });
      if (!res.ok) throw new Error(`Mail API answered ${res.status}`);
    },
  };
}
