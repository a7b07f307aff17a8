import { type LoaderFunctionArgs, redirect } from "@remix-run/cloudflare";

/** Spec 2 s2: /strategy/{sid} opens the build tab (the layout's loader has already checked the id). */
export async function loader({ params }: LoaderFunctionArgs) {
  throw redirect(`/strategy/${params.sid ?? ""}/build`);
}

export default function StrategyIndex() {
  return null;
}
