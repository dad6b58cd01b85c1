// The Web Crypto key and parameters that verify a JWT signed with `algorithm`: HMAC with the shared secret, or
// RSA (PKCS#1 v1.5, PSS) and ECDSA with a PEM public key (SPKI), as PyJWT reads `secret`. Null for "NONE" and
// unknown algorithms.
type Verifier = { key: CryptoKey; params: string | SubtleCryptoSignAlgorithm };

const HASH_BITS = { "256": "SHA-256", "384": "SHA-384", "512": "SHA-512" } as const;
const CURVES = { "256": "P-256", "384": "P-384", "512": "P-521" } as const;

const pemBody = (pem: string) => {
  const base64 = pem.replace(/-----(BEGIN|END)[^-]*-----/g, "").replace(/\s+/g, "");
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
};

export const jwtVerifier = async (algorithm: string, secret: string): Promise<Verifier | null> => {
  const match = /^(HS|RS|PS|ES)(256|384|512)$/.exec(algorithm);
  if (!match) return null;
  const family = match[1] as "HS" | "RS" | "PS" | "ES";
  const bits = match[2] as keyof typeof HASH_BITS;
  const hash = HASH_BITS[bits];
  if (family === "HS") {
    const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash }, false, [
      "verify",
    ]);
    return { key, params: "HMAC" };
  }
  const spki = pemBody(secret);
  if (family === "ES") {
    const key = await crypto.subtle.importKey("spki", spki, { name: "ECDSA", namedCurve: CURVES[bits] }, false, [
      "verify",
    ]);
    return { key, params: { name: "ECDSA", hash } };
  }
  const name = family === "RS" ? "RSASSA-PKCS1-v1_5" : "RSA-PSS";
  const key = await crypto.subtle.importKey("spki", spki, { name, hash }, false, ["verify"]);
  return { key, params: family === "RS" ? name : { name, saltLength: Number(bits) / 8 } };
};
