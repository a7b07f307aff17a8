import type { MetaFunction } from "@remix-run/cloudflare";
import { Placeholder } from "../components/placeholder";

export const meta: MetaFunction = () => [{ title: "My Strategies · StratForge" }];

export default function Page() {
  return <Placeholder title="My Strategies" />;
}
