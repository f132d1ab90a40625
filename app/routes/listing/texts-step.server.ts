import { z } from "zod";
import { descriptionSchema, titleSchema } from "@domain/listing-fields";

/** A title and a description guests read first; publishing needs both (the unit's, or the multi-unit property's). */
export const textsSchema = z.object({
  title: titleSchema.min(1, "required"),
  description: descriptionSchema.min(1, "required"),
});
