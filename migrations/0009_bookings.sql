CREATE TABLE `booking_inquiries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`public_id` text NOT NULL,
	`code` text NOT NULL,
	`host_user_id` integer NOT NULL,
	`unit_id` integer NOT NULL,
	`check_in` text NOT NULL,
	`check_out` text NOT NULL,
	`guest_first_name` text NOT NULL,
	`guest_last_name` text NOT NULL,
	`guest_email` text NOT NULL,
	`guest_phone` text,
	`guest_message` text,
	`guests` integer NOT NULL,
	`currency` text NOT NULL,
	`total` integer NOT NULL,
	`price_breakdown` text NOT NULL,
	`status` text DEFAULT 'REQUESTED' NOT NULL,
	`subscription_id` integer,
	`reject_reason` text,
	`reject_explanation` text,
	`reject_message` text,
	`answered_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`host_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`unit_id`) REFERENCES `property_units`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `booking_inquiries_public_id_unique` ON `booking_inquiries` (`public_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `booking_inquiries_code_unique` ON `booking_inquiries` (`code`);--> statement-breakpoint
CREATE INDEX `booking_inquiries_host_status` ON `booking_inquiries` (`host_user_id`,`status`,`check_in`);--> statement-breakpoint
CREATE INDEX `booking_inquiries_status_check_out` ON `booking_inquiries` (`status`,`check_out`);--> statement-breakpoint
CREATE TABLE `bookings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`public_id` text NOT NULL,
	`code` text NOT NULL,
	`host_user_id` integer NOT NULL,
	`unit_id` integer NOT NULL,
	`check_in` text NOT NULL,
	`check_out` text NOT NULL,
	`guest_first_name` text NOT NULL,
	`guest_last_name` text NOT NULL,
	`guest_email` text NOT NULL,
	`guest_phone` text,
	`guest_message` text,
	`guests` integer NOT NULL,
	`currency` text NOT NULL,
	`total` integer NOT NULL,
	`price_breakdown` text NOT NULL,
	`status` text DEFAULT 'CONFIRMED' NOT NULL,
	`source` text DEFAULT 'direct' NOT NULL,
	`external_id` text,
	`request_id` integer,
	`payment_plan` text NOT NULL,
	`instalments` text NOT NULL,
	`commission_percent` real,
	`commission` integer DEFAULT 0 NOT NULL,
	`payout` integer NOT NULL,
	`cancelled_by_role` text,
	`cancel_reason` text,
	`cancel_sub_reason` text,
	`cancel_explanation` text,
	`cancelled_at` integer,
	`booked_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`host_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`unit_id`) REFERENCES `property_units`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `bookings_public_id_unique` ON `bookings` (`public_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `bookings_code_unique` ON `bookings` (`code`);--> statement-breakpoint
CREATE UNIQUE INDEX `bookings_external` ON `bookings` (`host_user_id`,`source`,`external_id`);--> statement-breakpoint
CREATE INDEX `bookings_host_check_in` ON `bookings` (`host_user_id`,`check_in`);--> statement-breakpoint
CREATE INDEX `bookings_host_status` ON `bookings` (`host_user_id`,`status`,`check_in`);--> statement-breakpoint
CREATE INDEX `bookings_status_check_out` ON `bookings` (`status`,`check_out`);--> statement-breakpoint
CREATE TABLE `channel_api_keys` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`public_id` text NOT NULL,
	`host_user_id` integer NOT NULL,
	`name` text NOT NULL,
	`key_hash` text NOT NULL,
	`prefix` text NOT NULL,
	`last_used_at` integer,
	`revoked_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`host_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `channel_api_keys_public_id_unique` ON `channel_api_keys` (`public_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `channel_api_keys_hash_unique` ON `channel_api_keys` (`key_hash`);--> statement-breakpoint
CREATE INDEX `channel_api_keys_host` ON `channel_api_keys` (`host_user_id`);--> statement-breakpoint
CREATE TABLE `idempotency_records` (
	`host_user_id` integer NOT NULL,
	`key` text NOT NULL,
	`request_hash` text NOT NULL,
	`status` integer,
	`body` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`host_user_id`, `key`),
	FOREIGN KEY (`host_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- The requests written so far belong to no unit and no guest (demo rows without a service): the
-- table is made anew with its unit, guest, stay and money.
DROP TABLE `booking_requests`;--> statement-breakpoint
CREATE TABLE `booking_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`public_id` text NOT NULL,
	`code` text NOT NULL,
	`host_user_id` integer NOT NULL,
	`unit_id` integer NOT NULL,
	`check_in` text NOT NULL,
	`check_out` text NOT NULL,
	`guest_first_name` text NOT NULL,
	`guest_last_name` text NOT NULL,
	`guest_email` text NOT NULL,
	`guest_phone` text,
	`guest_message` text,
	`guests` integer NOT NULL,
	`currency` text NOT NULL,
	`total` integer NOT NULL,
	`price_breakdown` text NOT NULL,
	`status` text DEFAULT 'REQUESTED' NOT NULL,
	`expires_at` integer NOT NULL,
	`payment_plan` text NOT NULL,
	`instalments` text NOT NULL,
	`commission_percent` real,
	`commission` integer DEFAULT 0 NOT NULL,
	`payout` integer NOT NULL,
	`reject_reason` text,
	`reject_sub_reason` text,
	`reject_explanation` text,
	`answered_at` integer,
	`booking_public_id` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`host_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`unit_id`) REFERENCES `property_units`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `booking_requests_public_id_unique` ON `booking_requests` (`public_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `booking_requests_code_unique` ON `booking_requests` (`code`);--> statement-breakpoint
CREATE INDEX `booking_requests_host_status` ON `booking_requests` (`host_user_id`,`status`,`expires_at`);--> statement-breakpoint
CREATE INDEX `booking_requests_host_check_in` ON `booking_requests` (`host_user_id`,`check_in`);--> statement-breakpoint
CREATE INDEX `booking_requests_status_expiry` ON `booking_requests` (`status`,`expires_at`);
