CREATE TABLE `oauth_revocations` (
	`key` text PRIMARY KEY NOT NULL,
	`revoked_at` integer NOT NULL
);
