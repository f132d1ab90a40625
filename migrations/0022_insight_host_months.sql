CREATE TABLE `insight_host_months` (
	`host_user_id` integer NOT NULL,
	`month` text NOT NULL,
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
	PRIMARY KEY(`host_user_id`, `month`),
	FOREIGN KEY (`host_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `reviews_host_created` ON `reviews` (`host_user_id`,`created_at`);--> statement-breakpoint
-- All units' sums of what exists already (decision 042's addendum): the units' rows added up per host and month, as monthsSql keeps them from now on.
INSERT INTO insight_host_months (host_user_id, month, views, requests, inquiries, bookings, cancelled, nights, revenue, lead_days, stay_gross, stay_commission, stay_payout, stays, payout_gross, payout_commission, payout_payout, payout_stays, booked_nights)
SELECT host_user_id, month, SUM(views), SUM(requests), SUM(inquiries), SUM(bookings), SUM(cancelled), SUM(nights), SUM(revenue), SUM(lead_days), SUM(stay_gross), SUM(stay_commission), SUM(stay_payout), SUM(stays), SUM(payout_gross), SUM(payout_commission), SUM(payout_payout), SUM(payout_stays), SUM(booked_nights)
FROM insight_months GROUP BY host_user_id, month;
