CREATE TABLE `host_bank_accounts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`public_id` text NOT NULL,
	`host_user_id` integer NOT NULL,
	`position` integer NOT NULL,
	`holder_name` text NOT NULL,
	`iban` text NOT NULL,
	`bic` text,
	`currency` text NOT NULL,
	`is_default` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`host_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `host_bank_accounts_public_id_unique` ON `host_bank_accounts` (`public_id`);--> statement-breakpoint
CREATE INDEX `host_bank_accounts_host` ON `host_bank_accounts` (`host_user_id`,`position`);--> statement-breakpoint
CREATE TABLE `host_business_details` (
	`host_user_id` integer PRIMARY KEY NOT NULL,
	`legal_business_name` text NOT NULL,
	`registration_number` text NOT NULL,
	`vat_id` text,
	`user_has_vat_id` integer DEFAULT false NOT NULL,
	`tax_id` text,
	`country_issue_tax_id` text,
	`tax_identifications` text DEFAULT '[]' NOT NULL,
	`eu_permanent_establishment` integer,
	`address` text NOT NULL,
	`principal_address` text NOT NULL,
	`same_address` integer DEFAULT true NOT NULL,
	`business_email` text NOT NULL,
	`accounting_email` text,
	`phone_number` text NOT NULL,
	`shareholders` text DEFAULT '[]' NOT NULL,
	`signatories` text DEFAULT '[]' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`host_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `host_documents` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`public_id` text NOT NULL,
	`host_user_id` integer NOT NULL,
	`document_type` text NOT NULL,
	`side` text NOT NULL,
	`mime_type` text NOT NULL,
	`bytes` integer NOT NULL,
	`file_name` text DEFAULT '' NOT NULL,
	`storage_key` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`host_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `host_documents_public_id_unique` ON `host_documents` (`public_id`);--> statement-breakpoint
CREATE INDEX `host_documents_host` ON `host_documents` (`host_user_id`,`document_type`,`side`);--> statement-breakpoint
CREATE TABLE `host_individual_details` (
	`host_user_id` integer PRIMARY KEY NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`date_of_birth` text NOT NULL,
	`nationality` text NOT NULL,
	`phone_number` text NOT NULL,
	`address` text NOT NULL,
	`tax_id` text,
	`country_issue_tax_id` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`host_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
