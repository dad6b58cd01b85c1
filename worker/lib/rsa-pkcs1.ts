import { base64ToBytes } from "./bytes";

// RSAES-PKCS1-v1_5 decryption (RFC 8017 §7.2.2). WebCrypto offers RSA only with OAEP, so the arithmetic is done
// with BigInt; WebCrypto still parses the key (PKCS#8 PEM in, JWK numbers out).
export type RsaPrivateKey = {
  // the modulus length in bytes (256 for a 2048-bit key)
  size: number;
  n: bigint;
  p: bigint;
  q: bigint;
  dp: bigint;
  dq: bigint;
  qi: bigint;
};

const bytesToBigInt = (bytes: Uint8Array) => {
  let value = 0n;
  for (const byte of bytes) value = (value << 8n) | BigInt(byte);
  return value;
};

const bigIntToBytes = (value: bigint, size: number) => {
  const bytes = new Uint8Array(size);
  let rest = value;
  for (let i = size - 1; i >= 0; i--) {
    bytes[i] = Number(rest & 0xffn);
    rest >>= 8n;
  }
  return bytes;
};

const base64UrlToBigInt = (text: string) =>
  bytesToBigInt(
    base64ToBytes(
      text
        .replace(/-/g, "+")
        .replace(/_/g, "/")
        .padEnd(Math.ceil(text.length / 4) * 4, "="),
    ),
  );

const modPow = (base: bigint, exponent: bigint, modulus: bigint) => {
  let result = 1n;
  let square = base % modulus;
  for (let rest = exponent; rest > 0n; rest >>= 1n) {
    if (rest & 1n) result = (result * square) % modulus;
    square = (square * square) % modulus;
  }
  return result;
};

const PEM_BODY = /-----BEGIN PRIVATE KEY-----([\s\S]+?)-----END PRIVATE KEY-----/;

// An unencrypted PKCS#8 PEM ("BEGIN PRIVATE KEY"); throws when it is anything else.
export const importRsaPrivateKey = async (pem: string): Promise<RsaPrivateKey> => {
  const body = PEM_BODY.exec(pem)?.[1];
  if (!body) throw new Error("The RSA private key must be an unencrypted PKCS#8 PEM (BEGIN PRIVATE KEY)");
  const der = base64ToBytes(body.replace(/\s+/g, ""));
  const key = await crypto.subtle.importKey("pkcs8", der, { name: "RSA-OAEP", hash: "SHA-256" }, true, ["decrypt"]);
  const jwk = (await crypto.subtle.exportKey("jwk", key)) as JsonWebKey;
  const { n, p, q, dp, dq, qi } = jwk;
  if (!n || !p || !q || !dp || !dq || !qi) throw new Error("The RSA private key lacks its CRT parameters");
  const modulus = base64UrlToBigInt(n);
  return {
    size: Math.ceil(modulus.toString(16).length / 2),
    n: modulus,
    p: base64UrlToBigInt(p),
    q: base64UrlToBigInt(q),
    dp: base64UrlToBigInt(dp),
    dq: base64UrlToBigInt(dq),
    qi: base64UrlToBigInt(qi),
  };
};

// The message, or null for a ciphertext that is not PKCS#1 v1.5 under this key. A ciphertext one byte short is
// taken as well: some JavaScript encryptors drop a leading zero byte.
export const rsaPkcs1Decrypt = (key: RsaPrivateKey, ciphertext: Uint8Array): Uint8Array | null => {
  if (ciphertext.length < key.size - 1 || ciphertext.length > key.size) return null;
  const c = bytesToBigInt(ciphertext);
  if (c >= key.n) return null;
  const m1 = modPow(c, key.dp, key.p);
  const m2 = modPow(c, key.dq, key.q);
  const h = (key.qi * (((m1 - m2) % key.p) + key.p)) % key.p;
  const encoded = bigIntToBytes(m2 + h * key.q, key.size);
  // EM = 0x00 || 0x02 || PS (at least 8 non-zero bytes) || 0x00 || M
  if (encoded[0] !== 0 || encoded[1] !== 2) return null;
  const separator = encoded.indexOf(0, 2);
  if (separator < 10) return null;
  return encoded.subarray(separator + 1);
};
