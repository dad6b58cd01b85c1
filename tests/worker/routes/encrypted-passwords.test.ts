import { describe, expect, it } from "vitest";
import { callApi } from "../../helpers/worker/api";
import { fingerprint } from "../../helpers/worker/db-state";
import { uniqueEmail } from "../../helpers/worker/factories";
import { encryptPassword, rsaEncrypt, utf8Base64 } from "../../helpers/worker/ragflow-password";

// RAGFlow's clients send passwords RSA-encrypted (docs/decisions/009-ragflow-encrypted-passwords.md); its test
// suites register three-character passwords that way.
const SHORT = "123";

const address = () => `198.19.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`;

const register = async (email: string, password: string) =>
  callApi<{ id: string }>("/users", {
    json: { email, nickname: "Rag", password },
    headers: { "CF-Connecting-IP": address() },
  });

const login = (email: string, password: string) =>
  callApi("/auth/login", { json: { email, password }, headers: { "CF-Connecting-IP": address() } });

const registerEncrypted = async (password = SHORT) => {
  const email = uniqueEmail();
  const res = await register(email, await encryptPassword(password));
  expect(res.body.code).toBe(0);
  return { email, token: res.headers.get("Authorization") ?? "" };
};

// one base64 character of the ciphertext changed: still the encrypted form, no longer valid padding
const tamper = (ciphertext: string) =>
  `${ciphertext.slice(0, 40)}${ciphertext[40] === "A" ? "B" : "A"}${ciphertext.slice(41)}`;

const DOES_NOT_DECRYPT = "encrypted with this server's RSA public key; this value does not decrypt";

describe("RAGFlow's encrypted passwords", () => {
  it("registers with an encrypted password Buddy's own rules would refuse, then signs in with either form", async () => {
    const ciphertext = await encryptPassword(SHORT);
    expect(ciphertext).toHaveLength(344);
    const email = uniqueEmail();
    expect((await register(uniqueEmail(), SHORT)).body.message).toContain("longer than 8 characters");
    const res = await register(email, ciphertext);
    expect(res.body.code).toBe(0);
    expect(res.headers.get("Authorization")).toBeTruthy();

    const again = await login(email, await encryptPassword(SHORT));
    expect(again.body.code).toBe(0);
    expect((await login(email, SHORT)).body.code).toBe(0);
    expect((await login(email, await encryptPassword("124"))).body).toMatchObject({ code: 109 });
  });

  it("reads a ciphertext written over several lines, and non-ASCII passwords", async () => {
    const { email } = await registerEncrypted("pässwört ✓");
    const wrapped = (await encryptPassword("pässwört ✓")).replace(/(.{120})/g, "$1\n");
    expect((await login(email, wrapped)).body.code).toBe(0);
    expect((await login(email, "pässwört ✓")).body.code).toBe(0);
  });

  it("changes the password with encrypted fields on POST /users/me/password", async () => {
    const { email, token } = await registerEncrypted();
    const res = await callApi("/users/me/password", {
      token,
      json: {
        password: await encryptPassword(SHORT),
        new_password: await encryptPassword("456"),
        confirm_password: await encryptPassword("456"),
      },
    });
    expect(res.body.code).toBe(0);
    expect((await login(email, "456")).body.code).toBe(0);
    expect((await login(email, SHORT)).body.code).toBe(109);
  });

  it("compares an encrypted confirmation once decrypted", async () => {
    const { email, token } = await registerEncrypted();
    const res = await callApi("/users/me/password", {
      token,
      json: {
        password: SHORT,
        new_password: await encryptPassword("456"),
        confirm_password: await encryptPassword("457"),
      },
    });
    expect(res.body).toMatchObject({
      code: 101,
      message: "Field: <confirm_password> - Message: <The new password that you entered do not match!>",
    });
    expect((await login(email, SHORT)).body.code).toBe(0);
  });

  it("changes the password as RAGFlow v0.27 does, with PATCH /users/me", async () => {
    const { email, token } = await registerEncrypted();
    const wrong = await callApi("/users/me", {
      method: "PATCH",
      token,
      json: { password: await encryptPassword("999"), new_password: await encryptPassword("456"), nickname: "X" },
    });
    expect(wrong.body).toMatchObject({ code: 109, message: "Password error!" });
    const res = await callApi<{ nickname: string }>("/users/me", {
      method: "PATCH",
      token,
      json: { password: await encryptPassword(SHORT), new_password: await encryptPassword("456"), nickname: "Renamed" },
    });
    expect(res.body.code).toBe(0);
    expect(res.body.data.nickname).toBe("Renamed");
    expect((await login(email, "456")).body.code).toBe(0);
    expect((await login(email, SHORT)).body.code).toBe(109);
  });

  it("keeps Buddy's rules for a plain new password on PATCH /users/me, and wants both fields", async () => {
    const { token } = await registerEncrypted();
    const before = await fingerprint();
    const plain = await callApi("/users/me", {
      method: "PATCH",
      token,
      json: { password: SHORT, new_password: "456" },
    });
    expect(plain.body.code).toBe(101);
    expect(plain.body.message).toContain(
      "Field: <new_password> - Message: <Password must be longer than 8 characters>",
    );
    const alone = await callApi("/users/me", { method: "PATCH", token, json: { new_password: "a-new-password" } });
    expect(alone.body.code).toBe(101);
    expect(alone.body.message).toContain("Field: <new_password>");
    expect(await fingerprint()).toBe(before);
  });

  it("refuses a tampered ciphertext on registration with code 101 and stores nothing", async () => {
    const before = await fingerprint();
    const email = uniqueEmail();
    const res = await register(email, tamper(await encryptPassword(SHORT)));
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(101);
    expect(res.body.message).toContain(`Field: <password> - Message: <Password must be at most 256 characters, or`);
    expect(res.body.message).toContain(DOES_NOT_DECRYPT);
    expect(await fingerprint()).toBe(before);
  });

  it("refuses a tampered ciphertext on sign-in and on password change, and keeps the password", async () => {
    const { email, token } = await registerEncrypted();
    const badLogin = await login(email, tamper(await encryptPassword(SHORT)));
    expect(badLogin.body.code).toBe(101);
    expect(badLogin.body.message).toContain(DOES_NOT_DECRYPT);

    const before = await fingerprint();
    const badChange = await callApi("/users/me/password", {
      token,
      json: {
        password: SHORT,
        new_password: tamper(await encryptPassword("456")),
        confirm_password: tamper(await encryptPassword("456")),
      },
    });
    expect(badChange.body.code).toBe(101);
    expect(badChange.body.message).toContain("Field: <new_password>");
    expect(await fingerprint()).toBe(before);
    expect((await login(email, SHORT)).body.code).toBe(0);
  });

  it.each([
    ["the password itself instead of its base64", () => rsaEncrypt(new TextEncoder().encode("no base64 here!"))],
    ["base64 of bytes that are not UTF-8", () => rsaEncrypt(new TextEncoder().encode(btoa("\xff\xfe")))],
    ["a plain password of base64 characters over 256 long", async () => "QUJD".repeat(80)],
    ["800 kB of base64 characters", async () => "QUJD".repeat(200_000)],
  ])("refuses %s with code 101", async (_, value) => {
    const res = await register(uniqueEmail(), await value());
    expect(res.body.code).toBe(101);
    expect(res.body.message).toContain(DOES_NOT_DECRYPT);
  });

  it("holds a decrypted password to the limits: an empty one is refused", async () => {
    const res = await register(uniqueEmail(), await rsaEncrypt(new TextEncoder().encode(utf8Base64(""))));
    expect(res.body).toMatchObject({ code: 101, message: "Field: <password> - Message: <Password is required>" });
  });
});
