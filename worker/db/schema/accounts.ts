import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

// DESIGN D2: times are UTC epoch milliseconds; every user-owned row carries user_id.

export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    /** DESIGN D3: "pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>", parameters stored with the hash. */
    passwordHash: text("password_hash").notNull(),
    internal: integer("internal", { mode: "boolean" }).notNull().default(false),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [uniqueIndex("users_email_unique").on(t.email)],
);

/**
 * The owning user's id (D2: every user-owned row carries user_id): required, and the row is deleted with
 * its user. A new column builder per call, as each table needs its own.
 */
export function ownerId() {
  return text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });
}

export const sessions = sqliteTable(
  "sessions",
  {
    /** SHA-256 of the cookie token (hex); the token itself is never stored (D3). */
    tokenHash: text("token_hash").primaryKey(),
    userId: ownerId(),
    createdAt: integer("created_at").notNull(),
    lastSeenAt: integer("last_seen_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export const passwordResets = sqliteTable(
  "password_resets",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: ownerId(),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
    usedAt: integer("used_at"),
  },
  (t) => [index("password_resets_user_idx").on(t.userId)],
);

/** The embedded Mailer's outbox (D3): mail is kept here and listed at /dev/outbox. */
export const outbox = sqliteTable("outbox", {
  id: text("id").primaryKey(),
  to: text("to_address").notNull(),
  subject: text("subject").notNull(),
  text: text("text").notNull(),
  createdAt: integer("created_at").notNull(),
});

export const contactMessages = sqliteTable("contact_messages", {
  id: text("id").primaryKey(),
  userId: ownerId(),
  message: text("message").notNull(),
  createdAt: integer("created_at").notNull(),
});

/** Fixed-window counters for the rate limits of D3 (per IP and per e-mail). */
export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: integer("window_start").notNull(),
  count: integer("count").notNull(),
});

/**
 * The embedded sponsor-eligibility rule (issue 2): an allow-list of e-mails ("trader@broker.com") and
 * domains ("@broker.com") per partner.
 */
export const sponsorAllowlist = sqliteTable(
  "sponsor_allowlist",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    sponsor: text("sponsor").notNull(),
    pattern: text("pattern").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [uniqueIndex("sponsor_allowlist_unique").on(t.sponsor, t.pattern)],
);
