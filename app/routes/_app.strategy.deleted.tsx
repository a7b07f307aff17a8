import type { MetaFunction } from "@remix-run/cloudflare";
import { Placeholder } from "../components/placeholder";

export const meta: MetaFunction = () => [{ title: "Strategies Archive · StratForge" }];

export default function Page() {
  return <Placeholder title="Strategies Archive" />;
}
