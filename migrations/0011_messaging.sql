CREATE TABLE `conversations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`public_id` text NOT NULL,
	`host_user_id` integer NOT NULL,
	`unit_id` integer NOT NULL,
	`type` text NOT NULL,
	`stay_public_id` text NOT NULL,
	`stay_code` text NOT NULL,
	`guest_first_name` text NOT NULL,
	`guest_last_name` text NOT NULL,
	`guest_email` text NOT NULL,
	`archived_at` integer,
	`favourite` integer DEFAULT false NOT NULL,
	`message_count` integer DEFAULT 0 NOT NULL,
	`last_message_at` integer,
	`last_message_preview` text,
	`last_message_sender` text,
	`last_activity_at` integer NOT NULL,
	`host_unread` integer DEFAULT 0 NOT NULL,
	`guest_unread` integer DEFAULT 0 NOT NULL,
	`host_read_at` integer,
	`guest_read_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`host_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`unit_id`) REFERENCES `property_units`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `conversations_public_id_unique` ON `conversations` (`public_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `conversations_stay_unique` ON `conversations` (`stay_public_id`);--> statement-breakpoint
CREATE INDEX `conversations_host_activity` ON `conversations` (`host_user_id`,`last_activity_at`);--> statement-breakpoint
CREATE INDEX `conversations_host_unread` ON `conversations` (`host_user_id`,`host_unread`);--> statement-breakpoint
CREATE TABLE `messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`public_id` text NOT NULL,
	`conversation_id` integer NOT NULL,
	`seq` integer NOT NULL,
	`sender` text NOT NULL,
	`text` text NOT NULL,
	`client_message_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `messages_public_id_unique` ON `messages` (`public_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `messages_conversation_seq` ON `messages` (`conversation_id`,`seq`);--> statement-breakpoint
CREATE UNIQUE INDEX `messages_client_id` ON `messages` (`conversation_id`,`client_message_id`);--> statement-breakpoint
CREATE TABLE `saved_replies` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`public_id` text NOT NULL,
	`host_user_id` integer NOT NULL,
	`title` text NOT NULL,
	`body` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`host_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `saved_replies_public_id_unique` ON `saved_replies` (`public_id`);--> statement-breakpoint
CREATE INDEX `saved_replies_host` ON `saved_replies` (`host_user_id`,`title`);--> statement-breakpoint
-- Stays that arrived before messaging get their conversation (a booking confirmed from a request keeps the request's), with the guest's message as its first.
INSERT INTO `conversations` (`public_id`, `host_user_id`, `unit_id`, `type`, `stay_public_id`, `stay_code`, `guest_first_name`, `guest_last_name`, `guest_email`, `last_activity_at`, `created_at`, `updated_at`)
SELECT 'cnv_' || lower(hex(randomblob(8))), `host_user_id`, `unit_id`, 'booking', `public_id`, `code`, `guest_first_name`, `guest_last_name`, `guest_email`, `created_at`, `created_at`, `created_at` FROM `bookings` WHERE `request_id` IS NULL
UNION ALL SELECT 'cnv_' || lower(hex(randomblob(8))), `host_user_id`, `unit_id`, 'bookingRequest', `public_id`, `code`, `guest_first_name`, `guest_last_name`, `guest_email`, `created_at`, `created_at`, `created_at` FROM `booking_requests`
UNION ALL SELECT 'cnv_' || lower(hex(randomblob(8))), `host_user_id`, `unit_id`, 'bookingInquiry', `public_id`, `code`, `guest_first_name`, `guest_last_name`, `guest_email`, `created_at`, `created_at`, `created_at` FROM `booking_inquiries`;
--> statement-breakpoint
INSERT INTO `messages` (`public_id`, `conversation_id`, `seq`, `sender`, `text`, `client_message_id`, `created_at`)
SELECT 'msg_' || lower(hex(randomblob(8))), c.`id`, 1, 'guest', s.`guest_message`, 'stay-message', c.`created_at`
FROM `conversations` c JOIN (
  SELECT `public_id`, `guest_message` FROM `bookings` UNION ALL SELECT `public_id`, `guest_message` FROM `booking_requests` UNION ALL SELECT `public_id`, `guest_message` FROM `booking_inquiries`
) s ON s.`public_id` = c.`stay_public_id`
WHERE s.`guest_message` IS NOT NULL AND trim(s.`guest_message`) <> '';
--> statement-breakpoint
UPDATE `conversations` SET `message_count` = 1, `host_unread` = 1, `last_message_at` = `created_at`, `last_message_sender` = 'guest',
  `last_message_preview` = (SELECT substr(m.`text`, 1, 140) FROM `messages` m WHERE m.`conversation_id` = `conversations`.`id`)
WHERE EXISTS (SELECT 1 FROM `messages` m WHERE m.`conversation_id` = `conversations`.`id`);
