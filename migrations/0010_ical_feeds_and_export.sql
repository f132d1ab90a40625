CREATE TABLE `ical_exports` (
	`unit_id` integer PRIMARY KEY NOT NULL,
	`host_user_id` integer NOT NULL,
	`token` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`unit_id`) REFERENCES `property_units`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`host_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ical_exports_token_unique` ON `ical_exports` (`token`);--> statement-breakpoint
CREATE INDEX `ical_exports_host` ON `ical_exports` (`host_user_id`);--> statement-breakpoint
CREATE TABLE `ical_feed_stays` (
	`feed_id` integer NOT NULL,
	`owner_id` text NOT NULL,
	`unit_id` integer NOT NULL,
	`host_user_id` integer NOT NULL,
	`date_from` text NOT NULL,
	`date_to` text NOT NULL,
	`summary` text DEFAULT '' NOT NULL,
	PRIMARY KEY(`feed_id`, `owner_id`),
	FOREIGN KEY (`feed_id`) REFERENCES `ical_feeds`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`unit_id`) REFERENCES `property_units`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`host_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `ical_feed_stays_unit` ON `ical_feed_stays` (`unit_id`,`date_from`);--> statement-breakpoint
CREATE INDEX `ical_feed_stays_host` ON `ical_feed_stays` (`host_user_id`);--> statement-breakpoint
CREATE TABLE `ical_feeds` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`public_id` text NOT NULL,
	`unit_id` integer NOT NULL,
	`host_user_id` integer NOT NULL,
	`name` text NOT NULL,
	`url` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`interval_minutes` integer DEFAULT 15 NOT NULL,
	`next_sync_at` integer DEFAULT 0 NOT NULL,
	`last_attempt_at` integer,
	`last_success_at` integer,
	`failure_reason` text,
	`failure_detail` text,
	`event_count` integer DEFAULT 0 NOT NULL,
	`conflict_count` integer DEFAULT 0 NOT NULL,
	`content_hash` text,
	`sync_version` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`unit_id`) REFERENCES `property_units`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`host_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ical_feeds_public_id_unique` ON `ical_feeds` (`public_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `ical_feeds_unit_url` ON `ical_feeds` (`unit_id`,`url`);--> statement-breakpoint
CREATE INDEX `ical_feeds_due` ON `ical_feeds` (`next_sync_at`);--> statement-breakpoint
CREATE INDEX `ical_feeds_host` ON `ical_feeds` (`host_user_id`);