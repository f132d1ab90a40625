DROP INDEX `bookings_host_check_in`;--> statement-breakpoint
DROP INDEX `bookings_host_booked_at`;--> statement-breakpoint
CREATE INDEX `bookings_host_check_in` ON `bookings` (`host_user_id`,`check_in`,`status`,`check_out`,`total`,`commission`,`payout`);--> statement-breakpoint
CREATE INDEX `bookings_host_booked_at` ON `bookings` (`host_user_id`,`booked_at`,`status`,`check_in`,`check_out`,`total`);--> statement-breakpoint
DROP INDEX `taken_nights_host`;--> statement-breakpoint
CREATE INDEX `taken_nights_host` ON `taken_nights` (`host_user_id`,`night`,`kind`);