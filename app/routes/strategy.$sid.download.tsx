import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import {
  isMissingCode,
  isMissingStrategy,
  notFound,
  strategyId,
} from "../components/strategies/strategies.server";
import { requireSubscriber } from "../utils/auth.server";

/**
 * The EA file as a plain GET (spec 2 s2 'str-{id}.mq5'), so the Download button is a real link that works
 * without JavaScript; the JSON API's `strategy/code/get` serves the same text to API clients.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireSubscriber(request, context);
  const id = strategyId(params.sid);
  try {
    const file = await context.services.strategies.code.download(user.id, id);
    return new Response(file.text, {
      headers: {
        "content-type": "text/plain; charset=utf-8",
        "content-disposition": `attachment; filename="${file.filename}"`,
        "cache-control": "private, no-store",
      },
    });
  } catch (e) {
    if (isMissingStrategy(e)) throw notFound();
    if (isMissingCode(e)) throw new Response("Algo code not found", { status: 404 });
    throw e;
  }
}
