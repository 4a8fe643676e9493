// The sign-in device cookie (docs/decisions/006): a signed id per browser, so limits tell browsers apart behind
// a school's IP, and an HMAC tag per account that signed in from it, exempting its owner from the account cap.
import crypto from "node:crypto";
import { env } from "~/lib/env.server.ts";
import { clientIp, consume } from "~/features/limits/rate-limits.server.ts";
import { signedCookie } from "./session.server.ts";

export type Device = { id: string; known: string[] };

/** A year; browsers cap a cookie's life at 400 days anyway. */
const DEVICE_MAX_AGE_S = 365 * 24 * 60 * 60;
/** Accounts remembered per browser (a shared lab computer): the oldest is forgotten first. */
const KNOWN_ACCOUNTS_MAX = 10;

const deviceCookie = signedCookie("academia_dispositivo", DEVICE_MAX_AGE_S);

const ID = /^[A-Za-z0-9_-]{22,64}$/;
const TAG = /^[A-Za-z0-9_-]{16}$/;

function tagOf(deviceId: string, userId: string) {
  return crypto
    .createHmac("sha256", env().sessionSecret)
    .update(`dispositivo:${deviceId}:${userId}`)
    .digest("base64url")
    .slice(0, 16);
}

/** The request's device, when its cookie is present, signed by us and well formed. */
export async function readDevice(request: Request): Promise<Device | null> {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  const value: unknown = await deviceCookie()
    .parse(header)
    .catch(() => null);
  if (!value || typeof value !== "object") return null;
  const { id, known } = value as { id?: unknown; known?: unknown };
  if (typeof id !== "string" || !ID.test(id) || !Array.isArray(known)) return null;
  const tags = known.filter((tag): tag is string => typeof tag === "string" && TAG.test(tag));
  return { id, known: tags.slice(0, KNOWN_ACCOUNTS_MAX) };
}

/** Whether the owner of `userId` signed in successfully from this browser before. */
export function knowsAccount(device: Device | null, userId: string): boolean {
  return device !== null && device.known.includes(tagOf(device.id, userId));
}

const serialize = (device: Device) => deviceCookie().serialize(device);
const newDevice = (): Device => ({ id: crypto.randomBytes(18).toString("base64url"), known: [] });

/** A Set-Cookie with a new device, or null (it has one, or this IP spent its budget of new devices). */
export async function issueDevice(request: Request): Promise<string | null> {
  if (await readDevice(request)) return null;
  const limit = await consume([["loginDevicesIp", clientIp(request)]]);
  return limit.ok ? serialize(newDevice()) : null;
}

/** After a successful sign-in: this browser now knows the account (a new device if it had none). */
export async function rememberSignIn(request: Request, userId: string): Promise<string> {
  const device = (await readDevice(request)) ?? newDevice();
  const tag = tagOf(device.id, userId);
  const known = [tag, ...device.known.filter((t) => t !== tag)].slice(0, KNOWN_ACCOUNTS_MAX);
  return serialize({ id: device.id, known });
}
