import type { MetaFunction } from "@remix-run/cloudflare";
import { Placeholder } from "../components/placeholder";

export const meta: MetaFunction = () => [{ title: "Change Plan · StratForge" }];

export default function Page() {
  return <Placeholder title="Change Plan" />;
}
