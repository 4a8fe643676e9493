import { env } from "~/lib/env.server.ts";

/** Brand and contact details shown in the header, footer and contact page (configurable). */
export function siteConfig() {
  const e = env();
  return {
    brand: e.APP_NAME,
    phone: e.CONTACT_PHONE,
    email: e.CONTACT_EMAIL,
    address: e.CONTACT_ADDRESS,
    facebookUrl: e.FACEBOOK_URL,
    linkedinUrl: e.LINKEDIN_URL,
    mapEmbedUrl: e.MAP_EMBED_URL,
  };
}
