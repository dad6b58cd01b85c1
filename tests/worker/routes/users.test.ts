import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { app } from "../../../worker/app";
import { callApi } from "../../helpers/worker/api";
import { createUser, DEFAULT_PASSWORD, uniqueEmail } from "../../helpers/worker/factories";

type Profile = { id: string; email: string; nickname: string; tenant_id: string; language: string };

describe("POST /users (register)", () => {
  it("creates the user and its tenant and signs them in", async () => {
    const email = uniqueEmail();
    const res = await callApi<Profile>("/users", {
      json: { email: email.toUpperCase(), nickname: "  Ada  ", password: DEFAULT_PASSWORD },
    });
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({ email, nickname: "Ada", language: "de" });
    expect(res.body.data.id).toMatch(/^[0-9a-f]{32}$/);
    expect(res.body.data.tenant_id).toBe(res.body.data.id);
    const token = res.headers.get("Authorization");
    expect(token).toBeTruthy();
    const me = await callApi<Profile>("/users/me", { token });
    expect(me.body.data.email).toBe(email);
  });

  it("refuses a second registration with the same email (code 103)", async () => {
    const user = await createUser();
    const res = await callApi("/users", {
      json: { email: user.email, nickname: "Again", password: DEFAULT_PASSWORD },
    });
    expect(res.body.code).toBe(103);
    expect(res.body.message).toBe(`Email: ${user.email} has already registered!`);
  });

  it.each([
    [{ email: "not-an-email", nickname: "A", password: DEFAULT_PASSWORD }, "email", "Invalid email address"],
    [{ email: uniqueEmail(), nickname: "A", password: "12345678" }, "password", "longer than 8 characters"],
    [{ email: uniqueEmail(), nickname: "   ", password: DEFAULT_PASSWORD }, "nickname", "Nickname is required"],
    [{ email: uniqueEmail(), password: DEFAULT_PASSWORD }, "nickname", "Field required"],
  ])("rejects invalid input %# with code 101 naming the field", async (json, field, text) => {
    const res = await callApi("/users", { json });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(101);
    expect(res.body.message).toContain(`Field: <${field}>`);
    expect(res.body.message).toContain(text);
  });

  it("never echoes a password in a validation message", async () => {
    const res = await callApi("/users", { json: { email: uniqueEmail(), nickname: "A", password: "short" } });
    expect(res.body.message).toContain("Value: <***>");
    expect(res.body.message).not.toContain("short");
  });

  it("accepts exactly 9 password characters", async () => {
    const res = await callApi("/users", { json: { email: uniqueEmail(), nickname: "A", password: "k7#qZ2!vx" } });
    expect(res.body.code).toBe(0);
  });

  it.each([
    ["a NUL byte", "valid-pass\u0000word", "Password must not contain control characters"],
    ["a tab", "valid\tpassword", "Password must not contain control characters"],
    ["nine spaces", "         ", "Password must not consist of spaces only"],
    ["123456789", "123456789", "Password is one of the most common passwords; choose another"],
    ["a common password in capitals", "PASSWORD123", "Password is one of the most common passwords; choose another"],
  ])("refuses a password of %s and registers nothing", async (_, password, message) => {
    const email = uniqueEmail();
    const res = await callApi("/users", { json: { email, nickname: "A", password } });
    expect(res.body.code).toBe(101);
    expect(res.body.message).toContain(`Field: <password> - Message: <${message}>`);
    expect((await callApi("/auth/login", { json: { email, password } })).body.code).toBe(109);
  });

  it("refuses the e-mail address as password", async () => {
    const email = uniqueEmail();
    const res = await callApi("/users", { json: { email, nickname: "A", password: ` ${email.toUpperCase()}` } });
    expect(res.body.code).toBe(101);
    expect(res.body.message).toContain("Field: <password> - Message: <Password must not be the email address>");
  });

  it("lets one address register 10 accounts an hour, and others still register", async () => {
    const register = (address: string) =>
      callApi("/users", {
        json: { email: uniqueEmail(), nickname: "A", password: DEFAULT_PASSWORD },
        headers: { "CF-Connecting-IP": address },
      });
    for (let i = 0; i < 10; i++) expect((await register("203.0.113.50")).body.code).toBe(0);
    const refused = await register("203.0.113.50");
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(
      /^Too many accounts were registered from this address. Try again in 60 minute/,
    );
    expect((await register("203.0.113.51")).body.code).toBe(0);
  });

  it("under wrangler dev counts every caller as one address, whatever CF-Connecting-IP says", async () => {
    const local = { ...env, LOCAL_STACK: "true", REGISTRATIONS_PER_HOUR: "2" } as unknown as Env;
    const register = async (address: string) => {
      const ctx = createExecutionContext();
      const res = await app.request(
        "/api/v1/users",
        {
          method: "POST",
          headers: { "Content-Type": "application/json", "CF-Connecting-IP": address },
          body: JSON.stringify({ email: uniqueEmail(), nickname: "A", password: DEFAULT_PASSWORD }),
        },
        local,
        ctx,
      );
      await waitOnExecutionContext(ctx);
      return ((await res.json()) as { code: number }).code;
    };
    expect([await register("203.0.113.60"), await register("203.0.113.61"), await register("203.0.113.62")]).toEqual([
      0, 0, 429,
    ]);
  });
});

describe("request body checks", () => {
  it("refuses a non-JSON content type", async () => {
    const res = await callApi("/users", { body: "email=a", headers: { "Content-Type": "text/plain" } });
    expect(res.body).toMatchObject({
      code: 101,
      message: "Unsupported content type: Expected application/json, got text/plain",
    });
  });

  it("refuses malformed JSON", async () => {
    const res = await callApi("/users", { body: "{bad", headers: { "Content-Type": "application/json" } });
    expect(res.body).toMatchObject({
      code: 101,
      message: "Malformed JSON syntax: Missing commas/brackets or invalid encoding",
    });
  });

  it("refuses a payload that is not an object", async () => {
    const res = await callApi("/users", { json: "just a string" });
    expect(res.body).toMatchObject({ code: 101, message: "Invalid request payload: expected object, got str" });
  });

  it("answers 413 for a body over the limit", async () => {
    const res = await callApi("/users", { json: { email: "a@b.de", nickname: "x".repeat(1_100_000), password: "x" } });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe(413);
  });
});

describe("GET /users/me", () => {
  it("answers 401 with the contract body without credentials", async () => {
    const res = await callApi("/users/me");
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ code: 401, message: "<Unauthorized '401: Unauthorized'>", data: null });
  });

  it("answers 401 for an unknown token, raw or Bearer", async () => {
    for (const token of ["nope", "Bearer nope", "Bearer ragflow-nope"]) {
      const res = await callApi("/users/me", { token });
      expect(res.status).toBe(401);
    }
  });

  it("accepts the session token raw, as Bearer, and as the auth query parameter", async () => {
    const user = await createUser();
    const raw = await callApi<Profile>("/users/me", { token: user.token });
    const bearer = await callApi<Profile>("/users/me", { token: `Bearer ${user.token}` });
    const query = await callApi<Profile>(`/users/me?auth=${encodeURIComponent(user.token)}`);
    for (const res of [raw, bearer, query]) expect(res.body.data.id).toBe(user.id);
  });
});

describe("PATCH /users/me (profile)", () => {
  it("updates nickname, language, colour scheme, timezone and avatar", async () => {
    const user = await createUser();
    const avatar = "data:image/png;base64,iVBORw0KGgo=";
    const res = await callApi<Profile & Record<string, unknown>>("/users/me", {
      method: "PATCH",
      token: user.token,
      json: { nickname: "Grace", language: "en", color_schema: "Dark", timezone: "America/New_York", avatar },
    });
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({
      nickname: "Grace",
      language: "en",
      color_schema: "Dark",
      timezone: "America/New_York",
      avatar,
    });
    const me = await callApi<Profile>("/users/me", { token: user.token });
    expect(me.body.data.nickname).toBe("Grace");
  });

  it.each([
    [{ email: "new@buddy.test" }, "email", "Email can't be changed"],
    [{ language: "fr" }, "language", "Unsupported language"],
    [{ timezone: "Mars/Olympus" }, "timezone", "Unknown timezone"],
    [{ avatar: "data:image/gif;base64,R0lG" }, "avatar", "Unsupported MIME type"],
    [{ color_schema: "Purple" }, "color_schema", "'Bright' or 'Dark'"],
  ])("rejects %o and changes nothing", async (json, field, text) => {
    const user = await createUser({ nickname: "Unchanged" });
    const res = await callApi("/users/me", { method: "PATCH", token: user.token, json });
    expect(res.body.code).toBe(101);
    expect(res.body.message).toContain(`Field: <${field}>`);
    expect(res.body.message).toContain(text);
    const me = await callApi<Profile & Record<string, unknown>>("/users/me", { token: user.token });
    expect(me.body.data).toMatchObject({ email: user.email, nickname: "Unchanged", language: "de" });
  });
});

const change = (token: string, json: Record<string, string>) => callApi("/users/me/password", { token, json });

describe("POST /users/me/password", () => {
  it("changes the password, keeps this session and signs out the others", async () => {
    const user = await createUser();
    const other = await callApi("/auth/login", { json: { email: user.email, password: user.password } });
    const otherToken = other.headers.get("Authorization") ?? "";
    const res = await change(user.token, {
      password: user.password,
      new_password: "a-new-password",
      confirm_password: "a-new-password",
    });
    expect(res.body.code).toBe(0);
    expect((await callApi("/users/me", { token: user.token })).status).toBe(200);
    expect((await callApi("/users/me", { token: otherToken })).status).toBe(401);
    const relogin = await callApi("/auth/login", { json: { email: user.email, password: "a-new-password" } });
    expect(relogin.body.code).toBe(0);
  });

  it("refuses the e-mail address and common passwords as the new password, and keeps the old one", async () => {
    const user = await createUser();
    const asEmail = await change(user.token, {
      password: user.password,
      new_password: user.email,
      confirm_password: user.email,
    });
    expect(asEmail.body).toMatchObject({
      code: 101,
      message: "Field: <new_password> - Message: <Password must not be the email address>",
    });
    const common = await change(user.token, {
      password: user.password,
      new_password: "qwertyuiop",
      confirm_password: "qwertyuiop",
    });
    expect(common.body.code).toBe(101);
    expect(common.body.message).toContain("Password is one of the most common passwords");
    expect((await callApi("/auth/login", { json: { email: user.email, password: user.password } })).body.code).toBe(0);
  });

  it("requires the current password", async () => {
    const user = await createUser();
    const res = await change(user.token, {
      password: "wrong-password",
      new_password: "a-new-password",
      confirm_password: "a-new-password",
    });
    expect(res.body).toMatchObject({ code: 109, message: "Password error!" });
  });

  it("requires a matching confirmation", async () => {
    const user = await createUser();
    const res = await change(user.token, {
      password: user.password,
      new_password: "a-new-password",
      confirm_password: "another-one",
    });
    expect(res.body.code).toBe(101);
    expect(res.body.message).toContain("The new password that you entered do not match!");
    const stillOld = await callApi("/auth/login", { json: { email: user.email, password: user.password } });
    expect(stillOld.body.code).toBe(0);
  });

  it("requires more than 8 characters", async () => {
    const user = await createUser();
    const res = await change(user.token, {
      password: user.password,
      new_password: "12345678",
      confirm_password: "12345678",
    });
    expect(res.body.code).toBe(101);
    expect(res.body.message).toContain("Field: <new_password>");
  });
});
