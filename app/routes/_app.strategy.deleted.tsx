import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { createColumnHelper } from "@tanstack/react-table";
import { LocalDate } from "../components/strategies/local-date";
import { isLimitReached, strategyId } from "../components/strategies/strategies.server";
import { strategiesStylesheet } from "../components/strategies/styles";
import { DataTable, type TableColumn } from "../components/ui/data-table";
import { FormError } from "../components/ui/fields";
import { uiStylesheet } from "../components/ui/styles";
import { requireSubscriber } from "../utils/auth.server";
import { readForm } from "../utils/form.server";
import type { SortState } from "../utils/table-state";

export const meta: MetaFunction = () => [{ title: "Strategies Archive · StratForge" }];
export const links = () => [uiStylesheet, strategiesStylesheet];

const DEFAULT_SORT: SortState = { id: "updated", dir: "desc" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireSubscriber(request, context);
  const list = await context.services.strategies.listDeleted(user.id);
  return {
    rows: list.map((s) => ({
      strId: s.strId,
      title: s.title,
      updated: Date.parse(s.updated),
      daysElapsed: s.daysElapsed ?? undefined,
    })),
  };
}

/**
 * Restore. Spec 2 s8 ignores restore failures, except the plan's strategy limit, which would otherwise leave
 * the user clicking a button that silently does nothing.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireSubscriber(request, context);
  const values = await readForm(request);
  try {
    await context.services.strategies.restore(user.id, strategyId(values.strId));
  } catch (e) {
    if (isLimitReached(e)) return data({ error: e.userMessage }, 403);
  }
  const url = new URL(request.url);
  return redirect(`${url.pathname}${url.search}`);
}

type Row = Awaited<ReturnType<typeof loader>>["rows"][number];
const col = createColumnHelper<Row>();

const columns: TableColumn<Row>[] = [
  col.accessor("title", { header: "Title", sortingFn: "alphanumeric", size: 260 }),
  col.accessor("updated", { header: "Updated", cell: (c) => <LocalDate value={c.getValue()} /> }),
  col.accessor("daysElapsed", {
    header: "Days Elapsed",
    cell: (c) => c.getValue() ?? "-",
    meta: { align: "right" },
  }),
  col.display({ id: "actions", header: "Actions", cell: (c) => <RestoreButton row={c.row.original} /> }),
];

function RestoreButton({ row }: { row: Row }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("strId") === row.strId;
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="strId" value={row.strId} />
      <button type="submit" className="button small" disabled={busy} aria-label={`Restore ${row.title}`}>
        Restore
      </button>
    </Form>
  );
}

export default function StrategiesArchive() {
  const { rows } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <main className="page">
      <div className="page-header">
        <h1>Strategies Archive</h1>
      </div>
      <FormError>{actionData?.error}</FormError>
      <DataTable
        columns={columns}
        data={rows}
        label="Strategies Archive"
        defaultSort={DEFAULT_SORT}
        getRowId={(r) => r.strId}
        empty="You don't have any deleted strategies to show here"
      />
    </main>
  );
}
