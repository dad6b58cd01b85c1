import { isEncryptedPasswordForm } from "../../contract/users";
import { PASSWORD_MAX_LENGTH } from "../../contract/limits";
import { base64ToBytes } from "../../lib/bytes";
import { argumentError } from "../../lib/errors";
import { importRsaPrivateKey, type RsaPrivateKey, rsaPkcs1Decrypt } from "../../lib/rsa-pkcs1";
import type { Deps } from "../context";

export type PasswordInput = { password: string; encrypted: boolean };

const keys = new Map<string, Promise<RsaPrivateKey>>();
const keyFor = (pem: string) => {
  let key = keys.get(pem);
  if (!key) {
    key = importRsaPrivateKey(pem);
    keys.set(pem, key);
  }
  return key;
};

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

const decodeUtf8 = (bytes: Uint8Array) => {
  try {
    return utf8.decode(bytes);
  } catch {
    return null;
  }
};

// RAGFlow encrypts base64(password) and base64-encodes the ciphertext; null for anything else.
const decryptPassword = (key: RsaPrivateKey, value: string) => {
  const message = rsaPkcs1Decrypt(key, base64ToBytes(value.replace(/\s+/g, "")));
  const inner = message && decodeUtf8(message);
  if (inner === null || inner.length % 4 !== 0 || !BASE64.test(inner)) return null;
  return decodeUtf8(base64ToBytes(inner));
};

// worded as a failed field check (lib/validation.ts formatIssues), without the value
export const passwordFieldError = (field: string, message: string) =>
  argumentError(`Field: <${field}> - Message: <${message}>`);

// The password a request carries, plain or in RAGFlow's encrypted form. One that has the encrypted form but does
// not decrypt is refused with code 101 naming the field, as is a decrypted one outside the length limit.
export const readPassword = async (deps: Deps, value: string, field: string): Promise<PasswordInput> => {
  if (!isEncryptedPasswordForm(value)) return { password: value, encrypted: false };
  const password = decryptPassword(await keyFor(deps.config.passwordPrivateKey), value);
  if (password === null)
    throw passwordFieldError(
      field,
      `Password must be at most ${PASSWORD_MAX_LENGTH} characters, or encrypted with this server's RSA public key; this value does not decrypt`,
    );
  if (password === "") throw passwordFieldError(field, "Password is required");
  if (password.length > PASSWORD_MAX_LENGTH)
    throw passwordFieldError(field, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);
  return { password, encrypted: true };
};
