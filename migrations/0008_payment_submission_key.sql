ALTER TABLE `invoices` ADD `submission_key` text;--> statement-breakpoint
CREATE INDEX `invoices_submission_idx` ON `invoices` (`user_id`,`submission_key`);