CREATE TABLE `taken_nights` (
	`unit_id` integer NOT NULL,
	`night` text NOT NULL,
	`host_user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`owner_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`unit_id`, `night`),
	FOREIGN KEY (`unit_id`) REFERENCES `property_units`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`host_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `taken_nights_owner` ON `taken_nights` (`unit_id`,`kind`,`owner_id`);--> statement-breakpoint
CREATE INDEX `taken_nights_host` ON `taken_nights` (`host_user_id`);--> statement-breakpoint
CREATE TABLE `unit_day_overrides` (
	`unit_id` integer NOT NULL,
	`date` text NOT NULL,
	`host_user_id` integer NOT NULL,
	`price` integer,
	`min_stay` integer,
	`max_stay` integer,
	`closed_to_arrival` integer DEFAULT false NOT NULL,
	`closed_to_departure` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`unit_id`, `date`),
	FOREIGN KEY (`unit_id`) REFERENCES `property_units`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`host_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `unit_day_overrides_host` ON `unit_day_overrides` (`host_user_id`);--> statement-breakpoint
CREATE TABLE `unit_seasons` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`public_id` text NOT NULL,
	`unit_id` integer NOT NULL,
	`host_user_id` integer NOT NULL,
	`date_from` text NOT NULL,
	`date_to` text NOT NULL,
	`recurrence` text NOT NULL,
	`nightly_price` integer NOT NULL,
	`min_stay` integer,
	`extra_guest_price` integer,
	`check_in_days` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`unit_id`) REFERENCES `property_units`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`host_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `unit_seasons_unit_public_id` ON `unit_seasons` (`unit_id`,`public_id`);--> statement-breakpoint
CREATE INDEX `unit_seasons_unit_dates` ON `unit_seasons` (`unit_id`,`date_from`,`date_to`);--> statement-breakpoint
CREATE INDEX `unit_seasons_host` ON `unit_seasons` (`host_user_id`);--> statement-breakpoint
ALTER TABLE `unit_price_configurations` ADD `version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Seasons move out of the JSON column into rows, with their ids, dates and prices as they were.
INSERT INTO `unit_seasons` (`public_id`, `unit_id`, `host_user_id`, `date_from`, `date_to`, `recurrence`, `nightly_price`, `min_stay`, `extra_guest_price`)
SELECT json_extract(s.value, '$.id'), c.`unit_id`, c.`host_user_id`, json_extract(s.value, '$.dateFrom'), json_extract(s.value, '$.dateTo'),
	json_extract(s.value, '$.recurrence'), json_extract(s.value, '$.nightlyPrice'), json_extract(s.value, '$.minStay'), json_extract(s.value, '$.extraGuestPrice')
FROM `unit_price_configurations` c, json_each(c.`seasons_pricing`) s
ORDER BY c.`unit_id`, s.key;
