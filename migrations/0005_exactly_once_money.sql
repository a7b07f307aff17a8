CREATE TABLE `refunds` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`invoice_id` text NOT NULL,
	`provider` text NOT NULL,
	`provider_payment_id` text NOT NULL,
	`provider_refund_id` text,
	`amount_minor` integer NOT NULL,
	`currency` text NOT NULL,
	`reason` text NOT NULL,
	`status` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `refunds_invoice_unique` ON `refunds` (`invoice_id`);--> statement-breakpoint
CREATE INDEX `refunds_user_idx` ON `refunds` (`user_id`);--> statement-breakpoint
ALTER TABLE `invoices` ADD `note` text;--> statement-breakpoint
ALTER TABLE `invoices` ADD `charge_attempt` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `invoices` ADD `charging_at` integer;--> statement-breakpoint
-- Older databases may hold several drafts of one purchase: the newest stays the draft, the others are voided.
UPDATE `invoices` SET `status` = 'void' WHERE `status` = 'draft' AND EXISTS (
  SELECT 1 FROM `invoices` AS newer WHERE newer.`status` = 'draft' AND newer.`user_id` = `invoices`.`user_id`
    AND newer.`kind` = `invoices`.`kind` AND newer.`product_pid` = `invoices`.`product_pid`
    AND (newer.`created_at` > `invoices`.`created_at` OR (newer.`created_at` = `invoices`.`created_at` AND newer.`id` > `invoices`.`id`)));--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_one_draft` ON `invoices` (`user_id`,`kind`,`product_pid`) WHERE "invoices"."status" = 'draft';