import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { FEEDBACK_NOT_CONFIGURED } from "../../worker/forms/messages";
import { requireSubscriber } from "../utils/auth.server";
import { useNonce } from "../utils/nonce";
import { createCannyToken } from "../utils/worker.server";

export const meta: MetaFunction = () => [{ title: "Feedback · StratForge" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireSubscriber(request, context);
  const config = context.publicConfig;
  if (!config.feedbackConfigured || !config.cannyBoardToken) return { configured: false as const };
  // The single-sign-on token is made on the server, so the board's private key never reaches the browser.
  const ssoToken = await createCannyToken(context.services.config, user);
  return { configured: true as const, ssoToken, boardToken: config.cannyBoardToken };
}

declare global {
  interface Window {
    Canny?: (command: string, options: Record<string, unknown>) => void;
  }
}

export default function Feedback() {
  const data = useLoaderData<typeof loader>();
  const nonce = useNonce();
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (!data.configured) return;
    const script = document.createElement("script");
    script.src = "https://canny.io/sdk.js";
    script.async = true;
    script.nonce = nonce;
    script.onload = () => {
      window.Canny?.("render", {
        boardToken: data.boardToken,
        basePath: "/feedback",
        ssoToken: data.ssoToken,
        theme: "light",
        onLoadCallback: () => setLoaded(true),
      });
    };
    document.body.appendChild(script);
    return () => {
      script.remove();
    };
  }, [data, nonce]);
  if (!data.configured) {
    return (
      <main className="page">
        <h1>Feedback</h1>
        <div className="placeholder">{FEEDBACK_NOT_CONFIGURED}</div>
      </main>
    );
  }
  return (
    <main className="page">
      {loaded ? null : (
        <p className="muted">
          <span className="spinner" aria-hidden="true" /> Loading the feedback board...
        </p>
      )}
      <div data-canny="" />
    </main>
  );
}
