import { useSearchParams } from "@remix-run/react";
import { withParam } from "../../utils/results-view";
import { Tabs } from "../ui/tabs";

/**
 * The results page's tab bars (graphs above, report below): each tab is a link to the same page with one query
 * parameter changed and the others kept, so switching works without JavaScript (results-view.ts).
 */
export function QueryTabs<T extends string>({
  label,
  className,
  param,
  ids,
  labels,
  current,
}: {
  label: string;
  className: string;
  param: "graph" | "tab";
  ids: readonly T[];
  labels: Readonly<Record<T, string>>;
  current: T;
}) {
  const [search] = useSearchParams();
  return (
    <Tabs
      label={label}
      className={className}
      preventScrollReset
      items={ids.map((id) => ({
        id,
        label: labels[id],
        to: withParam(search, param, id),
        active: id === current,
      }))}
    />
  );
}
