CREATE TABLE `listing_views` (
	`unit_id` integer NOT NULL,
	`day` text NOT NULL,
	`host_user_id` integer NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`unit_id`, `day`),
	FOREIGN KEY (`unit_id`) REFERENCES `property_units`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`host_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `listing_views_host_day` ON `listing_views` (`host_user_id`,`day`);--> statement-breakpoint
CREATE TABLE `reviews` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`public_id` text NOT NULL,
	`host_user_id` integer NOT NULL,
	`unit_id` integer NOT NULL,
	`booking_id` integer NOT NULL,
	`guest_name` text NOT NULL,
	`rating` integer NOT NULL,
	`cleanliness` integer NOT NULL,
	`accuracy` integer NOT NULL,
	`communication` integer NOT NULL,
	`location` integer NOT NULL,
	`check_in` integer NOT NULL,
	`value` integer NOT NULL,
	`text` text DEFAULT '' NOT NULL,
	`reply` text,
	`replied_at` integer,
	`seen_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`host_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`unit_id`) REFERENCES `property_units`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reviews_public_id_unique` ON `reviews` (`public_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `reviews_booking_unique` ON `reviews` (`booking_id`);--> statement-breakpoint
CREATE INDEX `reviews_host_unit` ON `reviews` (`host_user_id`,`unit_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `reviews_host_seen` ON `reviews` (`host_user_id`,`seen_at`);--> statement-breakpoint
CREATE INDEX `booking_inquiries_host_created_at` ON `booking_inquiries` (`host_user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `booking_requests_host_created_at` ON `booking_requests` (`host_user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `bookings_host_cancelled_at` ON `bookings` (`host_user_id`,`cancelled_at`);--> statement-breakpoint
CREATE INDEX `bookings_host_booked_at` ON `bookings` (`host_user_id`,`booked_at`);