ALTER TABLE `booking_inquiries` ADD `guest_language` text;--> statement-breakpoint
ALTER TABLE `booking_requests` ADD `guest_language` text;--> statement-breakpoint
ALTER TABLE `bookings` ADD `guest_language` text;