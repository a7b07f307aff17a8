import { type ActionFunctionArgs, redirect } from "@remix-run/cloudflare";
import { z } from "zod";
import { readForm } from "../utils/form.server";
import { safeRedirect } from "../utils/redirect";
import { themeCookie } from "../utils/worker.server";

const schema = z.object({ theme: z.enum(["light", "dark"]), returnTo: z.string().max(2048).optional() });

export async function action({ request }: ActionFunctionArgs) {
  const parsed = schema.safeParse(await readForm(request));
  if (!parsed.success) throw new Response("Unknown theme", { status: 400 });
  return redirect(safeRedirect(parsed.data.returnTo), {
    headers: { "Set-Cookie": themeCookie(parsed.data.theme, request.url) },
  });
}

export async function loader() {
  return redirect("/");
}
