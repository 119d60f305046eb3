// A shared address does not lock out its tenants, from outside: with 3 failures locking an address
// (2 for an email from it), a tenant's wrong passwords lock the address; a device that signed in to
// Alice's account before (its device cookie) still signs in with her password, a device without
// the cookie is refused; the device's own failures count: at 2 it is judged by its address again.
import { useTestServer, signUp } from "../support/harness.ts";

const s = useTestServer({
  authLimits: { failuresPerAccountAndAddress: 2, failuresPerAddress: 3, signInsPerAddressPerMinute: 1000 },
});

async function signIn(email: string, password: string, cookie?: string) {
  const res = await fetch(`${s.url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({ email, password }),
  });
  return { status: res.status, cookies: res.headers.getSetCookie(), body: await res.json() };
}

test("a device that signed in before passes its address's lockout with the right password; its own failures count", async () => {
  const alice = await signUp(s.url, "Alice");
  const first = await signIn(alice.email, alice.password);
  expect(first.status).toBe(200);
  const device = first.cookies.find((c) => c.startsWith("svc_device="))!;
  expect(device).toMatch(
    /^svc_device=[0-9a-f]{64}; Max-Age=\d+; Path=\/api\/auth\/sign-in; Expires=[^;]+; HttpOnly; SameSite=Strict$/,
  );
  const cookie = device.split(";")[0];
  // Another tenant of the address: three wrong passwords on other emails lock the address.
  for (const n of [1, 2, 3]) expect((await signIn(`nobody${n}@example.com`, "wrong password")).status).toBe(401);
  const locked = await signIn(alice.email, alice.password);
  expect(locked.status).toBe(429);
  expect(locked.body.code).toBe("TOO_MANY_ATTEMPTS");
  // Alice's device: in, and no new device cookie (it already is hers).
  const mine = await signIn(alice.email, alice.password, cookie);
  expect(mine.status).toBe(200);
  expect(mine.cookies.some((c) => c.startsWith("svc_device="))).toBe(false);
  // A made-up device cookie passes nothing.
  expect((await signIn(alice.email, alice.password, `svc_device=${"0".repeat(64)}`)).status).toBe(429);
  // The device's own failures: one wrong, still in; two wrong, judged by the (locked) address.
  expect((await signIn(alice.email, "wrong password", cookie)).status).toBe(401);
  expect((await signIn(alice.email, alice.password, cookie)).status).toBe(200);
  expect((await signIn(alice.email, "wrong password", cookie)).status).toBe(401);
  expect((await signIn(alice.email, "wrong password", cookie)).status).toBe(401);
  expect((await signIn(alice.email, alice.password, cookie)).status).toBe(429);
});
