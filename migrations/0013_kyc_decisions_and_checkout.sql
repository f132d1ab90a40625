CREATE TABLE `payment_checkouts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`hosted_page_id` text NOT NULL,
	`provider` text NOT NULL,
	`host_user_id` integer NOT NULL,
	`subscription_id` integer,
	`unit_id` integer,
	`plan_item_price_id` text NOT NULL,
	`coupon_code` text,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`decline_reason` text,
	`confirmed_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`host_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`subscription_id`) REFERENCES `subscriptions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`unit_id`) REFERENCES `property_units`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payment_checkouts_hosted_page_unique` ON `payment_checkouts` (`provider`,`hosted_page_id`);--> statement-breakpoint
CREATE INDEX `payment_checkouts_host` ON `payment_checkouts` (`host_user_id`,`id`);--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `scheduled_change_cancel_reason` text;--> statement-breakpoint
ALTER TABLE `users` ADD `kyc_reviews` text;--> statement-breakpoint
ALTER TABLE `users` ADD `kyc_decision_reason` text;--> statement-breakpoint
ALTER TABLE `users` ADD `kyc_decided_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `kyc_documents_expire_on` text;