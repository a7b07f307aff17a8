CREATE TABLE `billing_customers` (
	`user_id` text NOT NULL,
	`provider` text NOT NULL,
	`customer_id` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `provider`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `credit_grants` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`subscription_id` text,
	`product_pid` text NOT NULL,
	`name` text NOT NULL,
	`credits` integer NOT NULL,
	`used` integer DEFAULT 0 NOT NULL,
	`granted_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`amount_minor` integer DEFAULT 0 NOT NULL,
	`currency` text DEFAULT 'USD' NOT NULL,
	`invoice_id` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "credit_grants_used_check" CHECK("credit_grants"."used" >= 0 AND ("credit_grants"."credits" = -1 OR "credit_grants"."used" <= "credit_grants"."credits"))
);
--> statement-breakpoint
CREATE INDEX `credit_grants_user_idx` ON `credit_grants` (`user_id`,`kind`,`expires_at`);--> statement-breakpoint
CREATE TABLE `credit_movements` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`grant_id` text,
	`kind` text NOT NULL,
	`amount` integer NOT NULL,
	`reason` text NOT NULL,
	`operation_id` text NOT NULL,
	`applied` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "credit_movements_applied_check" CHECK("credit_movements"."applied" = 1)
);
--> statement-breakpoint
CREATE INDEX `credit_movements_user_idx` ON `credit_movements` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `invoices` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`number` text NOT NULL,
	`kind` text NOT NULL,
	`product_pid` text NOT NULL,
	`subscription_id` text,
	`description` text NOT NULL,
	`amount_minor` integer NOT NULL,
	`currency` text NOT NULL,
	`status` text NOT NULL,
	`is_subscription` integer NOT NULL,
	`period_start` integer,
	`period_end` integer,
	`provider` text NOT NULL,
	`provider_payment_id` text,
	`failure_message` text,
	`created_at` integer NOT NULL,
	`due_at` integer NOT NULL,
	`paid_at` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `invoices_user_idx` ON `invoices` (`user_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_number_unique` ON `invoices` (`number`);--> statement-breakpoint
CREATE INDEX `invoices_payment_idx` ON `invoices` (`provider_payment_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_renewal_unique` ON `invoices` (`subscription_id`,`period_start`) WHERE "invoices"."kind" = 'renewal';--> statement-breakpoint
CREATE TABLE `payment_methods` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`provider` text NOT NULL,
	`brand` text NOT NULL,
	`last4` text NOT NULL,
	`exp_month` integer NOT NULL,
	`exp_year` integer NOT NULL,
	`is_default` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `payment_methods_user_idx` ON `payment_methods` (`user_id`);--> statement-breakpoint
CREATE TABLE `products` (
	`pid` text PRIMARY KEY NOT NULL,
	`slug` text NOT NULL,
	`kind` text NOT NULL,
	`name` text NOT NULL,
	`tagline` text NOT NULL,
	`features` text NOT NULL,
	`credits` integer NOT NULL,
	`credits_days` integer NOT NULL,
	`price_minor` integer NOT NULL,
	`currency` text NOT NULL,
	`billing_cycle` text NOT NULL,
	`max_strategies` integer NOT NULL,
	`max_saves` integer NOT NULL,
	`max_code_lines` integer NOT NULL,
	`sort_order` integer NOT NULL,
	`active` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `products_kind_idx` ON `products` (`kind`,`currency`,`billing_cycle`);--> statement-breakpoint
CREATE TABLE `sandbox_objects` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`customer_id` text,
	`data` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `webhook_events` (
	`id` text PRIMARY KEY NOT NULL,
	`provider` text NOT NULL,
	`type` text NOT NULL,
	`processed_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `product_pid` text;--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `anchor_at` integer;--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `cancel_requested_at` integer;--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `target_pid` text;--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `updated_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `subscriptions_live_unique` ON `subscriptions` (`user_id`) WHERE "subscriptions"."status" IN ('active', 'pending');