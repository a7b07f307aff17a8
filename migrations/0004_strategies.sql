CREATE TABLE `backtests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`strategy_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`code_id` integer NOT NULL,
	`spec_version` integer NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`inputs` text NOT NULL,
	`processing` integer DEFAULT 0 NOT NULL,
	`progress` integer DEFAULT 0 NOT NULL,
	`error_message` text,
	`notes` text,
	`total_net_profit` real,
	`average_profit_trade` real,
	`average_loss_trade` real,
	`balance_drawdown_max_percent` real,
	`profit_factor` real,
	`sharpe_ratio` real,
	`total_trades` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`strategy_id`) REFERENCES `strategies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `backtests_strategy_idx` ON `backtests` (`strategy_id`,`processing`);--> statement-breakpoint
CREATE TABLE `strategies` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`title` text NOT NULL,
	`description` text NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`archived_at` integer,
	`spec_version` integer DEFAULT 0 NOT NULL,
	`code_id` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `strategies_user_idx` ON `strategies` (`user_id`,`status`,`updated_at`);--> statement-breakpoint
CREATE TABLE `strategy_codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`strategy_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`spec_version` integer NOT NULL,
	`state` integer NOT NULL,
	`r2_key` text,
	`lines` integer,
	`credit_operation_id` text,
	`failure` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`strategy_id`) REFERENCES `strategies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `strategy_codes_strategy_idx` ON `strategy_codes` (`strategy_id`);--> statement-breakpoint
CREATE TABLE `strategy_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`strategy_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`role` text NOT NULL,
	`text` text NOT NULL,
	`follow_up_question` text,
	`spec_version` integer,
	`provider` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`strategy_id`) REFERENCES `strategies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `strategy_messages_strategy_idx` ON `strategy_messages` (`strategy_id`,`id`);--> statement-breakpoint
CREATE TABLE `strategy_specs` (
	`strategy_id` integer NOT NULL,
	`version` integer NOT NULL,
	`user_id` text NOT NULL,
	`spec` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`strategy_id`, `version`),
	FOREIGN KEY (`strategy_id`) REFERENCES `strategies`(`id`) ON UPDATE no action ON DELETE cascade
);
