CREATE TABLE `subscription_boosts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`public_id` text NOT NULL,
	`subscription_id` integer NOT NULL,
	`unit_id` integer NOT NULL,
	`host_user_id` integer NOT NULL,
	`start_date` text NOT NULL,
	`end_date` text NOT NULL,
	`credits` integer NOT NULL,
	`cancelled_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`subscription_id`) REFERENCES `subscriptions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`unit_id`) REFERENCES `property_units`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`host_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `subscription_boosts_public_id_unique` ON `subscription_boosts` (`public_id`);--> statement-breakpoint
CREATE INDEX `subscription_boosts_subscription` ON `subscription_boosts` (`subscription_id`);--> statement-breakpoint
CREATE INDEX `subscription_boosts_unit` ON `subscription_boosts` (`unit_id`,`start_date`);--> statement-breakpoint
CREATE TABLE `subscription_services` (
	`subscription_id` integer NOT NULL,
	`service` text NOT NULL,
	`host_user_id` integer NOT NULL,
	`price` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`subscription_id`, `service`),
	FOREIGN KEY (`subscription_id`) REFERENCES `subscriptions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`host_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `subscription_services_host` ON `subscription_services` (`host_user_id`);--> statement-breakpoint
CREATE TABLE `subscription_units` (
	`subscription_id` integer NOT NULL,
	`unit_id` integer NOT NULL,
	`host_user_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`subscription_id`, `unit_id`),
	FOREIGN KEY (`subscription_id`) REFERENCES `subscriptions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`unit_id`) REFERENCES `property_units`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`host_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `subscription_units_unit` ON `subscription_units` (`unit_id`);--> statement-breakpoint
CREATE TABLE `subscriptions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`public_id` text NOT NULL,
	`host_user_id` integer NOT NULL,
	`plan_id` text NOT NULL,
	`plan_item_price_id` text NOT NULL,
	`status` text NOT NULL,
	`internal_status` text DEFAULT 'active' NOT NULL,
	`period` integer NOT NULL,
	`period_unit` text DEFAULT 'month' NOT NULL,
	`price` integer NOT NULL,
	`currency` text DEFAULT 'EUR' NOT NULL,
	`coupon_code` text,
	`discount_percent` integer DEFAULT 0 NOT NULL,
	`started_at` integer NOT NULL,
	`trial_ends_at` integer,
	`expires_at` integer NOT NULL,
	`leads_used` integer DEFAULT 0 NOT NULL,
	`scheduled_plan_id` text,
	`scheduled_coupon_code` text,
	`is_cancellation_scheduled` integer DEFAULT false NOT NULL,
	`cancellation_reason` text,
	`cancelled_at` integer,
	`hosted_page_id` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`host_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `subscriptions_public_id_unique` ON `subscriptions` (`public_id`);--> statement-breakpoint
CREATE INDEX `subscriptions_host` ON `subscriptions` (`host_user_id`,`id`);--> statement-breakpoint
CREATE TABLE `unit_calendar_verifications` (
	`unit_id` integer NOT NULL,
	`provider` text NOT NULL,
	`host_user_id` integer NOT NULL,
	`is_listed` integer NOT NULL,
	`url` text,
	`listing_id` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`failure_reason` text,
	`verified_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`unit_id`, `provider`),
	FOREIGN KEY (`unit_id`) REFERENCES `property_units`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`host_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `unit_calendar_verifications_listing` ON `unit_calendar_verifications` (`provider`,`listing_id`,`status`);--> statement-breakpoint
CREATE INDEX `unit_calendar_verifications_host` ON `unit_calendar_verifications` (`host_user_id`);