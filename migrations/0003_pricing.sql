CREATE TABLE `unit_price_configurations` (
	`unit_id` integer PRIMARY KEY NOT NULL,
	`host_user_id` integer NOT NULL,
	`nightly_price` integer,
	`min_stay` integer DEFAULT 1 NOT NULL,
	`max_stay` integer DEFAULT 365 NOT NULL,
	`extra_guest_price` integer,
	`extra_guests_count` integer,
	`check_in_days` text DEFAULT '[0,1,2,3,4,5,6]' NOT NULL,
	`check_out_days` text DEFAULT '[0,1,2,3,4,5,6]' NOT NULL,
	`extra_charges` text DEFAULT '[]' NOT NULL,
	`discounts` text DEFAULT '[]' NOT NULL,
	`taxes` text DEFAULT '[]' NOT NULL,
	`seasons_pricing` text DEFAULT '[]' NOT NULL,
	`security_deposit` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`unit_id`) REFERENCES `property_units`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`host_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `unit_price_configurations_host` ON `unit_price_configurations` (`host_user_id`);--> statement-breakpoint
CREATE TABLE `unit_promotions` (
	`unit_id` integer NOT NULL,
	`host_user_id` integer NOT NULL,
	`type` text NOT NULL,
	`state` text DEFAULT 'INACTIVE' NOT NULL,
	`discount` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`unit_id`, `type`),
	FOREIGN KEY (`unit_id`) REFERENCES `property_units`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`host_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `unit_promotions_host` ON `unit_promotions` (`host_user_id`);