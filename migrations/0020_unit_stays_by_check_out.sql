CREATE INDEX `booking_inquiries_unit_check_out` ON `booking_inquiries` (`unit_id`,`check_out`);--> statement-breakpoint
CREATE INDEX `booking_requests_unit_check_out` ON `booking_requests` (`unit_id`,`check_out`);--> statement-breakpoint
CREATE INDEX `bookings_unit_check_out` ON `bookings` (`unit_id`,`check_out`);