CREATE TABLE `backtest_shares` (
	`token` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`strategy_id` integer NOT NULL,
	`backtest_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	`revoked_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`backtest_id`) REFERENCES `backtests`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `backtest_shares_backtest_idx` ON `backtest_shares` (`user_id`,`backtest_id`);