ALTER TABLE `users` ADD `units_revision` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- What the shell reads of a host's units (api/overview/queries.ts, unitFacts) moves users.units_revision
-- with every write that can change it, whichever code makes the write (decision 047).
CREATE TRIGGER `units_revision_unit_insert` AFTER INSERT ON `property_units` BEGIN
  UPDATE `users` SET `units_revision` = `units_revision` + 1 WHERE `id` = NEW.`host_user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `units_revision_unit_update` AFTER UPDATE OF `public_id`, `property_id`, `host_user_id`, `state`, `title`, `booking_type`, `registration_number`, `registration_number_rejected`, `national_identification_code`, `rejection_reason`, `published_at`, `created_at` ON `property_units` BEGIN
  UPDATE `users` SET `units_revision` = `units_revision` + 1 WHERE `id` IN (NEW.`host_user_id`, OLD.`host_user_id`);
END;--> statement-breakpoint
CREATE TRIGGER `units_revision_unit_delete` AFTER DELETE ON `property_units` BEGIN
  UPDATE `users` SET `units_revision` = `units_revision` + 1 WHERE `id` = OLD.`host_user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `units_revision_property_update` AFTER UPDATE OF `public_id`, `host_user_id`, `title`, `country_code`, `state_or_province` ON `properties` BEGIN
  UPDATE `users` SET `units_revision` = `units_revision` + 1 WHERE `id` IN (NEW.`host_user_id`, OLD.`host_user_id`);
END;--> statement-breakpoint
CREATE TRIGGER `units_revision_promotion_insert` AFTER INSERT ON `unit_promotions` BEGIN
  UPDATE `users` SET `units_revision` = `units_revision` + 1 WHERE `id` = NEW.`host_user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `units_revision_promotion_update` AFTER UPDATE OF `unit_id`, `host_user_id`, `state` ON `unit_promotions` BEGIN
  UPDATE `users` SET `units_revision` = `units_revision` + 1 WHERE `id` IN (NEW.`host_user_id`, OLD.`host_user_id`);
END;--> statement-breakpoint
CREATE TRIGGER `units_revision_promotion_delete` AFTER DELETE ON `unit_promotions` BEGIN
  UPDATE `users` SET `units_revision` = `units_revision` + 1 WHERE `id` = OLD.`host_user_id`;
END;
