CREATE TABLE `contact_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`public_id` text NOT NULL,
	`user_id` integer NOT NULL,
	`staff_user_id` integer,
	`topic` text NOT NULL,
	`body` text NOT NULL,
	`page_id` text,
	`property_unit_id` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`staff_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `contact_messages_public_id_unique` ON `contact_messages` (`public_id`);--> statement-breakpoint
CREATE INDEX `contact_messages_created` ON `contact_messages` (`created_at`);--> statement-breakpoint
CREATE INDEX `contact_messages_user` ON `contact_messages` (`user_id`);--> statement-breakpoint
CREATE TABLE `guest_preferences` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`booking_times` text DEFAULT '[]' NOT NULL,
	`stay_durations` text DEFAULT '[]' NOT NULL,
	`start_of_stay` text DEFAULT '[]' NOT NULL,
	`group_sizes` text DEFAULT '[]' NOT NULL,
	`language` text,
	`completed_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `user_tasks` (
	`user_id` integer NOT NULL,
	`task_type` text NOT NULL,
	`status` text NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`user_id`, `task_type`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
