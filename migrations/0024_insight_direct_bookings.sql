ALTER TABLE `insight_host_months` ADD `direct_bookings` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `insight_months` ADD `direct_bookings` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The bookings made on the listing so far (not brought by a channel manager), by the month (UTC) they were made, as bookingMonths counts them from now on.
UPDATE insight_months SET direct_bookings = (
  SELECT COUNT(*) FROM bookings b
  WHERE b.unit_id = insight_months.unit_id AND b.host_user_id = insight_months.host_user_id AND b.source = 'direct'
    AND strftime('%Y-%m', b.booked_at / 1000, 'unixepoch') = insight_months.month
);--> statement-breakpoint
UPDATE insight_host_months SET direct_bookings = (
  SELECT COALESCE(SUM(m.direct_bookings), 0) FROM insight_months m
  WHERE m.host_user_id = insight_host_months.host_user_id AND m.month = insight_host_months.month
);
