CREATE TABLE `host_profiles` (
	`host_user_id` integer PRIMARY KEY NOT NULL,
	`about_host` text,
	`host_languages` text DEFAULT '[]' NOT NULL,
	`phone` text,
	`phone_for_guests` text,
	`phone_for_sms` text,
	`secondary_phone` text,
	`secondary_phone_type` text,
	`send_inquiry_sms` integer DEFAULT false NOT NULL,
	`show_phone_number_on_offer` integer DEFAULT false NOT NULL,
	`marketing_consent` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`host_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
DROP INDEX `host_bank_accounts_public_id_unique`;--> statement-breakpoint
ALTER TABLE `host_bank_accounts` ADD `retired_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `host_bank_accounts_current_public_id` ON `host_bank_accounts` (`public_id`) WHERE retired_at is null;--> statement-breakpoint
CREATE INDEX `host_bank_accounts_public_id` ON `host_bank_accounts` (`public_id`);--> statement-breakpoint
ALTER TABLE `host_business_details` ADD `eu_member_states` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `host_individual_details` ADD `tax_identifications` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `host_individual_details` ADD `vat_id` text;