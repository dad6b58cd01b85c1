import { fromHex, toHex } from "./ids";

// AES-GCM for secrets at rest (provider API keys). The key is derived from an environment secret;
// the stored form is "v1:<iv hex>:<ciphertext hex>".
const keyFrom = async (secret: string) =>
  crypto.subtle.importKey(
    "raw",
    await crypto.subtle.digest("SHA-256", new TextEncoder().encode(secret)),
    "AES-GCM",
    false,
    ["encrypt", "decrypt"],
  );

export const sealSecret = async (plain: string, secret: string) => {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv },
    await keyFrom(secret),
    new TextEncoder().encode(plain),
  );
  return `v1:${toHex(iv)}:${toHex(sealed)}`;
};

export const openSecret = async (stored: string, secret: string) => {
  const [version, iv, data] = stored.split(":");
  if (version !== "v1" || !iv || !data) throw new Error("unknown secret format");
  const plain = await crypto.subtle.decrypt(
    { name: "AES-GCM", iv: fromHex(iv) as BufferSource },
    await keyFrom(secret),
    fromHex(data) as BufferSource,
  );
  return new TextDecoder().decode(plain);
};

// What the API shows of a key: enough to recognise it, never enough to use it.
export const maskSecret = (plain: string) => (plain.length <= 8 ? "****" : `${plain.slice(0, 3)}…${plain.slice(-4)}`);
