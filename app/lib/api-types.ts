import { z } from "zod";

export const tokenResponseSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  expires_in: z.number(),
  token_type: z.string(),
});

export const brandConfigSchema = z.object({
  brand: z.string(),
  name: z.string(),
  stylesheet: z.string().nullable(),
  helpCenterUrl: z.string(),
});
export type BrandConfig = z.infer<typeof brandConfigSchema>;
