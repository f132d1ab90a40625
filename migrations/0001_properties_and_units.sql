CREATE TABLE `properties` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`public_id` text NOT NULL,
	`host_user_id` integer NOT NULL,
	`property_type` text NOT NULL,
	`state` text DEFAULT 'IN_PROGRESS' NOT NULL,
	`title` text DEFAULT '' NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`restaurant_description` text DEFAULT '' NOT NULL,
	`special_offer_description` text DEFAULT '' NOT NULL,
	`accommodation_type` text,
	`expected_unit_count` text,
	`country_code` text,
	`state_or_province` text,
	`city` text,
	`street` text,
	`house_number_or_name` text,
	`postal_code` text,
	`formatted_address` text,
	`google_place_id` text,
	`latitude` real,
	`longitude` real,
	`deleted_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`host_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `properties_public_id_unique` ON `properties` (`public_id`);--> statement-breakpoint
CREATE INDEX `properties_host_state` ON `properties` (`host_user_id`,`state`,`id`);--> statement-breakpoint
CREATE TABLE `property_units` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`public_id` text NOT NULL,
	`property_id` integer NOT NULL,
	`host_user_id` integer NOT NULL,
	`state` text DEFAULT 'IN_PROGRESS' NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`title` text DEFAULT '' NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`listing_type` text DEFAULT 'entire_place' NOT NULL,
	`size_square_metres` real,
	`size_measurement_unit` text DEFAULT 'metric' NOT NULL,
	`max_guests` integer DEFAULT 2 NOT NULL,
	`rooms` text DEFAULT '[]' NOT NULL,
	`amenities` text DEFAULT '[]' NOT NULL,
	`booking_type` text DEFAULT 'onLine' NOT NULL,
	`cancellation_policy` text DEFAULT 'moderate' NOT NULL,
	`house_rules` text DEFAULT '[]' NOT NULL,
	`check_in_from` text DEFAULT '15:00' NOT NULL,
	`check_in_to` text DEFAULT '21:00' NOT NULL,
	`check_out_to` text DEFAULT '11:00' NOT NULL,
	`min_days_of_notice` integer DEFAULT 2 NOT NULL,
	`preparation_time` integer DEFAULT 0 NOT NULL,
	`registration_number` text,
	`registration_number_rejected` integer DEFAULT false NOT NULL,
	`national_identification_code` text,
	`calendar_status` text DEFAULT 'AVAILABLE' NOT NULL,
	`rejection_reason` text,
	`links` text DEFAULT '[]' NOT NULL,
	`published_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`property_id`) REFERENCES `properties`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`host_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `property_units_public_id_unique` ON `property_units` (`public_id`);--> statement-breakpoint
CREATE INDEX `property_units_property` ON `property_units` (`property_id`,`position`);--> statement-breakpoint
CREATE INDEX `property_units_host` ON `property_units` (`host_user_id`,`state`);--> statement-breakpoint
CREATE TABLE `unit_photos` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`public_id` text NOT NULL,
	`unit_id` integer NOT NULL,
	`host_user_id` integer NOT NULL,
	`storage_key` text NOT NULL,
	`mime_type` text NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`bytes` integer NOT NULL,
	`position` integer NOT NULL,
	`is_cover` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`unit_id`) REFERENCES `property_units`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`host_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `unit_photos_public_id_unique` ON `unit_photos` (`public_id`);--> statement-breakpoint
CREATE INDEX `unit_photos_unit` ON `unit_photos` (`unit_id`,`position`);