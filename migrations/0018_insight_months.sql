CREATE TABLE `insight_months` (
	`host_user_id` integer NOT NULL,
	`month` text NOT NULL,
	`unit_id` integer NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	`requests` integer DEFAULT 0 NOT NULL,
	`inquiries` integer DEFAULT 0 NOT NULL,
	`bookings` integer DEFAULT 0 NOT NULL,
	`cancelled` integer DEFAULT 0 NOT NULL,
	`nights` integer DEFAULT 0 NOT NULL,
	`revenue` integer DEFAULT 0 NOT NULL,
	`lead_days` integer DEFAULT 0 NOT NULL,
	`stay_gross` integer DEFAULT 0 NOT NULL,
	`stay_commission` integer DEFAULT 0 NOT NULL,
	`stay_payout` integer DEFAULT 0 NOT NULL,
	`stays` integer DEFAULT 0 NOT NULL,
	`payout_gross` integer DEFAULT 0 NOT NULL,
	`payout_commission` integer DEFAULT 0 NOT NULL,
	`payout_payout` integer DEFAULT 0 NOT NULL,
	`payout_stays` integer DEFAULT 0 NOT NULL,
	`booked_nights` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`host_user_id`, `month`, `unit_id`),
	FOREIGN KEY (`host_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`unit_id`) REFERENCES `property_units`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `taken_nights_host_unavailable` ON `taken_nights` (`host_user_id`,`night`) WHERE kind != 'booking';--> statement-breakpoint
-- The sums of what exists already (decision 041): the same computation as monthsFromScratchSql (api/insights/months.ts) for every host.
INSERT INTO insight_months (host_user_id, month, unit_id, views, requests, inquiries, bookings, cancelled, nights, revenue, lead_days, stay_gross, stay_commission, stay_payout, stays, payout_gross, payout_commission, payout_payout, payout_stays, booked_nights)
WITH RECURSIVE kept AS (SELECT host_user_id, unit_id, check_in, cancelled_at, paid, CASE WHEN total > 0 THEN CAST(commission * paid * 1.0 / total + 0.5 AS INTEGER) ELSE 0 END AS fees FROM (
      SELECT host_user_id, unit_id, check_in, cancelled_at, total, commission,
        (SELECT COALESCE(SUM(json_extract(i.value, '$.amount')), 0) FROM json_each(bookings.instalments) i
          WHERE json_extract(i.value, '$.method') = 'online'
            AND CASE WHEN json_extract(i.value, '$.due') = 'booking' THEN date(booked_at / 1000, 'unixepoch') ELSE json_extract(i.value, '$.due') END <= date(cancelled_at / 1000, 'unixepoch')) AS paid
      FROM bookings WHERE host_user_id IS NOT NULL AND status = 'CANCELLED' AND cancelled_at IS NOT NULL) WHERE paid > 0),
    stay_months(booking_id, start, next, check_out) AS (
      SELECT id, date(check_in, 'start of month'), date(check_in, 'start of month', '+1 month'), check_out FROM bookings WHERE host_user_id IS NOT NULL AND status != 'CANCELLED' AND check_out > check_in
      UNION ALL SELECT booking_id, next, date(next, '+1 month'), check_out FROM stay_months WHERE next < check_out)
    SELECT host_user_id, month, unit_id, SUM(views) AS views, SUM(requests) AS requests, SUM(inquiries) AS inquiries, SUM(bookings) AS bookings, SUM(cancelled) AS cancelled, SUM(nights) AS nights, SUM(revenue) AS revenue, SUM(lead_days) AS lead_days, SUM(stay_gross) AS stay_gross, SUM(stay_commission) AS stay_commission, SUM(stay_payout) AS stay_payout, SUM(stays) AS stays, SUM(payout_gross) AS payout_gross, SUM(payout_commission) AS payout_commission, SUM(payout_payout) AS payout_payout, SUM(payout_stays) AS payout_stays, SUM(booked_nights) AS booked_nights FROM (SELECT * FROM (SELECT host_user_id, substr(day, 1, 7) AS month, unit_id, views AS views, 0 AS requests, 0 AS inquiries, 0 AS bookings, 0 AS cancelled, 0 AS nights, 0 AS revenue, 0 AS lead_days, 0 AS stay_gross, 0 AS stay_commission, 0 AS stay_payout, 0 AS stays, 0 AS payout_gross, 0 AS payout_commission, 0 AS payout_payout, 0 AS payout_stays, 0 AS booked_nights FROM listing_views WHERE host_user_id IS NOT NULL
    UNION ALL SELECT host_user_id, strftime('%Y-%m', created_at / 1000, 'unixepoch'), unit_id, 0 AS views, 1 AS requests, 0 AS inquiries, 0 AS bookings, 0 AS cancelled, 0 AS nights, 0 AS revenue, 0 AS lead_days, 0 AS stay_gross, 0 AS stay_commission, 0 AS stay_payout, 0 AS stays, 0 AS payout_gross, 0 AS payout_commission, 0 AS payout_payout, 0 AS payout_stays, 0 AS booked_nights FROM booking_requests WHERE host_user_id IS NOT NULL
    UNION ALL SELECT host_user_id, strftime('%Y-%m', created_at / 1000, 'unixepoch'), unit_id, 0 AS views, 0 AS requests, 1 AS inquiries, 0 AS bookings, 0 AS cancelled, 0 AS nights, 0 AS revenue, 0 AS lead_days, 0 AS stay_gross, 0 AS stay_commission, 0 AS stay_payout, 0 AS stays, 0 AS payout_gross, 0 AS payout_commission, 0 AS payout_payout, 0 AS payout_stays, 0 AS booked_nights FROM booking_inquiries WHERE host_user_id IS NOT NULL
    UNION ALL SELECT host_user_id, strftime('%Y-%m', booked_at / 1000, 'unixepoch'), unit_id, 0 AS views, 0 AS requests, 0 AS inquiries, 1 AS bookings, status = 'CANCELLED' AS cancelled, CASE WHEN status != 'CANCELLED' THEN CAST(julianday(check_out) - julianday(check_in) AS INTEGER) ELSE 0 END AS nights, CASE WHEN status != 'CANCELLED' THEN total ELSE 0 END AS revenue, CASE WHEN status != 'CANCELLED' THEN MAX(0, CAST(julianday(check_in) - julianday(date(booked_at / 1000, 'unixepoch')) AS INTEGER)) ELSE 0 END AS lead_days, 0 AS stay_gross, 0 AS stay_commission, 0 AS stay_payout, 0 AS stays, 0 AS payout_gross, 0 AS payout_commission, 0 AS payout_payout, 0 AS payout_stays, 0 AS booked_nights FROM bookings WHERE host_user_id IS NOT NULL
    UNION ALL SELECT b.host_user_id, substr(m.start, 1, 7), b.unit_id, 0 AS views, 0 AS requests, 0 AS inquiries, 0 AS bookings, 0 AS cancelled, 0 AS nights, 0 AS revenue, 0 AS lead_days, (b.total * CAST(julianday(min(b.check_out, m.next)) - julianday(b.check_in) AS INTEGER)) / CAST(julianday(b.check_out) - julianday(b.check_in) AS INTEGER) - (b.total * CAST(julianday(max(b.check_in, m.start)) - julianday(b.check_in) AS INTEGER)) / CAST(julianday(b.check_out) - julianday(b.check_in) AS INTEGER) AS stay_gross, (b.commission * CAST(julianday(min(b.check_out, m.next)) - julianday(b.check_in) AS INTEGER)) / CAST(julianday(b.check_out) - julianday(b.check_in) AS INTEGER) - (b.commission * CAST(julianday(max(b.check_in, m.start)) - julianday(b.check_in) AS INTEGER)) / CAST(julianday(b.check_out) - julianday(b.check_in) AS INTEGER) AS stay_commission, (b.payout * CAST(julianday(min(b.check_out, m.next)) - julianday(b.check_in) AS INTEGER)) / CAST(julianday(b.check_out) - julianday(b.check_in) AS INTEGER) - (b.payout * CAST(julianday(max(b.check_in, m.start)) - julianday(b.check_in) AS INTEGER)) / CAST(julianday(b.check_out) - julianday(b.check_in) AS INTEGER) AS stay_payout, 1 AS stays, 0 AS payout_gross, 0 AS payout_commission, 0 AS payout_payout, 0 AS payout_stays, 0 AS booked_nights
      FROM bookings b JOIN stay_months m ON m.booking_id = b.id)
    UNION ALL SELECT * FROM (SELECT host_user_id, substr(check_in, 1, 7), unit_id, 0 AS views, 0 AS requests, 0 AS inquiries, 0 AS bookings, 0 AS cancelled, 0 AS nights, 0 AS revenue, 0 AS lead_days, 0 AS stay_gross, 0 AS stay_commission, 0 AS stay_payout, 0 AS stays, total AS payout_gross, commission AS payout_commission, payout AS payout_payout, 1 AS payout_stays, 0 AS booked_nights
      FROM bookings WHERE host_user_id IS NOT NULL AND status != 'CANCELLED'
    UNION ALL SELECT host_user_id, substr(check_in, 1, 7), unit_id, 0 AS views, 0 AS requests, 0 AS inquiries, 0 AS bookings, 0 AS cancelled, 0 AS nights, 0 AS revenue, 0 AS lead_days, paid AS stay_gross, fees AS stay_commission, paid - fees AS stay_payout, 0 AS stays, 0 AS payout_gross, 0 AS payout_commission, 0 AS payout_payout, 0 AS payout_stays, 0 AS booked_nights FROM kept
    UNION ALL SELECT host_user_id, strftime('%Y-%m', cancelled_at / 1000, 'unixepoch'), unit_id, 0 AS views, 0 AS requests, 0 AS inquiries, 0 AS bookings, 0 AS cancelled, 0 AS nights, 0 AS revenue, 0 AS lead_days, 0 AS stay_gross, 0 AS stay_commission, 0 AS stay_payout, 0 AS stays, paid AS payout_gross, fees AS payout_commission, paid - fees AS payout_payout, 0 AS payout_stays, 0 AS booked_nights FROM kept
    UNION ALL SELECT host_user_id, substr(night, 1, 7), unit_id, 0 AS views, 0 AS requests, 0 AS inquiries, 0 AS bookings, 0 AS cancelled, 0 AS nights, 0 AS revenue, 0 AS lead_days, 0 AS stay_gross, 0 AS stay_commission, 0 AS stay_payout, 0 AS stays, 0 AS payout_gross, 0 AS payout_commission, 0 AS payout_payout, 0 AS payout_stays, 1 AS booked_nights FROM taken_nights WHERE host_user_id IS NOT NULL AND kind = 'booking'))
    GROUP BY host_user_id, month, unit_id;
