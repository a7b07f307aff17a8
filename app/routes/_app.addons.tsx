import type { MetaFunction } from "@remix-run/cloudflare";
import { Placeholder } from "../components/placeholder";

export const meta: MetaFunction = () => [{ title: "Buy Add-on · StratForge" }];

export default function Page() {
  return <Placeholder title="Buy Add-on" />;
}
