import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { desc } from "drizzle-orm";
import { Fragment } from "react";
import { outbox } from "../utils/worker.server";

export const meta: MetaFunction = () => [{ title: "Outbox (development) · StratForge" }];

/** Dev-only page (DESIGN D3): the embedded Mailer's outbox, so a local user can follow a reset link. */
export async function loader({ context }: LoaderFunctionArgs) {
  if (!context.publicConfig.devTools) throw new Response("Not Found", { status: 404 });
  const mails = await context.services.db.select().from(outbox).orderBy(desc(outbox.createdAt)).limit(50);
  return { mails: mails.map((m) => ({ ...m, createdAt: new Date(m.createdAt).toISOString() })) };
}

function Linkified({ text }: { text: string }) {
  // Split keeps the links at odd positions; each part's offset in the text is a stable, unique key.
  let offset = 0;
  const parts = text.split(/(https?:\/\/\S+)/g).map((part) => {
    const at = offset;
    offset += part.length;
    return { part, at };
  });
  return (
    <pre className="mail">
      {parts.map(({ part, at }) =>
        /^https?:\/\//.test(part) ? (
          <a key={at} href={part}>
            {part}
          </a>
        ) : (
          <Fragment key={at}>{part}</Fragment>
        ),
      )}
    </pre>
  );
}

export default function Outbox() {
  const { mails } = useLoaderData<typeof loader>();
  return (
    <main className="page">
      <h1>Outbox</h1>
      <p className="muted">Mail sent by this local server (development only). Newest first.</p>
      {mails.length === 0 ? <p>No mail yet.</p> : null}
      {mails.map((m) => (
        <article key={m.id} className="card" style={{ marginBottom: 16 }}>
          <h2 style={{ fontSize: 17 }}>{m.subject}</h2>
          <p className="muted small">
            To {m.to} · {m.createdAt}
          </p>
          <Linkified text={m.text} />
        </article>
      ))}
    </main>
  );
}
