import { and, asc, desc, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import { account as contract } from "@contract/account";
import { biddingTagOf, hostProfileProblems, mayChooseBillingTag, profileImageProblem, PROFILE_IMAGE_CONSTRAINTS, type HostLanguage, type SecondaryPhoneType } from "@domain/account-settings";
import { PAYOUT_DOCUMENT_TYPES } from "@domain/onboarding";
import type { ApiEnv, UserRow } from "@api/context";
import type { Database } from "@api/db/client";
import { hostBankAccounts, hostDocuments, hostProfiles, users } from "@api/db/schema";
import { ApiError, notFound, validationFailed } from "@api/lib/errors";
import { imageInfo } from "@api/lib/image-info";
import { contractRouter } from "@api/lib/openapi";
import { translator } from "@api/lib/translate";
import { presentBankAccount, presentDocument } from "@api/onboarding/routes";
import { presentCurrentUser } from "./current-user";
import { profileImageUrls } from "./profile-image";

/** The account pages' API (§3 Host profile, §7 User): profile, profile image, billing tag, payout history. */

type ProfileRow = typeof hostProfiles.$inferSelect;

const english = translator("en_US");

/** Multipart framing besides the file; a body much larger cannot be valid. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
const MAX_HISTORY = 100;

/** The profile's row, as GET user/profile reads it (a statement for the shell's batch too). */
export const profileReads = (db: Database, hostUserId: number) => [db.select().from(hostProfiles).where(eq(hostProfiles.hostUserId, hostUserId)).limit(1)] as const;

/** The profile as GET user/profile answers it. */
export function presentProfile(user: UserRow, row: ProfileRow | undefined) {
  const phone = row?.phone ?? null;
  return {
    type: user.type,
    aboutHost: row?.aboutHost ?? null,
    hostLanguages: (row?.hostLanguages ?? []) as HostLanguage[],
    sendInquirySms: row?.sendInquirySms ?? false,
    showPhoneNumberOnOffer: row?.showPhoneNumberOnOffer ?? false,
    secondaryPhone: row?.secondaryPhone ?? null,
    secondaryPhoneType: (row?.secondaryPhoneType ?? null) as SecondaryPhoneType | null,
    phoneForGuests: row?.phoneForGuests ?? null,
    phoneForSms: row?.phoneForSms ?? null,
    alias: user.alias,
    marketingConsent: row?.marketingConsent ?? false,
    phone,
    imageUrls: profileImageUrls(user.imageKey),
    individual: user.type === "individual" ? { firstName: user.firstName, lastName: user.lastName, phoneNumber: phone, email: user.email } : null,
    company: user.type === "company" ? { legalBusinessName: user.companyName ?? "", phoneNumber: phone, accountEmail: user.email } : null,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

function randomKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return `profile-images/${[...bytes].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
}

export const accountRoutes = contractRouter<ApiEnv>()
  .openapi(contract.profile, async (c) => {
    const { user } = c.var.principal;
    const [[row]] = await c.var.db.batch(profileReads(c.var.db, user.id));
    return c.json(presentProfile(user, row), 200);
  })
  .openapi(contract.saveProfile, async (c) => {
    const patch = c.req.valid("json");
    const db = c.var.db;
    const { user } = c.var.principal;
    if (user.type === "company" && (patch.firstName !== undefined || patch.lastName !== undefined)) {
      throw validationFailed([{ field: patch.firstName !== undefined ? "firstName" : "lastName", message: english("validation.not_applicable"), type: "not_applicable" }]);
    }
    if (user.type !== "company" && patch.legalBusinessName !== undefined) {
      throw validationFailed([{ field: "legalBusinessName", message: english("validation.not_applicable"), type: "not_applicable" }]);
    }
    const { alias, firstName, lastName, legalBusinessName, ...profilePatch } = patch;
    const current = await db.query.hostProfiles.findFirst({ where: eq(hostProfiles.hostUserId, user.id) });
    const merged = {
      phoneForGuests: current?.phoneForGuests ?? null,
      phoneForSms: current?.phoneForSms ?? null,
      secondaryPhone: current?.secondaryPhone ?? null,
      secondaryPhoneType: current?.secondaryPhoneType ?? null,
      sendInquirySms: current?.sendInquirySms ?? false,
      showPhoneNumberOnOffer: current?.showPhoneNumberOnOffer ?? false,
      ...profilePatch,
    };
    const problems = hostProfileProblems(merged);
    if (problems.length) throw validationFailed(problems.map((p) => ({ field: p.field, message: english(`validation.${p.type}`), type: p.type })));
    const now = new Date();
    const userPatch = {
      ...(alias !== undefined ? { alias } : {}),
      ...(firstName !== undefined ? { firstName } : {}),
      ...(lastName !== undefined ? { lastName } : {}),
      ...(legalBusinessName !== undefined ? { companyName: legalBusinessName } : {}),
    };
    // The profile row and the account's names in one batch: both or neither.
    const [saved, updatedUsers] = await db.batch([
      db
        .insert(hostProfiles)
        .values({ hostUserId: user.id, ...profilePatch })
        .onConflictDoUpdate({ target: hostProfiles.hostUserId, set: { ...profilePatch, updatedAt: now } })
        .returning(),
      Object.keys(userPatch).length
        ? db.update(users).set({ ...userPatch, updatedAt: now }).where(eq(users.id, user.id)).returning()
        : db.select().from(users).where(eq(users.id, user.id)),
    ]);
    return c.json(presentProfile(updatedUsers[0] ?? user, saved[0]), 200);
  })
  // The form is read here, not by the library: see the upload's declaration.
  .openapi(contract.uploadImage, async (c) => {
    const { user } = c.var.principal;
    if (!(c.req.header("content-type") ?? "").includes("multipart/form-data")) throw new ApiError(415, "Expected multipart/form-data with the file as `image`");
    const declared = Number(c.req.header("content-length") ?? "0");
    const tooLarge = () => validationFailed([{ field: "image", message: english("validation.image_too_large"), type: "image_too_large" }]);
    if (declared > PROFILE_IMAGE_CONSTRAINTS.maxBytes + MULTIPART_OVERHEAD_BYTES) throw tooLarge();
    let form: FormData;
    try {
      form = await c.req.formData();
    } catch {
      throw new ApiError(400, "Malformed multipart body");
    }
    const file = form.get("image");
    if (!(file instanceof File) || file.size === 0) throw validationFailed([{ field: "image", message: english("validation.required"), type: "required" }]);
    if (file.size > PROFILE_IMAGE_CONSTRAINTS.maxBytes) throw tooLarge();
    const bytes = new Uint8Array(await file.arrayBuffer());
    const info = imageInfo(bytes);
    const problem = profileImageProblem(info, bytes.byteLength);
    if (problem || !info) throw validationFailed([{ field: "image", message: english(`validation.${problem ?? "image_type_invalid"}`), type: problem ?? "image_type_invalid" }]);
    const key = randomKey();
    await c.env.FILES.put(key, bytes, { httpMetadata: { contentType: info.mimeType } });
    try {
      await c.var.db.update(users).set({ imageKey: key, updatedAt: new Date() }).where(eq(users.id, user.id));
    } catch (error) {
      await c.env.FILES.delete(key);
      throw error;
    }
    if (user.imageKey) await c.env.FILES.delete(user.imageKey);
    return c.json({ imageUrls: profileImageUrls(key) }, 200);
  })
  .openapi(contract.deleteImage, async (c) => {
    const { user } = c.var.principal;
    if (user.imageKey) {
      await c.var.db.update(users).set({ imageKey: null, updatedAt: new Date() }).where(eq(users.id, user.id));
      await c.env.FILES.delete(user.imageKey);
    }
    return c.body(null, 204);
  })
  .openapi(contract.image, async (c) => {
    const { user } = c.var.principal;
    const object = user.imageKey ? await c.env.FILES.get(user.imageKey) : null;
    if (!object) throw notFound("Profile image");
    return new Response(object.body, {
      headers: {
        "content-type": object.httpMetadata?.contentType ?? "application/octet-stream",
        // The address names the version (`v`): a new image has a new address.
        "cache-control": "private, max-age=86400",
        "content-length": String(object.size),
      },
    });
  })
  .openapi(contract.saveBillingTag, async (c) => {
    const { tag } = c.req.valid("param");
    const { user } = c.var.principal;
    if (!mayChooseBillingTag(user)) throw new ApiError(403, "Billing tags apply to commission hosts who finished onboarding");
    const [updated] = await c.var.db
      .update(users)
      .set({ biddingTag: biddingTagOf(tag), updatedAt: new Date() })
      .where(eq(users.id, user.id))
      .returning();
    return c.json(presentCurrentUser({ ...c.var.principal, user: updated! }), 200);
  })
  .openapi(contract.bankAccountHistory, async (c) => {
    const rows = await c.var.db
      .select()
      .from(hostBankAccounts)
      .where(eq(hostBankAccounts.hostUserId, c.var.principal.user.id))
      .orderBy(desc(hostBankAccounts.createdAt), desc(hostBankAccounts.id))
      .limit(MAX_HISTORY);
    return c.json({ items: rows.map(presentBankAccountVersion) }, 200);
  })
  .openapi(contract.payout, async (c) => {
    const db = c.var.db;
    const hostUserId = c.var.principal.user.id;
    // The tab's three reads in one round trip: current accounts, retired versions, bank documents.
    const [current, retired, documents] = await db.batch([
      db.select().from(hostBankAccounts).where(and(eq(hostBankAccounts.hostUserId, hostUserId), isNull(hostBankAccounts.retiredAt))).orderBy(asc(hostBankAccounts.position)),
      db
        .select()
        .from(hostBankAccounts)
        .where(and(eq(hostBankAccounts.hostUserId, hostUserId), isNotNull(hostBankAccounts.retiredAt)))
        .orderBy(desc(hostBankAccounts.createdAt), desc(hostBankAccounts.id))
        .limit(MAX_HISTORY),
      db
        .select()
        .from(hostDocuments)
        .where(and(eq(hostDocuments.hostUserId, hostUserId), inArray(hostDocuments.documentType, [...PAYOUT_DOCUMENT_TYPES])))
        .orderBy(asc(hostDocuments.createdAt), asc(hostDocuments.id)),
    ]);
    return c.json({ accounts: current.map(presentBankAccount), history: retired.map(presentBankAccountVersion), documents: documents.map((row) => presentDocument(row, c.var.principal.user.type)) }, 200);
  });

function presentBankAccountVersion(row: typeof hostBankAccounts.$inferSelect) {
  return { ...presentBankAccount(row), validFrom: row.createdAt.toISOString(), validTo: row.retiredAt?.toISOString() ?? null };
}
