import { Link } from "@remix-run/react";
import { createColumnHelper } from "@tanstack/react-table";
import { formatLocalDate, formatMoney } from "../../utils/format";
import type { SortState } from "../../utils/table-state";
import { DataTable, type TableColumn } from "../ui/data-table";

export interface OwnedAddon {
  userProductId: string;
  name: string;
  credits: number;
  creditsUsage: number;
  createdAt: string;
  creditsExpiresAt: string;
  status: string;
  isExpired: boolean;
  currency: string;
  amount: number;
}

/** Spec 3 s9: the far-future expiry 9999-12-31 23:59:59 means the pack never expires. */
function expiresText(iso: string): string {
  return iso.startsWith("9999-") ? "Never" : formatLocalDate(iso);
}

const STATUS: Record<string, string> = { active: "Active", expired: "Expired", canceled: "Canceled" };

/** Spec 3 s4: isExpired overrides the stored status. */
function statusText(a: OwnedAddon): string {
  return a.isExpired ? "Expired" : (STATUS[a.status] ?? a.status);
}

function usageText(a: OwnedAddon): string {
  const percent = a.credits > 0 ? Math.round((a.creditsUsage / a.credits) * 100) : 0;
  return `${a.creditsUsage} / ${a.credits} (${percent}%)`;
}

const col = createColumnHelper<OwnedAddon>();

// Module level: tanstack renders cell functions as components, so rebuilt columns would remount cells.
const columns: TableColumn<OwnedAddon>[] = [
  col.accessor("name", { header: "Name" }),
  col.accessor("credits", { header: "Credits", meta: { align: "right" } }),
  col.accessor("creditsUsage", { header: "Usage", cell: (c) => usageText(c.row.original) }),
  col.accessor("createdAt", { header: "Purchase Date", cell: (c) => formatLocalDate(c.getValue()) }),
  col.accessor("creditsExpiresAt", { header: "Expires", cell: (c) => expiresText(c.getValue()) }),
  col.accessor("status", { header: "Status", cell: (c) => statusText(c.row.original) }),
  col.accessor("amount", {
    header: "Amount",
    cell: (c) => formatMoney(c.getValue(), c.row.original.currency),
    meta: { align: "right" },
  }),
];

const DEFAULT_SORT: SortState = { id: "createdAt", dir: "desc" };

/**
 * Spec 3 s2 Add-ons tab: 8 rows a page, newest purchase first, an empty state pointing to the shop (not for
 * an unlimited plan, which cannot buy add-ons).
 */
export function AddonsTable({ rows, canBuy = true }: { rows: OwnedAddon[]; canBuy?: boolean }) {
  return (
    <DataTable
      label="Add-ons"
      columns={columns}
      data={rows}
      pageSize={8}
      defaultSort={DEFAULT_SORT}
      getRowId={(r) => r.userProductId}
      empty={
        <span>
          You have no add-ons yet.{" "}
          {canBuy ? <Link to="/addons">Browse add-ons</Link> : "Your plan has unlimited credits."}
        </span>
      }
    />
  );
}
